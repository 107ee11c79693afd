/**
 * npm run bench:search: the local search index side by side with Pagefind on the same
 * build/ — relevance on contract/search-queries.json (ours in Node and as the real modal
 * shows it, Pagefind through its JavaScript API), index sizes, bytes downloaded before the
 * first result, and query time in Node and in Chromium. Writes bench/search.json, prints
 * its table, and rewrites BENCHMARKS.md (its Search section).
 *
 * Every wait in the browser is bounded: a query whose results do not show within
 * QUERY_TIMEOUT_MS is reported as timed out and counted as a miss.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium, type Browser, type BrowserContext, type Page} from '@playwright/test';
import {startStaticServer} from '../../tests/support/staticServer';
import {CHROMIUM, CHROMIUM_ARGS} from './chromium';
import {indexedPages, loadEngine, searchPages} from './localEngine';
import {MAX_QUERY_CHARS, measureRelevance, pagePath, readQueries, readRealQuestions, type RelevanceReport} from './relevance';
import {writeBenchmarks} from './report';
import {FIRST_QUERIES, QUERY_TIMEOUT_MS, searchTable, type FirstResult, type SearchReport, type Sizes} from './searchReport';
import {gzipSize} from './weight';

const root = path.resolve(__dirname, '../..');
const buildDir = path.join(root, 'build');
/** How long a cold first search may take (modal code, index and first files over the network). */
const FIRST_RESULT_TIMEOUT_MS = 20_000;

