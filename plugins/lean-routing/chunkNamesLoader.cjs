/**
 * Rspack loader for `.docusaurus/routesChunkNames.json` in the client build: without the chunk
 * names of the route groups loaded on demand (routeGroups.cjs), which their modules hold.
 * Plain CommonJS because the bundler requires loaders without a transpiler.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {readGenerated, splitRouteGroups} = require('./routeGroups.cjs');

module.exports = function leanChunkNamesLoader(source) {
  const groups = this.getOptions().groups || [];
  if (groups.length === 0) return source;
  const dir = path.dirname(this.resourcePath);
  this.addDependency(path.join(dir, 'routes.js'));
  this.addDependency(path.join(dir, 'registry.js'));
  const generated = readGenerated(dir, fs.readFileSync(path.join(dir, 'routes.js'), 'utf8'));
  return JSON.stringify(splitRouteGroups({...generated, chunkNames: JSON.parse(source)}, groups).chunkNames);
};
