/**
 * Rspack loader for the JSON files an operation page imports for its islands and its request
 * column (its components' props, the column's data, the operation as the explorer needs it).
 *
 * In the browser build the page gets, instead of the data, a module that fetches it when first
 * asked (`{__load}`, one fetch per file and page). The file itself is an asset of the build
 * (`?url`, see index.ts): written under assets/api-data/ with a content hash, cached for good
 * like the scripts, precached by the offline mode with the rest of the build, and fetched from
 * the site itself (the CSP's connect-src 'self'). A plain file rather than a lazy chunk:
 * every lazy chunk adds its name and hash to the bundler runtime that every page of the site
 * downloads (five per operation page were about 9 KB gzip). The server build imports the data
 * as it is, so the page is rendered in full (src/components/ApiIsland, src/theme/ApiExplorer),
 * except the explorer's operation, which only the browser uses (option `server`). Plain
 * CommonJS because the bundler requires loaders without a transpiler.
 */
'use strict';

/** The query under which the data is an asset (a URL). */
const URL_QUERY = '?url';

/** @param {string} resourcePath */
function lazyModule(resourcePath) {
  return [
    `var url = require(${JSON.stringify(resourcePath + URL_QUERY)});`,
    'var loading;',
    'module.exports = {__load: function () {',
    '  loading = loading || fetch(url).then(function (response) {',
    "    if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + url);",
    '    return response.json();',
    '  }).then(function (data) { return {default: data}; }, function (error) { loading = undefined; throw error; });',
    '  return loading;',
    '}};',
    '',
  ].join('\n');
}

const SERVER_STUB = "module.exports = {__load: function () { return Promise.reject(new Error('Loaded in the browser only')); }};\n";

/** @this {{resourcePath: string, getOptions?: () => {server?: boolean}}} */
module.exports = function lazyPropsLoader() {
  if (this.getOptions?.().server) return SERVER_STUB;
  return lazyModule(this.resourcePath);
};
module.exports.lazyModule = lazyModule;
module.exports.URL_QUERY = URL_QUERY;
module.exports.SERVER_STUB = SERVER_STUB;
