/**
 * Client module: Docusaurus prefetches the chunks of every internal link that comes into view
 * (window.docusaurus.prefetch, called by <Link>). Each call matches the route table and scans
 * the whole chunk map, then adds a <link rel="prefetch"> per chunk; on a phone the links of the
 * hidden navigation drawer count as in view, so a page load made some 30 calls and 500 link
 * elements in one task of the page's startup. Prefetching is kept, but done when the main
 * thread is idle, a few calls at a time, so it never blocks the page. Preloading (on hover or
 * touch) is unchanged.
 */
import {idlePrefetcher} from './prefetchQueue';
import {routesReady} from './preload';

type Docusaurus = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};

function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, {timeout: 2000});
  else window.setTimeout(work, 50);
}

if (typeof window !== 'undefined') {
  // The core sets window.docusaurus after the client modules have run; it is caught here.
  let core: Docusaurus | undefined;
  // A route of a group that has not loaded yet (preload.ts) has no chunks to name: its page is
  // loaded when the reader reaches for the link (preload), not ahead of time.
  const prefetch = idlePrefetcher((routePath) => (routesReady(routePath) ? core?.prefetch(routePath) : false), whenIdle);
  const docusaurus: Docusaurus = Object.freeze({prefetch, preload: (routePath: string) => core?.preload(routePath)});
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => (core ? docusaurus : undefined),
    set: (value: Docusaurus) => {
      core = value;
    },
  });
}
