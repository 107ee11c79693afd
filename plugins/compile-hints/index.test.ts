import {describe, expect, it} from 'vitest';
import {COMPILE_HINT, compileHints, startupScripts} from './index';

class ConcatSource {
  parts: unknown[];
  constructor(...parts: unknown[]) {
    this.parts = parts;
  }
  source(): string {
    return this.parts.map((part) => (typeof part === 'string' ? part : (part as {source(): string}).source())).join('');
  }
}

const raw = (text: string) => ({source: () => text});

/** Runs the plugin on a compilation whose `main` entry holds `entryFiles`. */
function run(assets: Record<string, string>, entryFiles: string[]): Record<string, string> {
  const current = new Map(Object.entries(assets).map(([name, text]) => [name, raw(text) as {source(): string}]));
  let processAssets: (() => void) | undefined;
  const compilation = {
    hooks: {processAssets: {tap: (_options: unknown, fn: () => void) => (processAssets = fn)}},
    entrypoints: new Map([['main', {getFiles: () => entryFiles}]]),
    getAsset: (name: string) => (current.has(name) ? {source: current.get(name)} : undefined),
    updateAsset: (name: string, source: unknown) => current.set(name, source as {source(): string}),
  };
  compileHints.apply({
    webpack: {sources: {ConcatSource}},
    hooks: {thisCompilation: {tap: (_name: string, fn: (c: typeof compilation) => void) => fn(compilation)}},
  } as never);
  processAssets!();
  return Object.fromEntries([...current].map(([name, source]) => [name, source.source()]));
}

describe('compile hints', () => {
  it('marks the scripts of the main entry, and only those', () => {
    const out = run(
      {'assets/js/runtime~main.1.js': '(()=>{"use strict";})();', 'assets/js/main.2.js': '(self.x=self.x||[]).push([]);', 'assets/js/explorer.3.js': 'lazy();', 'assets/css/styles.4.css': 'a{}'},
      ['assets/js/runtime~main.1.js', 'assets/css/styles.4.css', 'assets/js/main.2.js'],
    );
    expect(out['assets/js/runtime~main.1.js']).toBe(`${COMPILE_HINT}(()=>{"use strict";})();`);
    expect(out['assets/js/main.2.js']).toBe(`${COMPILE_HINT}(self.x=self.x||[]).push([]);`);
    expect(out['assets/js/explorer.3.js']).toBe('lazy();');
    expect(out['assets/css/styles.4.css']).toBe('a{}');
  });

  it('is the per-file hint V8 reads: a line comment that opens the file', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('lists no scripts without a main entry', () => {
    expect(startupScripts({entrypoints: new Map()})).toEqual([]);
  });
});
