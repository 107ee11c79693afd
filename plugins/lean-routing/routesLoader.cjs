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

const CREATOR_IMPORT = /^import ComponentCreator from '@docusaurus\/ComponentCreator';$/m;
const COMPONENT = /component: ComponentCreator\(('(?:[^'\\]|\\.)*'), ('(?:[^'\\]|\\.)*')\)/g;

const HELPER = `
const routeComponents = new Map();
function routeComponent(path, hash) {
  const key = path + '-' + hash;
  let component = routeComponents.get(key);
  if (!component) routeComponents.set(key, (component = ComponentCreator(path, hash)));
  return component;
}`;

/** @param {string} source @returns {string} */
function lazyRouteComponents(source) {
  if (!CREATOR_IMPORT.test(source)) return source;
  return source
    .replace(CREATOR_IMPORT, (line) => `${line}\n${HELPER}`)
    .replace(COMPONENT, 'get component() { return routeComponent($1, $2); }');
}

module.exports = function leanRoutesLoader(source) {
  return lazyRouteComponents(source);
};
module.exports.lazyRouteComponents = lazyRouteComponents;
