/**
 * Route groups loaded on demand, for the client build. Every route Docusaurus generates costs
 * every page of the site: its entry in the route table (routes.js), its chunk names
 * (routesChunkNames.json) and the loaders of its modules (registry.js) are all in main.js. The
 * API references are half of the site's routes and are read by few of its readers, so for each
 * group (a path prefix, config/docusaurus.ts) these move into a module of their own that the
 * browser loads with the first page of the group it shows (preload.ts):
 *
 * - chunk names of the group's routes, and the registry entries only those routes use;
 * - the child routes of a route whose whole subtree is in the group (a docs plugin instance of
 *   its own, such as the 7.x API reference): the route stays, with no children until loaded.
 *
 * A route belongs to the group with the longest prefix its path starts with; a group may be
 * split in shards by the hash of the route's path, so that a page loads the data of a part of
 * its group (a sharded group's subtrees are in one more module, loaded with the shard). The
 * server build is not changed: pages are rendered with the whole table. Plain CommonJS because the bundler
 * requires loaders without a transpiler.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/**
 * The shard of a route in a group split in `shards`: FNV-1a of its path. preload.ts computes
 * the same in the browser.
 * @param {string} routePath @param {number} shards
 */
function routeShard(routePath, shards) {
  let hash = 2166136261;
  for (let index = 0; index < routePath.length; index += 1) {
    hash ^= routePath.charCodeAt(index);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % shards;
}

/**
 * The groups as modules: a group of `shards` > 1 is that many modules, each with the data of
 * the routes that hash to it, so a page loads the data of a fraction of the group.
 * @param {ReadonlyArray<string | {prefix: string, shards?: number}>} groups
 * @returns {Array<{prefix: string, shards: number, shard: number}>}
 */
function routeModules(groups) {
  return groups.flatMap((group) => {
    const {prefix, shards = 1} = typeof group === 'string' ? {prefix: group} : group;
    return Array.from({length: shards}, (_, shard) => ({prefix, shards, shard}));
  });
}

/**
 * The module a route's data is in: the group of the longest prefix its path is under, and its
 * shard there; -1 when none.
 * @param {string} routePath @param {ReadonlyArray<{prefix: string, shards: number, shard: number}>} modules
 */
function groupOf(routePath, modules) {
  let best;
  for (const module of modules) {
    const inside = routePath === module.prefix || routePath.startsWith(module.prefix.endsWith('/') ? module.prefix : `${module.prefix}/`);
    if (inside && (!best || module.prefix.length > best.prefix.length)) best = module;
  }
  if (!best) return -1;
  const shard = best.shards > 1 ? routeShard(routePath, best.shards) : 0;
  return modules.findIndex((module) => module.prefix === best.prefix && module.shard === shard);
}

/** A route table read from routes.js: each route with its path, the hash its component is created with, and the rest of its properties. */
function readRoutes(source) {
  const body = source
    .replace(/^import React from 'react';$/m, '')
    .replace(/^import ComponentCreator from '@docusaurus\/ComponentCreator';$/m, '')
    .replace(/^export default /m, 'return ');
  // eslint-disable-next-line no-new-func
  return new Function('ComponentCreator', body)((routePath, hash) => ({__creator: [routePath, hash]}));
}

/**
 * Source of a route table; each component created the first time its route is matched, as
 * routesLoader.cjs does for the whole table (`routeComponent` is its helper).
 */
function writeRoutes(routes, indent = '  ') {
  const item = (route) => {
    const lines = [];
    for (const [key, value] of Object.entries(route)) {
      if (key === 'component') {
        const [routePath, hash] = value.__creator;
        lines.push(`get component() { return routeComponent(${JSON.stringify(routePath)}${hash === undefined ? '' : `, ${JSON.stringify(hash)}`}); }`);
      } else if (key === 'routes') {
        lines.push(`routes: ${writeRoutes(value, `${indent}  `)}`);
      } else {
        lines.push(`${key}: ${JSON.stringify(value)}`);
      }
    }
    return `${indent}{\n${lines.map((line) => `${indent}  ${line}`).join(',\n')}\n${indent}}`;
  };
  if (routes.length === 0) return '[]';
  return `[\n${routes.map(item).join(',\n')}\n${indent.slice(2)}]`;
}

/** Every route path of a subtree. */
function pathsOf(routes) {
  return routes.flatMap((route) => [route.path, ...pathsOf(route.routes || [])]);
}

/** Registry entries by chunk name, each the source of its line. */
function readRegistry(source) {
  const entries = new Map();
  for (const line of source.split('\n')) {
    const match = /^\s*"([^"]+)": (\[.*\]),?\s*$/.exec(line);
    if (match) entries.set(match[1], match[2]);
  }
  return entries;
}

