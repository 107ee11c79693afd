/**
 * Rspack loader for Docusaurus's route registry (`.docusaurus/registry.js`), in the client
 * build only. Each entry is `[load, modulePath, moduleId]`; the module path (about 480 strings
 * such as "@site/docs/reference/segments.md") serves only the server, where react-loadable
 * reports which modules a page rendered so their chunks get linked. The browser never reads
 * it, yet it sat in main.js for every page: it becomes an empty string. Plain CommonJS because
 * the bundler requires loaders without a transpiler.
 */
'use strict';

const ENTRY_PATH = /(\)\s*,\s*)"(?:[^"\\]|\\.)*"(\s*,\s*require\.resolveWeak\()/g;

/** @param {string} source @returns {string} */
function dropModulePaths(source) {
  return source.replace(ENTRY_PATH, '$1""$2');
}

module.exports = function leanRegistryLoader(source) {
  return dropModulePaths(source);
};
module.exports.dropModulePaths = dropModulePaths;
