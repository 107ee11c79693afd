/**
 * Rewrites of Docusaurus's client code that cut work every page does while it starts
 * (plugins/lean-startup). Each names the exact text it replaces and the build fails if that
 * text is gone, so an upgrade of Docusaurus cannot drop one silently.
 *
 * - localeCompare: the first call of String.prototype.localeCompare in a page builds ICU's
 *   collator, 8-16 ms here (32-64 ms under Lighthouse's ×4 CPU), in the middle of hydration.
 *   Both sorts only need a stable order of ASCII keys (object keys for a memo's dependencies;
 *   plugin paths, longest prefix first), which comparing code units gives.
 * - getActiveDocContext: the navbar's doc items each look up the page's doc among every doc of
 *   its version (about 530 here) with React Router's matchPath on every render, and they render
 *   again after hydration; the answer depends only on the plugin's data and the path, so it is
 *   kept per both.
 */

/** `a < b ? -1 : a > b ? 1 : 0`, the order of UTF-16 code units. */
const ORDINAL = 'function __leanStartupOrdinal(a, b) { return a < b ? -1 : a > b ? 1 : 0; }\n';

/** @type {Array<{file: RegExp, replace: Array<[string, string]>, append?: string, prepend?: string}>} */
const REWRITES = [
  {
    file: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils\.js$/,
    prepend: ORDINAL,
    replace: [
      ['.sort((a, b) => b[1].path.localeCompare(a[1].path))', '.sort((a, b) => __leanStartupOrdinal(b[1].path, a[1].path))'],
      ['export function getActiveDocContext(data, pathname) {', 'function computeActiveDocContext(data, pathname) {'],
    ],
    append: `
const activeDocContexts = new WeakMap();
export function getActiveDocContext(data, pathname) {
    let byPath = activeDocContexts.get(data);
    if (!byPath) activeDocContexts.set(data, (byPath = new Map()));
    let context = byPath.get(pathname);
    if (!context) byPath.set(pathname, (context = computeActiveDocContext(data, pathname)));
    return context;
}
`,
  },
  {
    file: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    prepend: ORDINAL,
    replace: [['deps.sort((a, b) => a[0].localeCompare(b[0]));', 'deps.sort((a, b) => __leanStartupOrdinal(a[0], b[0]));']],
  },
];

/** Applies the rewrites that match `path` to `source`; throws when an expected text is missing. */
function rewrite(path, source) {
  let out = source;
  for (const {file, replace, prepend = '', append = ''} of REWRITES) {
    if (!file.test(path)) continue;
    for (const [from, to] of replace) {
      const at = out.indexOf(from);
      if (at < 0 || out.indexOf(from, at + from.length) >= 0) {
        throw new Error(`lean-startup: expected exactly one "${from}" in ${path}; Docusaurus changed, review plugins/lean-startup/rewrites.cjs`);
      }
      out = out.slice(0, at) + to + out.slice(at + from.length);
    }
    out = prepend + out + append;
  }
  return out;
}

/** The webpack/Rspack loader. */
module.exports = function leanStartupLoader(source) {
  return rewrite(this.resourcePath, source);
};
module.exports.rewrite = rewrite;
module.exports.REWRITES = REWRITES;
