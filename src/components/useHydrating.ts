/**
 * Whether React is hydrating the server's HTML (or rendering on the server) rather than
 * rendering in the browser on its own: an external store whose server snapshot, which React
 * also uses while hydrating, differs from its browser snapshot. Apart from its users so that
 * importing it brings nothing else into a bundle.
 */
import {useSyncExternalStore} from 'react';

const noSubscription = () => () => {};

/** True on the server and while React hydrates the server's HTML; false when the browser renders on its own. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
