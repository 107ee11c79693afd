/**
 * The docs sidebar in the mobile drawer's secondary menu, filled in when the browser is first
 * idle after the page has started, or at once if the drawer is opened before that
 * (useDrawerReady).
 *
 * The theme filled the drawer as soon as its window size said "mobile", in the update that
 * follows hydration: that rendered every visible item of the sidebar a second time, in the
 * closed drawer, and handed the props to NavbarSecondaryMenuFiller, which memoizes them (it
 * sorted their names with localeCompare, whose first call builds the browser's collator, until
 * plugins/lean-startup made that sort ordinal). The closed drawer shows nothing, so this can wait
 * for an idle moment. What the drawer shows is unchanged: the docs sidebar with the active item,
 * and the back button to the main menu. (Opened in the instant before that idle moment, the
 * drawer shows the main menu first and slides to the docs sidebar once it is filled.)
 */
import {memo, type ComponentProps, type ReactNode} from 'react';
import DocSidebarMobile from '@theme-original/DocSidebar/Mobile';
import {useDrawerReady} from '@site/src/components/drawer/useDrawerReady';

type Props = ComponentProps<typeof DocSidebarMobile>;

function DocSidebarMobileWrapper(props: Props): ReactNode {
  return useDrawerReady() ? <DocSidebarMobile {...props} /> : null;
}

export default memo(DocSidebarMobileWrapper);
