/**
 * Docusaurus's route preloading (@docusaurus/core/lib/client/preload.js, which the core's
 * client entry, its navigation and `window.docusaurus.preload` import), for a table whose route
 * groups load on demand (routeGroups.cjs): before the page's components are preloaded, the
 * modules holding the data of the routes the path matches are loaded (their chunk names and
 * registry entries join main's, the subtrees they hold go back under their routes, which may
 * match further routes). Then, as before, every matched route's component is preloaded, so the
 * page renders, and hydrates, with nothing missing.
 */
import {matchRoutes, type RouteConfig} from 'react-router-config';
import * as generated from '@generated/routes';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import {moduleOf as moduleIn} from './routeShard';

interface GroupModule {
  children: RouteConfig[][];
  chunkNames: Record<string, unknown>;
  registry: Record<string, unknown>;
}

interface RouteModule {
  prefix: string;
  shards: number;
  shard: number;
  load: () => Promise<GroupModule>;
}

const moduleOf = (routePath: string) => moduleIn(routePath, modules);

type LazyRoute = RouteConfig & {lazyChildren?: [number, number]};

const routes = generated.default as LazyRoute[];
const modules = (generated as unknown as {lazyRouteGroups?: RouteModule[]}).lazyRouteGroups ?? [];
const loading = new Map<number, Promise<void>>();
const loaded = new Set<number>();

function missing(pathname: string): number[] {
  const needed = new Set<number>();
  for (const {route} of matchRoutes(routes, pathname) as Array<{route: LazyRoute}>) {
    const module = route.path === undefined ? undefined : moduleOf(String(route.path));
    if (module !== undefined && !loaded.has(module)) needed.add(module);
    // Its children, taken out of the table, in their group's module.
    if (route.lazyChildren && !loaded.has(route.lazyChildren[0])) needed.add(route.lazyChildren[0]);
  }
  return [...needed];
}

/** Whether the routes a path matches have all their data (and their subtrees) in the table. */
export function routesReady(pathname: string): boolean {
  return missing(pathname).length === 0;
}

function attach(list: LazyRoute[], module: number, content: GroupModule): void {
  for (const route of list) {
    if (route.lazyChildren?.[0] === module) route.routes = content.children[route.lazyChildren[1]]!;
    else if (route.routes) attach(route.routes as LazyRoute[], module, content);
  }
}

function load(module: number): Promise<void> {
  let pending = loading.get(module);
  if (!pending) {
    pending = modules[module]!.load().then((content) => {
      Object.assign(routesChunkNames as Record<string, unknown>, content.chunkNames);
      Object.assign(registry as Record<string, unknown>, content.registry);
      attach(routes, module, content);
      loaded.add(module);
    });
    // A failed load (a new deployment, the network) is tried again next time.
    pending.catch(() => loading.delete(module));
    loading.set(module, pending);
  }
  return pending;
}

/** Loads what the routes of a path need; a loaded subtree may match more routes, so it looks again. */
export async function loadRoutes(pathname: string): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    const needed = missing(pathname);
    if (needed.length === 0) return;
    await Promise.all(needed.map(load));
  }
}

export default function preload(pathname: string): Promise<unknown[]> {
  const paths = Array.from(new Set([pathname, decodeURI(pathname)]));
  return Promise.all(paths.map(loadRoutes)).then(() => {
    const matches = paths.flatMap((path) => matchRoutes(routes, path));
    return Promise.all(matches.map((match) => (match.route.component as {preload?: () => Promise<unknown>} | undefined)?.preload?.()));
  });
}
