/**
 * The mobile drawer (its header, the main menu of navbar items and the secondary menu),
 * rendered when the browser is first idle after the page has started, or at once if the reader
 * opens it before that (useDrawerReady).
 *
 * The theme renders the closed drawer as soon as its window size says "mobile", in the update
 * that follows hydration on a phone: every navbar item a second time (each docs item looking up
 * the page among its version's docs, each link setting up its visibility observer), in a drawer
 * nobody sees yet. On /reference/segments that update was the longest task after hydration.
 * The toggle that opens the drawer is in the navbar, not in the drawer, so opening it is
 * unchanged; opened before that idle moment, it appears without its slide.
 */
import {memo, type ReactNode} from 'react';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useDrawerReady} from '@site/src/components/drawer/useDrawerReady';

function NavbarMobileSidebarWrapper(): ReactNode {
  return useDrawerReady() ? <NavbarMobileSidebar /> : null;
}

export default memo(NavbarMobileSidebarWrapper);
