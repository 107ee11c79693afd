/**
 * Rspack loader for Docusaurus's route table (`.docusaurus/routes.js`). Every route object
 * carries `component: ComponentCreator(path, hash)`, so evaluating main.js built a loadable
 * component (flattened chunk names, a react-loadable Map) for each of the site's ~480 routes
 * before the page could hydrate. The component is made a getter that creates it the first
 * time the route is matched, and keeps it, so navigation and prefetching see the same
 * component as before. Plain CommonJS because the bundler requires loaders without a
 * transpiler.
 */
'use strict';

const path = require('node:path');
const {ROUTE_COMPONENT_HELPER, groupModule, mainRoutesModule, readGenerated, splitRouteGroups} = require('./routeGroups.cjs');

const CREATOR_IMPORT = /^import ComponentCreator from '@docusaurus\/ComponentCreator';$/m;
const COMPONENT = /component: ComponentCreator\(('(?:[^'\\]|\\.)*'), ('(?:[^'\\]|\\.)*')\)/g;

const HELPER = `\n${ROUTE_COMPONENT_HELPER}`;

/** @param {string} source @returns {string} */
function lazyRouteComponents(source) {
  if (!CREATOR_IMPORT.test(source)) return source;
  return source
    .replace(CREATOR_IMPORT, (line) => `${line}\n${HELPER}`)
    .replace(COMPONENT, 'get component() { return routeComponent($1, $2); }');
}

/**
 * With `groups` (client build only): the table without the route groups loaded on demand, or,
 * for `routes.js?lazyRouteGroup=<n>`, the module of group n (routeGroups.cjs).
 */
module.exports = function leanRoutesLoader(source) {
  const groups = (this.getOptions && this.getOptions().groups) || [];
  // preload.ts reads the groups; the server's table (and a site without groups) has none.
  if (groups.length === 0) return `${lazyRouteComponents(source)}\nexport const lazyRouteGroups = [];\n`;
  const dir = path.dirname(this.resourcePath);
  this.addDependency(path.join(dir, 'registry.js'));
  this.addDependency(path.join(dir, 'routesChunkNames.json'));
  const split = splitRouteGroups(readGenerated(dir, source), groups);
  const group = /[?&]lazyRouteGroup=(\d+)/.exec(this.resourceQuery || '');
  return group ? groupModule(split, Number(group[1])) : mainRoutesModule(split, this.resourcePath);
};
module.exports.lazyRouteComponents = lazyRouteComponents;
