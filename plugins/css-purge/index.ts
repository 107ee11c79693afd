/**
 * The site's stylesheets hold only the rules its pages and scripts can use (issue #39): Infima
 * and the themes bring every component's CSS, and the render-blocking stylesheet carried
 * grids, pills, avatars, pagination and the like that no page shows.
 *
 * Where: inside the browser build, after the CSS minifier and before the bundler computes the
 * final content hashes (processAssets, stage SUMMARIZE). A stylesheet's name is then the hash
 * of what it holds after the purge, so `immutable` caching stays true (an old copy under a
 * name is the same copy), and everything that names it (the pages' <link>s, the runtime that
 * loads `api-styles` on client-side navigation, the offline app's precache list and its
 * revisions, computed later in postBuild) names the purged file. Rewriting the files after
 * the build under their old names would have served a browser's cached purge of an earlier
 * build under the same name, without the rules a new page needs.
 *
 * What it reads: the words of every script of the build, and the reviewed safelist
 * (config/cssSafelist.ts) for what scripts put in the page without spelling it out. The pages
 * do not exist yet; postBuild checks them afterwards (check.ts) and stops the build when a page
 * uses a rule the purge removed.
 *
 * The full stylesheets are kept beside the build, under `.unpurged/` with the purged files'
 * names, for the browser test that compares both (tests/e2e/visual-purge.spec.ts). No page
 * links them and the offline app does not precache them (config/pwa.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Plugin} from '@docusaurus/types';
import {firstName, selectorsThePagesLose, type LostSelectors, type PurgeRecord} from './check';
import {PageTokens} from './pageTokens';
import {purgeStylesheets, type CssSafelistEntry} from './purge';

/** Folder under the build that holds the full stylesheets, for the visual comparison only. */
export const UNPURGED_DIR = '.unpurged';
/** After the minifiers (400) and the other rewrites of the scripts (lean-routing 700, compile-hints 900), before the content hashes (2500). */
const STAGE_PURGE = 1000;
/** After the content hashes: the names the files are written under. */
const STAGE_REPORT = 5000;
const NAME = 'css-purge';
const WORD = /[A-Za-z0-9_-]+/g;

interface Asset {
  name: string;
  source: {source(): string | Buffer};
}
interface Compilation {
  hooks: {processAssets: {tapPromise(options: {name: string; stage: number}, fn: () => Promise<void>): void}};
  getAssets(): ReadonlyArray<Asset>;
  updateAsset(name: string, source: unknown): void;
}
interface Compiler {
  webpack: {sources: {RawSource: new (source: string) => unknown}};
  options: {output: {path?: string}};
  hooks: {
    thisCompilation: {tap(name: string, fn: (compilation: Compilation) => void): void};
    afterEmit: {tapPromise(name: string, fn: () => Promise<void>): void};
  };
}

export interface CssPurgeOptions {
  safelist: readonly CssSafelistEntry[];
}

/** The distinct words of the scripts, as PurgeCSS's default extractor reads them: one string instead of 19 MB of code. */
export function scriptWords(scripts: Iterable<string>): string {
  const words = new Set<string>();
  for (const script of scripts) for (const word of script.match(WORD) ?? []) words.add(word);
  return [...words].join(' ');
}

const asText = (asset: Asset) => asset.source.source().toString();
const isStylesheet = (name: string) => name.endsWith('.css');

/** What one build purged, handed from the bundler's hooks to postBuild. */
interface BuildState {
  scripts: string;
  /** Purged text to the full one and the selectors removed, until the final names are known. */
  byPurgedText: Map<string, {unpurged: string; rejected: string[]}>;
  records: PurgeRecord[];
}

function purgeInBundle(safelist: readonly CssSafelistEntry[], state: BuildState) {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        compilation.hooks.processAssets.tapPromise({name: NAME, stage: STAGE_PURGE}, async () => {
          const assets = compilation.getAssets();
          state.scripts = scriptWords(assets.filter((asset) => asset.name.endsWith('.js')).map(asText));
          const sheets = assets.filter((asset) => isStylesheet(asset.name)).map((asset) => ({name: asset.name, css: asText(asset)}));
          const purged = await purgeStylesheets(sheets, {scripts: [state.scripts]}, safelist);
          purged.forEach((sheet, index) => {
            state.byPurgedText.set(sheet.css, {unpurged: sheets[index]!.css, rejected: sheet.rejected});
            compilation.updateAsset(sheet.name, new compiler.webpack.sources.RawSource(sheet.css));
          });
        });
        compilation.hooks.processAssets.tapPromise({name: NAME, stage: STAGE_REPORT}, async () => {
          for (const asset of compilation.getAssets().filter((candidate) => isStylesheet(candidate.name))) {
            const purge = state.byPurgedText.get(asText(asset));
            if (purge) state.records.push({file: asset.name, ...purge});
          }
        });
      });
      compiler.hooks.afterEmit.tapPromise(NAME, async () => {
        const outDir = compiler.options.output.path;
        if (!outDir) return;
        for (const record of state.records) {
          const target = path.join(outDir, UNPURGED_DIR, record.file);
          fs.mkdirSync(path.dirname(target), {recursive: true});
          fs.writeFileSync(target, record.unpurged);
        }
      });
    },
  };
}

function htmlFiles(outDir: string): string[] {
  return fs
    .readdirSync(outDir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function lostMessage(lost: readonly LostSelectors[], pages: ReadonlyArray<{file: string; html: string}>): string {
  const lines = lost.flatMap(({file, selectors}) =>
    selectors.map((selector) => {
      const name = firstName(selector);
      const page = name ? pages.find((candidate) => candidate.html.includes(name)) : undefined;
      return `  - ${file}: ${selector}${page ? ` (used in ${page.file})` : ''}`;
    }),
  );
  return [
    `[${NAME}] the build removed rules that built pages use:`,
    ...lines,
    'A script composes these names or attribute values at run time. Add an entry to config/cssSafelist.ts naming the script that adds them.',
  ].join('\n');
}

const gzip = (text: string) => zlib.gzipSync(text, {level: 9}).length;

export default function cssPurgePlugin({safelist}: CssPurgeOptions): () => Plugin {
  return () => {
    const state: BuildState = {scripts: '', byPurgedText: new Map(), records: []};
    return {
      name: NAME,
      configureWebpack(config, isServer) {
        // The server bundle writes no CSS; the development server keeps every rule, for editing.
        if (isServer || config.mode !== 'production') return {};
        return {plugins: [purgeInBundle(safelist, state) as never]};
      },
      async postBuild({outDir}) {
        if (state.records.length === 0) throw new Error(`[${NAME}] no stylesheet was purged in the browser build`);
        const pageTokens = new PageTokens();
        const pages = htmlFiles(outDir).map((file) => {
          const html = fs.readFileSync(file, 'utf8');
          pageTokens.add(html);
          return {file: path.relative(outDir, file), html};
        });
        const lost = await selectorsThePagesLose(state.records, {scripts: [state.scripts], pages: pageTokens.result()}, safelist);
        if (lost.length > 0) throw new Error(lostMessage(lost, pages));
        for (const record of state.records) {
          const purged = fs.readFileSync(path.join(outDir, record.file), 'utf8');
          console.log(
            `[${NAME}] ${record.file}: ${Buffer.byteLength(record.unpurged)} → ${Buffer.byteLength(purged)} bytes, gzip ${gzip(record.unpurged)} → ${gzip(purged)} (${record.rejected.length} selectors removed; the full file is in ${UNPURGED_DIR}/)`,
          );
        }
      },
    };
  };
}
