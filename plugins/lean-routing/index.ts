/**
 * Keeps the routing that every page downloads and runs in main.js to what the browser needs
 * first:
 * - loader.cjs: the route registry without the module paths only the server reads;
 * - routesLoader.cjs: route components created when a route is first matched, not all ~480
 *   while main.js starts;
 * - idlePrefetch.ts: prefetching of the chunks of links in view done in idle time;
 * - hoistRuntimeMaps.ts: the runtime's chunk-file maps built once, not on every lookup;
 * - pathToRegexp.cjs: React Router matches the site's plain route paths by comparing strings
 *   instead of compiling an expression per route;
 * - routeGroups.cjs and preload.ts: the routes under the given prefixes (the API references)
 *   leave main.js and load with the first page of theirs the browser shows.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {hoistLiteralMaps} from './hoistRuntimeMaps';
import {chunksOnlyBehindGroups, moveChunkMapEntries, type GroupLike} from './groupChunkMaps';

/** The registry Docusaurus generates, on any OS path separator. */
export const REGISTRY_MODULE = /[\\/]\.docusaurus[\\/]registry\.js$/;
/** The route table Docusaurus generates. */
export const ROUTES_MODULE = /[\\/]\.docusaurus[\\/]routes\.js$/;
/** The chunk names of every route, which Docusaurus generates beside it. */
export const CHUNK_NAMES_MODULE = /[\\/]\.docusaurus[\\/]routesChunkNames\.json$/;
/** The core's client modules that import its preload helper (`./preload`). */
export const PRELOAD_USERS = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/](?:clientEntry|PendingNavigation|docusaurus)\.js$/;
/** React Router's module, which matches routes with path-to-regexp. */
export const REACT_ROUTER = /[\\/]react-router[\\/](?:esm|cjs)[\\/]react-router(?:\.min)?\.js$/;
/** The bundler runtime of the main entry. */
export const RUNTIME_ASSET = /(^|\/)runtime~main\.[^/]*\.js$/;
/** After minification (400), before the final content hashes (2500). */
const STAGE_AFTER_MINIFY = 700;

interface Compiler {
  webpack: {sources: {RawSource: new (source: string) => unknown}};
  hooks: {thisCompilation: {tap(name: string, fn: (compilation: Compilation) => void): void}};
}
interface Compilation {
  hooks: {processAssets: {tap(options: {name: string; stage: number}, fn: (assets: Record<string, unknown>) => void): void}};
  getAsset(name: string): {source: {source(): string | Buffer}} | undefined;
  updateAsset(name: string, source: unknown): void;
  entrypoints: ReadonlyMap<string, GroupLike>;
  namedChunkGroups: ReadonlyMap<string, GroupLike & {chunks: ReadonlyArray<{files: ReadonlySet<string>}>}>;
  chunks: ReadonlySet<{id?: string | number | null; ids?: ReadonlyArray<string | number>}>;
}

const hoistRuntimeMaps = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('lean-routing', (compilation) => {
      compilation.hooks.processAssets.tap({name: 'lean-routing', stage: STAGE_AFTER_MINIFY}, (assets) => {
        const update = (name: string, source: string) => compilation.updateAsset(name, new compiler.webpack.sources.RawSource(source));
        for (const name of Object.keys(assets).filter((file) => RUNTIME_ASSET.test(file))) {
          let source = hoistLiteralMaps(compilation.getAsset(name)!.source.source().toString());
          // The chunks only a route group leads to: their file names leave the runtime with them (groupChunkMaps.ts).
          const entry = compilation.entrypoints.get('main');
          const behind = entry ? chunksOnlyBehindGroups(entry) : new Map<string, Set<string>>();
          const allIds = new Set([...compilation.chunks].flatMap((chunk) => (chunk.ids && chunk.ids.length > 0 ? chunk.ids : chunk.id == null ? [] : [chunk.id])).map(String));
          const moved = behind.size > 0 ? moveChunkMapEntries(source, behind, allIds) : undefined;
          if (moved) {
            source = moved.runtime;
            for (const [group, statement] of moved.additions) {
              for (const chunk of compilation.namedChunkGroups.get(group)?.chunks ?? []) {
                for (const file of [...chunk.files].filter((file) => file.endsWith('.js'))) {
                  const code = compilation.getAsset(file)!.source.source().toString();
                  // After the file's "use strict", which must stay its first statement.
                  const directive = /^"use strict";/.exec(code)?.[0] ?? '';
                  update(file, `${directive}${statement}${code.slice(directive.length)}`);
                }
              }
            }
          }
          update(name, source);
        }
      });
    });
  },
};

export interface LeanRoutingOptions {
  /**
   * Path prefixes whose routes load on demand in the browser (routeGroups.cjs), each in one
   * module or split in `shards` by the hash of the route's path.
   */
  lazyRouteGroups?: Array<string | {prefix: string; shards?: number}>;
}

export default function leanRoutingPlugin(_context: unknown, options?: unknown): Plugin {
  const groups = (options as LeanRoutingOptions | undefined)?.lazyRouteGroups ?? [];
  return {
    name: 'lean-routing',
    getClientModules() {
      return [path.join(__dirname, 'idlePrefetch.ts')];
    },
    configureWebpack(_config, isServer) {
      const matching = {test: REACT_ROUTER, resolve: {alias: {'path-to-regexp$': path.join(__dirname, 'pathToRegexp.cjs')}}};
      // The server keeps the module paths, which react-loadable reports while it renders, and the whole table.
      if (isServer) return {module: {rules: [{test: ROUTES_MODULE, use: [{loader: path.join(__dirname, 'routesLoader.cjs')}]}, matching]}};
      const withGroups = (loader: string) => [{loader: path.join(__dirname, loader), options: {groups}}];
      const rules: object[] = [
        {test: ROUTES_MODULE, use: withGroups('routesLoader.cjs')},
        matching,
        {test: REGISTRY_MODULE, use: withGroups('loader.cjs')},
      ];
      if (groups.length > 0) {
        rules.push({test: CHUNK_NAMES_MODULE, use: withGroups('chunkNamesLoader.cjs')});
        rules.push({test: PRELOAD_USERS, resolve: {alias: {'./preload': path.join(__dirname, 'preload.ts')}}});
      }
      return {
        module: {rules},
        plugins: [hoistRuntimeMaps as never],
        // Docusaurus puts every module that half of the pages' chunks import into a `common`
        // chunk that loads with every page. The generated API pages of both references are
        // two thirds of the site's pages, so the API theme (about 60 KB gzip) would go there and
        // every plain page would download it; the site never had such a chunk.
        optimization: {splitChunks: {cacheGroups: {common: false}}},
      };
    },
  };
}