function sizeOf(files: string[]): Sizes {
  const buffers = files.map((file) => fs.readFileSync(file));
  return {
    files: files.length,
    raw: buffers.reduce((sum, b) => sum + b.length, 0),
    gzip: buffers.reduce((sum, b) => sum + gzipSize(b), 0),
    brotli: buffers.reduce((sum, b) => sum + zlib.brotliCompressSync(b).length, 0),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** Gzip bytes and count of every response a page receives while `action` runs. */
async function bytesDuring(page: Page, action: () => Promise<void>): Promise<{gzip: number; files: number}> {
  const sizes: Array<Promise<number>> = [];
  const listener = (response: import('@playwright/test').Response) => sizes.push(response.body().then((body) => gzipSize(body), () => 0));
  page.on('response', listener);
  try {
    await action();
  } finally {
    page.off('response', listener);
  }
  const all = await Promise.all(sizes);
  return {gzip: all.reduce((a, b) => a + b, 0), files: all.length};
}

class TimedOut extends Error {}

/** Rejects with TimedOut after `ms`, so no step of the benchmark can wait for ever. */
function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new TimedOut(`${what}: no answer within ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** A timed-out step counts as a miss; any other failure is a broken benchmark and stops it. */
function timedOutAs<T>(value: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof TimedOut) return value;
    throw error;
  };
}

/**
 * A browser context whose pages define `__name`: tsx compiles the functions this script
 * hands to page.evaluate with calls to that helper, which a page does not have.
 */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript({content: 'globalThis.__name = (fn) => fn;'});
  return context;
}

interface ModalAnswer {
  /** Result URLs in the order the modal shows them; null when the results never showed. */
  urls: string[] | null;
  ms: number;
}

/**
 * Types a query into the open modal and waits, at most `timeout` ms, until the dropdown
 * shows the answer to that query: its "See all" link carries the query, or the no-results
 * screen names it. Comparing with the previous dropdown would wait for ever when two
 * queries show the same results.
 */
async function typeIntoModal(page: Page, query: string, timeout: number): Promise<ModalAnswer> {
  return page.evaluate(
    async ({query, timeout}) => {
      // Anonymous functions only: this function is serialised into the page as is.
      const input = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const dropdown = document.querySelector('.DocSearch-Dropdown')!;
      const answered = () => {
        if (document.querySelector('.DocSearch-Container--Stalled')) return false;
        const seeAll = dropdown.querySelector<HTMLAnchorElement>('.DocSearch-HitsFooter a');
        if (seeAll && new URL(seeAll.href).searchParams.get('q') === query) return true;
        const noResults = dropdown.querySelector('.DocSearch-NoResults .DocSearch-Title strong');
        return noResults !== null && noResults.textContent === query;
      };
      const t0 = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', {bubbles: true}));
      const shown = await new Promise<boolean>((resolve) => {
        const finish = (value: boolean) => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(value);
        };
        const observer = new MutationObserver(() => answered() && finish(true));
        const timer = setTimeout(() => finish(answered()), timeout);
        observer.observe(dropdown, {childList: true, subtree: true, characterData: true, attributes: true});
        if (answered()) finish(true);
      });
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const ms = performance.now() - t0;
      const urls = shown ? [...dropdown.querySelectorAll<HTMLElement>('.DocSearch-Hit .DocSearch-Hit-link')].map((link) => link.dataset.url ?? '') : null;
      return {urls, ms};
    },
    {query, timeout},
  );
}

/**
 * Opens the home page and waits until it has hydrated and its network has settled: the
 * router prefetches the chunks of the pages it links to, which are not the search's bytes.
 */
async function openHome(page: Page, siteUrl: string): Promise<void> {
  await page.goto(`${siteUrl}/`, {timeout: FIRST_RESULT_TIMEOUT_MS});
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', null, {timeout: FIRST_RESULT_TIMEOUT_MS});
  await page.waitForLoadState('networkidle', {timeout: FIRST_RESULT_TIMEOUT_MS}).catch(() => undefined);
}

/** A cold browser context per query: open the modal, type, until the first hit shows. */
async function localFirstResults(browser: Browser, siteUrl: string): Promise<FirstResult[]> {
  const results: FirstResult[] = [];
  for (const query of FIRST_QUERIES) {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await openHome(page, siteUrl);
      const t0 = Date.now();
      let shown = true;
      const bytes = await bytesDuring(page, async () => {
        await page.keyboard.press('Control+k');
        await page.locator('.DocSearch-Input').fill(query, {timeout: FIRST_RESULT_TIMEOUT_MS});
        shown = await page
          .locator('.DocSearch-Hit')
          .first()
          .waitFor({timeout: FIRST_RESULT_TIMEOUT_MS})
          .then(() => true, () => false);
      });
      results.push({query, ...bytes, ms: Date.now() - t0, timedOut: !shown});
    } finally {
      await context.close();
    }
  }
  return results;
}

interface PagefindWindow {
  pf: {search: (q: string) => Promise<{results: Array<{data: () => Promise<{url: string}>}>}>};
}

/** Loads Pagefind in a fresh page of `context`, runs `query` and reads its first five results, as its UI would. */
async function pagefindSearch(page: Page, base: string, query: string, init: boolean, timeout: number): Promise<{urls: string[] | null; ms: number}> {
  return page.evaluate(
    async ({base, query, init, timeout}) => {
      const run = async () => {
        const w = window as unknown as PagefindWindow;
        if (init) {
          const pf = await import(`${base}/pagefind/pagefind.js`);
          await pf.init();
          w.pf = pf;
        }
        const t0 = performance.now();
        const search = await w.pf.search(query);
        const data = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
        return {urls: data.map((d) => d.url), ms: performance.now() - t0};
      };
      return Promise.race([run(), new Promise<{urls: null; ms: number}>((resolve) => setTimeout(() => resolve({urls: null, ms: timeout}), timeout))]);
    },
    {base, query, init, timeout},
  );
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'search/manifest.json'))) throw new Error('No build with a search index: run "npm run build" first.');
  const queries = readQueries();
  // The real questions (issue #36) are measured the same way, each engine answering them in the same session.
  const real = readRealQuestions().queries;
  const allQueries = [...queries, ...real];
  const own = new Set(queries.map(({q}) => q));
  const date = new Date().toISOString();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

  // Local engine in Node, every file loaded first so query times are the engine's own.
  let started = performance.now();
  const {engine, core, files} = loadEngine(buildDir);
  const nodeLoadMs = performance.now() - started;
  await engine.loadVocabulary();
  await Promise.all(Array.from({length: engine.chunkCount}, (_, index) => engine.loadChunk(index)));
  const existing = indexedPages(core);
  const localRelevance = await measureRelevance(queries, existing, (q) => searchPages(engine, q));
  const realLocal = await measureRelevance(real, existing, (q) => searchPages(engine, q));
  const nodeTimes: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const {q} of queries) {
      started = performance.now();
      await searchPages(engine, q);
      nodeTimes.push(performance.now() - started);
    }
  }
  const searchDir = path.join(buildDir, 'search');
  const group = (test: (name: string) => boolean) => sizeOf(files.filter(test).map((name) => path.join(searchDir, name)));
  const local: SearchReport['local'] = {
    relevance: localRelevance,
    files: {
      core: group((name) => name.startsWith('index.')),
      vocabulary: group((name) => name.startsWith('vocabulary.')),
      chunks: group((name) => name.startsWith('chunk-')),
      shards: group((name) => name.startsWith('shard-')),
    },
    nodeLoadMs,
    nodeQueryMs: {p50: percentile(nodeTimes, 50), p95: percentile(nodeTimes, 95)},
  };

  // Pagefind on the same build.
  const pagefindDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagefind-'));
  const pagefindModule = await import('pagefind');
  const {index} = await pagefindModule.createIndex({});
  await index!.addDirectory({path: buildDir});
  await index!.writeFiles({outputPath: path.join(pagefindDir, 'pagefind')});
  await pagefindModule.close();
  const pagefindIndex = sizeOf(listFiles(path.join(pagefindDir, 'pagefind')));

  const site = await startStaticServer(buildDir);
  const pagefindServer = await startStaticServer(pagefindDir);
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  let modal: SearchReport['modal'];
  let pagefind: SearchReport['pagefind'];
  let realModal: RelevanceReport;
  let realPagefind: RelevanceReport;
  try {
    const firstResults = await localFirstResults(browser, site.url);

    // The real modal: keystroke to rendered results, and the results in the order shown.
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(FIRST_RESULT_TIMEOUT_MS);
    await openHome(page, site.url);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    const shown = new Map<string, string[] | null>();
    const timedOut = new Set<string>();
    const browserTimes: number[] = [];
    const timed: Array<{q: string; ms: number}> = [];
    // Two passes: the first loads the chunks and shards the queries touch; the second is timed.
    for (const pass of [0, 1]) {
      for (const {q} of allQueries) {
        const answer = await bounded(typeIntoModal(page, q.slice(0, MAX_QUERY_CHARS), QUERY_TIMEOUT_MS), QUERY_TIMEOUT_MS + 10_000, `modal query "${q}"`).catch(timedOutAs<ModalAnswer>({urls: null, ms: NaN}));
        if (answer.urls === null) timedOut.add(q);
        if (pass === 0) shown.set(q, answer.urls === null ? null : answer.urls.map(pagePath));
        // Query times stay those of the project's own queries, comparable across runs.
        else if (answer.urls !== null && own.has(q)) {
          browserTimes.push(answer.ms);
          timed.push({q, ms: answer.ms});
        }
      }
    }
    const modalRelevance = await measureRelevance(queries, existing, async (q) => shown.get(q) ?? null);
    realModal = await measureRelevance(real, existing, async (q) => shown.get(q) ?? null);
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 5);
    modal = {relevance: modalRelevance, timedOut: [...timedOut], firstResults, queryMs: {p50: percentile(browserTimes, 50), p95: percentile(browserTimes, 95)}, slowest};
    await context.close();

    // Pagefind in Chromium, through its JS API: cold first results, then every query.
    const pfFirst: FirstResult[] = [];
    for (const query of FIRST_QUERIES) {
      const pfContext = await newContext(browser);
      try {
        const pfPage = await pfContext.newPage();
        await pfPage.goto(`${pagefindServer.url}/pagefind/pagefind.js`, {timeout: FIRST_RESULT_TIMEOUT_MS});
        const t0 = Date.now();
        let urls: string[] | null = null;
        const bytes = await bytesDuring(pfPage, async () => {
          ({urls} = await pagefindSearch(pfPage, pagefindServer.url, query, true, FIRST_RESULT_TIMEOUT_MS));
        });
        pfFirst.push({query, ...bytes, ms: Date.now() - t0, timedOut: urls === null});
      } finally {
        await pfContext.close();
      }
    }
    const pfContext = await newContext(browser);
    const pfPage = await pfContext.newPage();
    await pfPage.goto(`${pagefindServer.url}/pagefind/pagefind.js`, {timeout: FIRST_RESULT_TIMEOUT_MS});
    await pagefindSearch(pfPage, pagefindServer.url, 'segments', true, FIRST_RESULT_TIMEOUT_MS);
    const pfTimes: number[] = [];
    const pfTimedOut: string[] = [];
    const pagefindAnswer = async (q: string) => {
      if (!own.has(q)) return (await bounded(pagefindSearch(pfPage, pagefindServer.url, q, false, QUERY_TIMEOUT_MS), QUERY_TIMEOUT_MS + 10_000, `Pagefind query "${q}"`).catch(timedOutAs<{urls: string[] | null; ms: number}>({urls: null, ms: NaN}))).urls?.map(pagePath) ?? null;
      const {urls, ms} = await bounded(pagefindSearch(pfPage, pagefindServer.url, q, false, QUERY_TIMEOUT_MS), QUERY_TIMEOUT_MS + 10_000, `Pagefind query "${q}"`).catch(timedOutAs<{urls: string[] | null; ms: number}>({urls: null, ms: NaN}));
      if (urls === null) {
        pfTimedOut.push(q);
        return null;
      }
      pfTimes.push(ms);
      return urls.map(pagePath);
    };
    const pfRelevance = await measureRelevance(queries, existing, pagefindAnswer);
    realPagefind = await measureRelevance(real, existing, pagefindAnswer);
    pagefind = {relevance: pfRelevance, timedOut: pfTimedOut, firstResults: pfFirst, queryMs: {p50: percentile(pfTimes, 50), p95: percentile(pfTimes, 95)}};
    await pfContext.close();
  } finally {
    await browser.close();
    await site.close();
    await pagefindServer.close();
    fs.rmSync(pagefindDir, {recursive: true, force: true});
  }

  const report: SearchReport = {version: 2, date, machine, queries: queries.length, local, modal, pagefindIndex, pagefind, real: {queries: real.length, local: realLocal, modal: realModal, pagefind: realPagefind}};
  fs.mkdirSync(path.join(root, 'bench'), {recursive: true});
  fs.writeFileSync(path.join(root, 'bench/search.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(searchTable(report).join('\n'));
  writeBenchmarks(root);
}

main().catch((error: unknown) => {
  console.error(`[bench:search] ${(error as Error).stack ?? error}`);
  process.exit(1);
});

