/**
 * The parts of a doc page that only a wide window shows (the desktop sidebar and the desktop
 * table of contents) are rendered by the server for every reader. The theme renders them again
 * on the first client render, so that hydration matches the server's HTML, and removes them
 * once its window-size effect has run (`useWindowSize`: "mobile" at 996 px and below). On a
 * phone React hydrated the whole sidebar (187 of the elements of /reference/segments, 472 on
 * an API operation page) only to take it out again, and after a client-side navigation it
 * rendered it from scratch for the same end.
 *
 * On a window at most 996 px wide when the part mounts, `DesktopOnly` renders in its place an
 * element of the same tag (both parts' outer element is a <div>) with an empty
 * `dangerouslySetInnerHTML`. React claims the server's element for it without walking into its
 * children, which stay as the server wrote them, unhydrated and hidden by the theme's CSS at
 * that width; React compares neither inner HTML nor attributes of such an element in
 * production, and `suppressHydrationWarning` keeps a development hydration quiet about both.
 * After a client-side navigation it is an empty element. The theme then removes it as before.
 * Should the window have grown past the breakpoint before the effects ran, the part renders in
 * full.
 */
import {useEffect, useState, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** The theme's desktop breakpoint (useWindowSize and Infima): wider than this is "desktop". */
const DESKTOP_BREAKPOINT = 996;
const EMPTY = {__html: ''};

const narrow = () => window.innerWidth <= DESKTOP_BREAKPOINT;

export default function DesktopOnly({children}: {children: ReactNode}): ReactNode {
  const [skipped, setSkipped] = useState(() => ExecutionEnvironment.canUseDOM && narrow());
  useEffect(() => {
    if (skipped && !narrow()) setSkipped(false);
  }, [skipped]);
  if (!skipped) return children;
  return <div dangerouslySetInnerHTML={EMPTY} suppressHydrationWarning />;
}
