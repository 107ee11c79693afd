/**
 * A sidebar entry, with the editions that have its feature when not every edition does
 * (`customProps.availability`, set from config/availability.yaml in config/docs.ts).
 */
import type {ReactNode} from 'react';
import Link from '@theme-original/DocSidebarItem/Link';
import type LinkType from '@theme/DocSidebarItem/Link';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof LinkType>;

export default function DocSidebarItemLink(props: Props): ReactNode {
  const badge = (props.item.customProps as {availability?: string} | undefined)?.availability;
  if (!badge) return <Link {...props} />;
  const label = (
    <>
      {props.item.label}
      <span className="sidebar-availability">{badge}</span>
    </>
  ) as unknown as string;
  return <Link {...props} item={{...props.item, label}} />;
}
