/**
 * What every part of a doc page that stays as the server sent it shares (./index.tsx, the
 * content; ./StaticHtml.tsx, smaller parts): whether this mount keeps the server's HTML, and
 * its links followed in place and prefetched (./staticLinks.ts).
 */
import {useEffect, useState} from 'react';
import {useHistory} from '@docusaurus/router';
import {useHydrating} from '../useHydrating';
import {followLinksInPlace, prefetchLinks} from './staticLinks';
import {whenIdle} from './whenIdle';

/** The (empty) HTML of an element whose content React leaves to the server's. */
export const SERVER_HTML = {__html: ''};

/**
 * True when the part first rendered while React hydrated the server's HTML, so its element
 * keeps what the server wrote; false on the server and after a client-side navigation, where
 * it renders. Decided when the part mounts: later renders keep it.
 */
export function useKeepsServerHtml(): boolean {
  const hydrating = useHydrating();
  const [arrived] = useState(hydrating);
  return typeof document !== 'undefined' && arrived;
}

/** Follows the links of a kept element in place from now on, and prefetches them when idle. */
export function useLinksInPlace(element: HTMLElement | null): void {
  const history = useHistory();
  useEffect(() => {
    if (!element) return undefined;
    const stopFollowing = followLinksInPlace(element, history);
    let stopPrefetching = () => {};
    const cancel = whenIdle(() => {
      stopPrefetching = prefetchLinks(element);
    });
    return () => {
      cancel();
      stopFollowing();
      stopPrefetching();
    };
  }, [element, history]);
}