/** Chunk names of a routesChunkNames entry (nested objects flattened). */
function chunkNamesOf(value) {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

const ROUTE_KEY = /^(.*)-[^-]+$/;

/**
 * Splits the generated route data into what main.js keeps and what each group's module holds.
 * @param {{routes: string, chunkNames: Record<string, unknown>, registry: string}} generated
 * @param {readonly string[]} prefixes
 */
function splitRouteGroups(generated, groupOptions) {
  const prefixes = routeModules(groupOptions);
  const routes = readRoutes(generated.routes);
  const groups = prefixes.map((module) => ({...module, children: [], chunkNames: {}, registry: {}}));
  // Subtrees wholly inside one group leave the table; their parent keeps an empty list and a mark.
  // A group split in shards keeps the subtrees it takes out in a module of their own (shard -1),
  // which loads with the shard of the page's route.
  const treeModule = (group) => {
    const {prefix, shards} = prefixes[group];
    let index = prefixes.findIndex((module) => module.prefix === prefix && module.shard === -1);
    if (index === -1) {
      index = prefixes.push({prefix, shards, shard: -1}) - 1;
      groups.push({prefix, shards, shard: -1, children: [], chunkNames: {}, registry: {}});
    }
    return index;
  };
  const samePrefix = (routePath, group) => {
    const other = groupOf(routePath, prefixes);
    return other !== -1 && prefixes[other].prefix === prefixes[group].prefix;
  };
  const cut = (list) => {
    for (const route of list) {
      if (!route.routes || route.routes.length === 0) continue;
      const group = groupOf(route.path, prefixes);
      if (group !== -1 && pathsOf(route.routes).every((routePath) => samePrefix(routePath, group))) {
        const target = prefixes[group].shards === 1 ? group : treeModule(group);
        route.lazyChildren = [target, groups[target].children.length];
        groups[target].children.push(route.routes);
        route.routes = [];
      } else {
        cut(route.routes);
      }
    }
  };
  cut(routes);
  // Chunk names: by the path of their route.
  const mainChunkNames = {};
  for (const [key, value] of Object.entries(generated.chunkNames)) {
    const routePath = ROUTE_KEY.exec(key)?.[1] ?? key;
    const group = groupOf(routePath, prefixes);
    if (group === -1) mainChunkNames[key] = value;
    else groups[group].chunkNames[key] = value;
  }
  // Registry entries: to a group when only its routes use them.
  const usedBy = new Map();
  const use = (names, owner) => names.forEach((name) => usedBy.set(name, usedBy.has(name) && usedBy.get(name) !== owner ? 'main' : owner));
  use(Object.values(mainChunkNames).flatMap(chunkNamesOf), 'main');
  groups.forEach((group, index) => use(Object.values(group.chunkNames).flatMap(chunkNamesOf), index));
  const registry = readRegistry(generated.registry);
  const moved = new Set();
  for (const [name, entry] of registry) {
    const owner = usedBy.get(name);
    if (typeof owner === 'number') {
      groups[owner].registry[name] = entry;
      moved.add(name);
    }
  }
  const mainRegistry = generated.registry
    .split('\n')
    .filter((line) => {
      const match = /^\s*"([^"]+)": \[/.exec(line);
      return !match || !moved.has(match[1]);
    })
    .join('\n');
  return {routes, groups, chunkNames: mainChunkNames, registry: mainRegistry};
}

/** One component per route, created when first asked for (shared with routesLoader.cjs). */
const ROUTE_COMPONENT_HELPER = `const routeComponents = new Map();
function routeComponent(path, hash) {
  const key = path + '-' + hash;
  let component = routeComponents.get(key);
  if (!component) routeComponents.set(key, (component = ComponentCreator(path, hash)));
  return component;
}`;

const HEADER = `import ComponentCreator from '@docusaurus/ComponentCreator';
${ROUTE_COMPONENT_HELPER}
`;

/** main's routes.js: the table without the groups' subtrees, and how to load each group. */
function mainRoutesModule(split, resourcePath) {
  const file = `./${path.basename(resourcePath)}`;
  const loaders = split.groups.map(
    (group, index) =>
      `  {prefix: ${JSON.stringify(group.prefix)}, shards: ${group.shards}, shard: ${group.shard}, load: () => import(/* webpackChunkName: "routes-${index}" */ ${JSON.stringify(`${file}?lazyRouteGroup=${index}`)})}`,
  );
  return `${HEADER}\nexport default ${writeRoutes(split.routes)};\n\nexport const lazyRouteGroups = [\n${loaders.join(',\n')}\n];\n`;
}

/** One group's module: its subtrees, chunk names and registry entries. */
function groupModule(split, index) {
  const group = split.groups[index];
  // Required here: loader.cjs requires this module.
  const {dropModulePaths} = require('./loader.cjs');
  const registry = Object.entries(group.registry).map(([name, entry]) => dropModulePaths(`  ${JSON.stringify(name)}: ${entry}`));
  return [
    HEADER,
    `export const children = [${group.children.map((children) => writeRoutes(children)).join(', ')}];`,
    `export const chunkNames = ${JSON.stringify(group.chunkNames)};`,
    `export const registry = {\n${registry.join(',\n')}\n};`,
    '',
  ].join('\n');
}

/** Reads the generated files next to routes.js (registry.js, routesChunkNames.json). */
function readGenerated(dir, routesSource) {
  return {
    routes: routesSource,
    chunkNames: JSON.parse(fs.readFileSync(path.join(dir, 'routesChunkNames.json'), 'utf8')),
    registry: fs.readFileSync(path.join(dir, 'registry.js'), 'utf8'),
  };
}

module.exports = {ROUTE_COMPONENT_HELPER, routeShard, routeModules, groupOf, readRoutes, writeRoutes, splitRouteGroups, mainRoutesModule, groupModule, readGenerated};
