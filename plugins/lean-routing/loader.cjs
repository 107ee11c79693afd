/**
 * Rspack loader for Docusaurus's route registry (`.docusaurus/registry.js`), in the client
 * build only. Each entry is `[load, modulePath, moduleId]`; the module path (about 480 strings
 * such as "@site/docs/reference/segments.md") serves only the server, where react-loadable
 * reports which modules a page rendered so their chunks get linked. The browser never reads
 * it, yet it sat in main.js for every page: it becomes an empty string. Plain CommonJS because
 * the bundler requires loaders without a transpiler.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ENTRY_PATH = /(\)\s*,\s*)"(?:[^"\\]|\\.)*"(\s*,\s*require\.resolveWeak\()/g;

/** @param {string} source @returns {string} */
function dropModulePaths(source) {
  return source.replace(ENTRY_PATH, '$1""$2');
}

/**
 * With `groups`: also without the entries that only the route groups loaded on demand use
 * (they are in the groups' modules, routeGroups.cjs).
 */
module.exports = function leanRegistryLoader(source) {
  const groups = (this && this.getOptions && this.getOptions().groups) || [];
  if (groups.length === 0) return dropModulePaths(source);
  const dir = path.dirname(this.resourcePath);
  this.addDependency(path.join(dir, 'routes.js'));
  this.addDependency(path.join(dir, 'routesChunkNames.json'));
  const {readGenerated, splitRouteGroups} = require('./routeGroups.cjs');
  const generated = readGenerated(dir, fs.readFileSync(path.join(dir, 'routes.js'), 'utf8'));
  return dropModulePaths(splitRouteGroups({...generated, registry: source}, groups).registry);
};
module.exports.dropModulePaths = dropModulePaths;
