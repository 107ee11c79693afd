/**
 * The footer's copyright line, followed by the Unleash version the site documents (the pinned
 * unleash-server; see config/unleashVersion.ts).
 */
import type {ReactNode} from 'react';
import Copyright from '@theme-original/Footer/Copyright';
import type CopyrightType from '@theme/Footer/Copyright';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

type Props = WrapperProps<typeof CopyrightType>;

export default function CopyrightWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const version = siteConfig.customFields?.unleashVersion as string | undefined;
  return (
    <>
      <Copyright {...props} />
      {version ? <div className="footer__documented-version">These pages describe Unleash {version}.</div> : null}
    </>
  );
}
