/**
 * The content of a doc page (its Markdown, under the title) arrives as HTML and stays as it
 * arrived: see src/components/StaticContent. API operation pages keep the theme's content,
 * whose parts are islands of their own (src/components/ApiIsland).
 */
import {isValidElement, type ComponentProps, type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import StaticContent from '../../../components/StaticContent';

type Props = ComponentProps<typeof Content>;

export default function DocItemContentWrapper(props: Props): ReactNode {
  const {frontMatter} = useDoc();
  if ((frontMatter as {api?: unknown}).api || !isValidElement(props.children)) return <Content {...props} />;
  return (
    <StaticContent content={props.children}>
      <Content {...props} />
    </StaticContent>
  );
}
