/**
 * The browser's entry (plugins/lean-startup): main.js's modules evaluated in tasks of their
 * own after it has run, instead of all inside main.js's evaluation.
 *
 * That evaluation was one task of 120-300 ms under Lighthouse's ×4 CPU on a doc page. React
 * DOM's module alone was a third of it; and because the modules ran under the script's
 * top-level code, a tool that records stacks (DevTools, Lighthouse's trace) made V8 parse the
 * whole 600 KB file again to place that frame. Here main.js only defines its modules; React DOM
 * is evaluated in the next task, the app's modules (the router, the theme, the route table) in
 * the one after, and Docusaurus's client entry, which preloads the page's route and hydrates
 * it, in a third. Between them the browser can paint and take input.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Until the client entry sets the real `window.docusaurus`. Docusaurus writes a check into every
 * page (BaseUrlIssueBanner) that, at DOMContentLoaded, shows a "did not load properly" banner if
 * `window.docusaurus` is missing, taking that for main.js having failed to load; the entry used to
 * set it before then, and now runs after. It prefetches and preloads nothing yet: the route table
 * is not evaluated.
 */
const notStarted = Object.freeze({prefetch: () => false, preload: () => Promise.resolve()});
const page = window as unknown as {docusaurus?: object};
if (page.docusaurus === undefined) page.docusaurus = notStarted;

async function start(): Promise<void> {
  // "eager": the modules stay in main.js; only their evaluation waits.
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App.js');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js');
}

void start();
