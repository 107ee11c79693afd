/**
 * Stands in for @docusaurus/useIsBrowser in the API theme's tab components (see index.ts),
 * which use it only as a key that remounts them after hydration: the same answer on the
 * server and in the browser keeps the hydrated tabs.
 */
export default function useIsBrowser(): boolean {
  return false;
}
