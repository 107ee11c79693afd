/**
 * Keeps the routing that every page downloads and runs in main.js to what the browser needs
 * first:
 * - loader.cjs: the route registry without the module paths only the server reads;
 * - routesLoader.cjs: route components created when a route is first matched, not all ~480
 *   while main.js starts;
 * - idlePrefetch.ts: prefetching of the chunks of links in view done in idle time;
 * - hoistRuntimeMaps.ts: the runtime's chunk-file maps built once, not on every lookup;
 * - pathToRegexp.cjs: React Router matches the site's plain route paths by comparing strings
 *   instead of compiling an expression per route.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {hoistLiteralMaps} from './hoistRuntimeMaps';

/** The registry Docusaurus generates, on any OS path separator. */
export const REGISTRY_MODULE = /[\\/]\.docusaurus[\\/]registry\.js$/;
/** The route table Docusaurus generates. */
export const ROUTES_MODULE = /[\\/]\.docusaurus[\\/]routes\.js$/;
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
}

const hoistRuntimeMaps = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('lean-routing', (compilation) => {
      compilation.hooks.processAssets.tap({name: 'lean-routing', stage: STAGE_AFTER_MINIFY}, (assets) => {
        for (const name of Object.keys(assets).filter((file) => RUNTIME_ASSET.test(file))) {
          const source = compilation.getAsset(name)!.source.source().toString();
          compilation.updateAsset(name, new compiler.webpack.sources.RawSource(hoistLiteralMaps(source)));
        }
      });
    });
  },
};

export default function leanRoutingPlugin(): Plugin {
  return {
    name: 'lean-routing',
    getClientModules() {
      return [path.join(__dirname, 'idlePrefetch.ts')];
    },
    configureWebpack(_config, isServer) {
      const routes = {test: ROUTES_MODULE, use: [{loader: path.join(__dirname, 'routesLoader.cjs')}]};
      const matching = {test: REACT_ROUTER, resolve: {alias: {'path-to-regexp$': path.join(__dirname, 'pathToRegexp.cjs')}}};
      // The server keeps the module paths, which react-loadable reports while it renders.
      if (isServer) return {module: {rules: [routes, matching]}};
      return {
        module: {rules: [routes, matching, {test: REGISTRY_MODULE, use: [{loader: path.join(__dirname, 'loader.cjs')}]}]},
        plugins: [hoistRuntimeMaps as never],
      };
    },
  };
}
