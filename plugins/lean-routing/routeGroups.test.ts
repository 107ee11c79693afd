import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const load = createRequire(import.meta.url);
const {routeShard, routeModules, groupOf, splitRouteGroups, mainRoutesModule, groupModule, readRoutes} = load('./routeGroups.cjs') as {
  routeShard: (path: string, shards: number) => number;
  routeModules: (groups: ReadonlyArray<string | {prefix: string; shards?: number}>) => Array<{prefix: string; shards: number; shard: number}>;
  groupOf: (path: string, modules: ReadonlyArray<{prefix: string; shards: number; shard: number}>) => number;
  splitRouteGroups: (generated: {routes: string; chunkNames: Record<string, unknown>; registry: string}, groups: ReadonlyArray<string | {prefix: string; shards?: number}>) => {
    routes: Array<Record<string, any>>;
    groups: Array<{prefix: string; children: unknown[][]; chunkNames: Record<string, unknown>; registry: Record<string, string>}>;
    chunkNames: Record<string, unknown>;
    registry: string;
  };
  mainRoutesModule: (split: unknown, resourcePath: string) => string;
  groupModule: (split: unknown, index: number) => string;
  readRoutes: (source: string) => Array<Record<string, any>>;
};

const ROUTES = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/reference/api/unleash/v7',
    component: ComponentCreator('/reference/api/unleash/v7', 'a01'),
    routes: [
      {
        path: '/reference/api/unleash/v7',
        component: ComponentCreator('/reference/api/unleash/v7', 'a02'),
        routes: [
          {
            path: '/reference/api/unleash/v7/get-feature',
            component: ComponentCreator('/reference/api/unleash/v7/get-feature', 'a03'),
            exact: true,
            sidebar: "api-7"
          }
        ]
      }
    ]
  },
  {
    path: '/',
    component: ComponentCreator('/', 'b01'),
    routes: [
      {
        path: '/reference/segments',
        component: ComponentCreator('/reference/segments', 'b02'),
        exact: true,
        sidebar: "documentation"
      },
      {
        path: '/reference/api/unleash/get-feature',
        component: ComponentCreator('/reference/api/unleash/get-feature', 'b03'),
        exact: true,
        sidebar: "documentation"
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

const CHUNK_NAMES = {
  '/reference/api/unleash/v7-a01': {__comp: 'docsRoot', __context: {plugin: 'pluginV7'}},
  '/reference/api/unleash/v7-a02': {__comp: 'versionRoot', __props: 'propsV7'},
  '/reference/api/unleash/v7/get-feature-a03': {__comp: 'docItem', content: 'v7GetFeature'},
  '/-b01': {__comp: 'docsRoot', __context: {plugin: 'pluginDefault'}},
  '/reference/segments-b02': {__comp: 'docItem', content: 'segments'},
  '/reference/api/unleash/get-feature-b03': {__comp: 'docItem', content: 'getFeature'},
};

const entry = (name: string) => `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "@site/${name}.mdx"), "@site/${name}.mdx", require.resolveWeak("@site/${name}.mdx")],`;
const REGISTRY = ['export default {', ...['docsRoot', 'pluginV7', 'versionRoot', 'propsV7', 'docItem', 'v7GetFeature', 'pluginDefault', 'segments', 'getFeature'].map(entry), '};'].join('\n');

const PREFIXES = ['/reference/api/unleash', '/reference/api/unleash/v7'];
const split = () => splitRouteGroups({routes: ROUTES, chunkNames: CHUNK_NAMES, registry: REGISTRY}, PREFIXES);

describe('route groups loaded on demand', () => {
  it('puts a path in the group of the longest prefix it is under', () => {
    const modules = routeModules(PREFIXES);
    expect(groupOf('/reference/api/unleash/v7/get-feature', modules)).toBe(1);
    expect(groupOf('/reference/api/unleash/v7', modules)).toBe(1);
    expect(groupOf('/reference/api/unleash/get-feature', modules)).toBe(0);
    expect(groupOf('/reference/api/unleash-other', modules)).toBe(-1);
    expect(groupOf('/reference/segments', modules)).toBe(-1);
  });

  it('splits a group in shards by the hash of the route path, the same in Node and in the browser', async () => {
    const modules = routeModules([{prefix: '/reference/api/unleash', shards: 4}, '/reference/api/unleash/v7']);
    expect(modules.map((module) => `${module.prefix}#${module.shard}`)).toEqual([0, 1, 2, 3].map((shard) => `/reference/api/unleash#${shard}`).concat('/reference/api/unleash/v7#0'));
    const paths = ['/reference/api/unleash', '/reference/api/unleash/get-feature', '/reference/api/unleash/create-feature', '/reference/api/unleash/events'];
    expect(paths.map((path) => groupOf(path, modules))).toEqual(paths.map((path) => routeShard(path, 4)));
    expect(groupOf('/reference/api/unleash/v7/get-feature', modules)).toBe(4);
    const browser = await import('./routeShard');
    expect(paths.map((path) => browser.routeShard(path, 4))).toEqual(paths.map((path) => routeShard(path, 4)));
    expect([...paths, '/reference/api/unleash/v7/x', '/elsewhere'].map((path) => browser.moduleOf(path, modules) ?? -1)).toEqual([...paths, '/reference/api/unleash/v7/x', '/elsewhere'].map((path) => groupOf(path, modules)));
  });

  it('takes a subtree wholly inside a group out of the table, and marks where it goes back', () => {
    const {routes, groups} = split();
    expect(routes[0]).toMatchObject({path: '/reference/api/unleash/v7', routes: [], lazyChildren: [1, 0]});
    expect(groups[1]!.children).toHaveLength(1);
    // A route in a group whose parent is not stays in the table; only its data moves.
    expect(routes[1]!.routes.map((route: {path: string}) => route.path)).toEqual(['/reference/segments', '/reference/api/unleash/get-feature']);
  });

  it('keeps the subtrees of a group split in shards in a module of their own, and its data in the shards', () => {
    const sharded = splitRouteGroups({routes: ROUTES, chunkNames: CHUNK_NAMES, registry: REGISTRY}, ['/reference/api/unleash', {prefix: '/reference/api/unleash/v7', shards: 4}]);
    const tree = sharded.groups.findIndex((group) => (group as {shard?: number}).shard === -1);
    expect(tree).toBe(5);
    expect(sharded.routes[0]).toMatchObject({path: '/reference/api/unleash/v7', routes: [], lazyChildren: [5, 0]});
    expect(sharded.groups[5]!.children).toHaveLength(1);
    expect(sharded.groups[5]!.chunkNames).toEqual({});
    const shardOf = (path: string) => 1 + routeShard(path, 4);
    expect(Object.keys(sharded.groups[shardOf('/reference/api/unleash/v7/get-feature')]!.chunkNames)).toContain('/reference/api/unleash/v7/get-feature-a03');
    expect(mainRoutesModule(sharded, '/site/.docusaurus/routes.js')).toContain('{prefix: "/reference/api/unleash/v7", shards: 4, shard: -1, load: () => import(/* webpackChunkName: "routes-5" */ "./routes.js?lazyRouteGroup=5")}');
  });

  it('moves the chunk names of the groups\' routes, and the registry entries only they use', () => {
    const {chunkNames, registry, groups} = split();
    expect(Object.keys(chunkNames)).toEqual(['/-b01', '/reference/segments-b02']);
    expect(Object.keys(groups[0]!.chunkNames)).toEqual(['/reference/api/unleash/get-feature-b03']);
    expect(Object.keys(groups[1]!.chunkNames)).toHaveLength(3);
    expect(Object.keys(groups[1]!.registry).sort()).toEqual(['pluginV7', 'propsV7', 'v7GetFeature', 'versionRoot']);
    expect(Object.keys(groups[0]!.registry)).toEqual(['getFeature']);
    // Shared by main's routes: stays.
    expect(registry).toContain('"docsRoot"');
    expect(registry).toContain('"docItem"');
    expect(registry).not.toContain('"v7GetFeature"');
    expect(registry).not.toContain('"getFeature"');
  });

  it('writes modules that evaluate to the same routes, components created on first use', () => {
    const main = mainRoutesModule(split(), '/site/.docusaurus/routes.js');
    expect(main).toContain('export const lazyRouteGroups = [');
    expect(main).toContain('import(/* webpackChunkName: "routes-1" */ "./routes.js?lazyRouteGroup=1")');
    const created: string[] = [];
    const body = main.replace(/^import .*$/m, '').replace(/export const lazyRouteGroups[\s\S]*$/, '').replace('export default', 'return');
    const routes = new Function('ComponentCreator', body)((path: string, hash: string) => {
      created.push(`${path}-${hash}`);
      return {path, hash};
    }) as Array<{path: string; component: unknown; lazyChildren?: number[]; routes?: unknown[]}>;
    expect(created).toEqual([]);
    expect(routes.map((route) => route.path)).toEqual(['/reference/api/unleash/v7', '/', '*']);
    expect(routes[0]!.component).toEqual({path: '/reference/api/unleash/v7', hash: 'a01'});
    expect(routes[2]!.component).toEqual({path: '*', hash: undefined});
    expect(created).toEqual(['/reference/api/unleash/v7-a01', '*-undefined']);
    const group = groupModule(split(), 1);
    expect(group).toContain('export const children = [');
    expect(group).toContain('"v7GetFeature": [() => import(/* webpackChunkName: "v7GetFeature" */ "@site/v7GetFeature.mdx"), "", require.resolveWeak("@site/v7GetFeature.mdx")]');
    expect(readRoutes(ROUTES)[0]!.component).toEqual({__creator: ['/reference/api/unleash/v7', 'a01']});
  });
});
