/**
 * What an island's root renders around its component (./IslandHost.tsx): the browser flag of
 * Docusaurus (`useIsBrowser`, BrowserOnly), false while React hydrates the island, as it was on
 * the server, and true once it has, as Docusaurus's own BrowserContextProvider does for a page.
 * The flag turning true can remount part of the island: the theme's tabs remount then
 * (`key={String(isBrowser)}`), so the focus a reader gave a tab while the island hydrated would
 * fall to the page; it goes to the same place in the new markup instead.
 */
import {useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {elementAt, pathOf, type ElementPath} from '../elementPath';

export interface IslandRootProps {
  /** The island's element (the root's container). */
  element: HTMLElement;
  /** Called once React has committed the island's hydration. */
  onHydrated: () => void;
  children: ReactNode;
}

export default function IslandRoot({element, onHydrated, children}: IslandRootProps): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  const focused = useRef<ElementPath | undefined>(undefined);

  useEffect(() => {
    focused.current = pathOf(element, document.activeElement);
    setIsBrowser(true);
    onHydrated();
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (!isBrowser || !focused.current || element.contains(document.activeElement)) return;
    elementAt(element, focused.current)?.focus({preventScroll: true});
  }, [isBrowser, element]);

  return <BrowserContext value={isBrowser}>{children}</BrowserContext>;
}
