/**
 * The desktop docs sidebar, not hydrated on a window the theme treats as mobile, where the
 * theme removes it right after hydration (see src/components/DesktopOnly). Its root is a
 * <div>, as DesktopOnly's stand-in is. The drawer's copy of the sidebar is DocSidebar/Mobile's.
 */
import {memo, type ComponentProps, type ReactNode} from 'react';
import DocSidebarDesktop from '@theme-original/DocSidebar/Desktop';
import DesktopOnly from '../../../components/DesktopOnly';

type Props = ComponentProps<typeof DocSidebarDesktop>;

function DocSidebarDesktopWrapper(props: Props): ReactNode {
  return (
    <DesktopOnly>
      <DocSidebarDesktop {...props} />
    </DesktopOnly>
  );
}

export default memo(DocSidebarDesktopWrapper);
