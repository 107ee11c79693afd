/**
 * Runs inside the offline site's service worker (plugin-pwa's `swCustom`; plain JavaScript
 * because the plugin compiles the worker from .js sources only).
 *
 * The plugin's worker answers a request from the precache when the URL, or the URL plus
 * `/index.html`, was precached. This site's pages are `<route>.html` files served at clean
 * URLs (`trailingSlash: false`), so a page opened offline by its address, or reloaded, would
 * miss the cache. Registered before the plugin's listener, this one answers those page
 * requests with the precached `<route>.html`, and leaves every other request to the plugin.
 */
export default function cleanUrlPages({offlineMode}) {
  if (!offlineMode) return;
  self.addEventListener('fetch', (event) => {
    const {request} = event;
    if (request.method !== 'GET' || request.mode !== 'navigate') return;
    const url = new URL(request.url);
    const lastSegment = url.pathname.split('/').pop() ?? '';
    if (url.origin !== self.location.origin || lastSegment === '' || lastSegment.includes('.')) return;
    const page = new URL(`${url.pathname}.html`, url.origin);
    event.respondWith(
      // Precache entries carry a revision query; match on the path.
      caches.match(page.href, {ignoreSearch: true}).then((cached) => cached ?? fetch(request)),
    );
  });
}
