/**
 * The docs sidebar in the mobile drawer's secondary menu, filled in when the browser is first
 * idle after the page has started, or at once if the drawer is opened before that.
 *
 * The theme filled the drawer as soon as its window size said "mobile", in the update that
 * follows hydration: that rendered every visible item of the sidebar a second time, in the
 * closed drawer, and handed the props to NavbarSecondaryMenuFiller, which sorts their names
 * with localeCompare; a page's first localeCompare builds the browser's collator (about 12 ms
 * of CPU on the machine measured, four times that in Lighthouse's mobile simulation). Both
 * ran inside the long task that hydrates a doc page on a phone. The closed drawer shows
 * nothing, so they can wait for an idle moment. What the drawer shows is unchanged: the docs
 * sidebar with the active item, and the back button to the main menu. (Opened in the instant
 * before that idle moment, the drawer shows the main menu first and slides to the docs sidebar
 * once it is filled.)
 */
import {memo, useEffect, useState, type ComponentProps, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import DocSidebarMobile from '@theme-original/DocSidebar/Mobile';

type Props = ComponentProps<typeof DocSidebarMobile>;

function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, {timeout: 2000});
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

function DocSidebarMobileWrapper(props: Props): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  const [filled, setFilled] = useState(false);
  // Opened first: filled in this render. Once filled, it stays.
  if (!filled && mobileSidebar.shown) setFilled(true);
  useEffect(() => (filled ? undefined : whenIdle(() => setFilled(true))), [filled]);
  return filled ? <DocSidebarMobile {...props} /> : null;
}

export default memo(DocSidebarMobileWrapper);
