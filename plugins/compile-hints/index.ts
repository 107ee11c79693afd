/**
 * Marks the scripts every page runs first, the bundler runtime and main.js (the files of the
 * `main` entry), with V8's per-file compile hint `//# allFunctionsCalledOnLoad`.
 *
 * V8 compiles a function only when it is first called. Nearly every function of these two
 * files is called while a page starts (the module factories, React DOM, the router, the
 * theme), so on a first visit each was compiled on the main thread in the middle of the
 * page's startup tasks: that was most of what the profile showed as "the bundler runtime"
 * running module factories, and part of React DOM's hydration. With the hint, Chromium
 * (136 and later) compiles the whole file on the background thread that streams it while it
 * downloads, before it runs. Browsers without the feature read a comment.
 *
 * Only these two files: chunks loaded later, or by some pages only (the API explorer's 1.6 MB
 * among them), keep lazy compilation, so nothing is compiled that a page does not run.
 */
import type {Plugin} from '@docusaurus/types';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** After the minifier (400) and the other rewrites of these files (lean-routing, 700), before the content hashes (2500). */
const STAGE = 900;

interface Compiler {
  webpack: {sources: {ConcatSource: new (...sources: unknown[]) => unknown}};
  hooks: {thisCompilation: {tap(name: string, fn: (compilation: Compilation) => void): void}};
}
interface Compilation {
  hooks: {processAssets: {tap(options: {name: string; stage: number}, fn: () => void): void}};
  entrypoints: ReadonlyMap<string, {getFiles(): string[]}>;
  getAsset(name: string): {source: unknown} | undefined;
  updateAsset(name: string, source: unknown): void;
}

/** The JavaScript files of the `main` entry: the runtime and main.js. */
export function startupScripts(compilation: Pick<Compilation, 'entrypoints'>): string[] {
  return (compilation.entrypoints.get('main')?.getFiles() ?? []).filter((file) => file.endsWith('.js'));
}

export const compileHints = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('compile-hints', (compilation) => {
      compilation.hooks.processAssets.tap({name: 'compile-hints', stage: STAGE}, () => {
        for (const file of startupScripts(compilation)) {
          const asset = compilation.getAsset(file);
          if (asset) compilation.updateAsset(file, new compiler.webpack.sources.ConcatSource(COMPILE_HINT, asset.source));
        }
      });
    });
  },
};

export default function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {plugins: [compileHints as never]};
    },
  };
}
