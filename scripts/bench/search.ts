/**
 * npm run bench:search: the local search index side by side with Pagefind on the same
 * build/ — relevance on contract/search-queries.json, index size, bytes downloaded before
 * the first result, load time, and query time in Node and in Chromium. Writes
 * bench/search.json, prints its table, and rewrites BENCHMARKS.md (its Search section).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium, type Page} from '@playwright/test';
import {startStaticServer} from '../../tests/support/staticServer';
import {CHROMIUM, CHROMIUM_ARGS} from './chromium';
import {loadEngine, searchPages} from './localEngine';
import {measureRelevance, readQueries, type RelevanceReport} from './relevance';
import {writeBenchmarks} from './report';
import {searchTable, type SearchReport, type Sizes} from './searchReport';
import {gzipSize} from './weight';

const root = path.resolve(__dirname, '../..');
const buildDir = path.join(root, 'build');

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

/** Gzip bytes of every response a page receives while `action` runs. */
async function bytesDuring(page: Page, action: () => Promise<void>): Promise<number> {
  const sizes: Array<Promise<number>> = [];
  const listener = (response: import('@playwright/test').Response) => sizes.push(response.body().then((body) => gzipSize(body), () => 0));
  page.on('response', listener);
  await action();
  page.off('response', listener);
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(buildDir, 'search/manifest.json'))) throw new Error('No build with a search index: run "npm run build" first.');
  const queries = readQueries();
  const date = new Date().toISOString();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

  // Local engine in Node.
  let started = performance.now();
  const {engine, file, files} = loadEngine(buildDir);
  const nodeLoadMs = performance.now() - started;
  const existing = new Set(file.pages.map(([url]) => url));
  const localRelevance = await measureRelevance(queries, existing, (q) => searchPages(engine, q));
  const nodeTimes: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const {q} of queries) {
      started = performance.now();
      await searchPages(engine, q);
      nodeTimes.push(performance.now() - started);
    }
  }
  const searchDir = path.join(buildDir, 'search');
  const indexFile = path.join(searchDir, files[1]!);
  const local: SearchReport['local'] = {
    relevance: localRelevance,
    index: sizeOf([indexFile]),
    shards: sizeOf(files.slice(2).map((name) => path.join(searchDir, name))),
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
  let localChromium: SearchReport['localChromium'];
  let pagefind: SearchReport['pagefind'];
  try {
    // Local engine in Chromium, through the real modal: keystroke to rendered results.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    const firstResultBytes = await bytesDuring(page, async () => {
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('segments');
      await page.locator('.DocSearch-Hit').first().waitFor();
    });
    const browserTimes: number[] = [];
    // Two passes: the first loads the paragraph shards the queries touch ("once loaded").
    for (const [pass, {q}] of [...queries, ...queries].map((query, index) => [index < queries.length ? 0 : 1, query] as const)) {
      const elapsed = 
        await page.evaluate(async (query) => {
          const input = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          const dropdown = document.querySelector('.DocSearch-Dropdown')!;
          const before = dropdown.innerHTML;
          const t0 = performance.now();
          setValue.call(input, query);
          input.dispatchEvent(new Event('input', {bubbles: true}));
          // Anonymous callbacks only: this function is serialised into the page as is.
          await new Promise<void>((resolve) => {
            const observer = new MutationObserver(() => {
              if (dropdown.innerHTML !== before && !document.querySelector('.DocSearch-Container--Stalled')) {
                observer.disconnect();
                resolve();
              }
            });
            observer.observe(dropdown, {childList: true, subtree: true, characterData: true});
          });
          await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
          return performance.now() - t0;
        }, q);
      if (pass === 1) browserTimes.push(elapsed);
    }
    localChromium = {bytesBeforeFirstResultGzip: firstResultBytes, queryMs: {p50: percentile(browserTimes, 50), p95: percentile(browserTimes, 95)}};
    await context.close();

    // Pagefind in Chromium, through its JS API.
    const pfContext = await browser.newContext();
    const pfPage = await pfContext.newPage();
    await pfPage.goto(`${pagefindServer.url}/pagefind/pagefind-ui.css`).catch(() => undefined);
    await pfPage.setContent('<html><body></body></html>');
    await pfPage.goto(`${pagefindServer.url}/pagefind/pagefind.js`);
    const pfBytes = await bytesDuring(pfPage, async () => {
      await pfPage.evaluate(async (base) => {
        const pf = await import(`${base}/pagefind/pagefind.js`);
        await pf.init();
        (window as unknown as {pf: unknown}).pf = pf;
        const search = await pf.search('segments');
        await Promise.all(search.results.slice(0, 5).map((r: {data: () => Promise<unknown>}) => r.data()));
      }, pagefindServer.url);
    });
    const pfTimes: number[] = [];
    const pfRelevance: RelevanceReport = await measureRelevance(queries, existing, async (q) => {
      const {urls, ms} = await pfPage.evaluate(async (query) => {
        const pf = (window as unknown as {pf: {search: (q: string) => Promise<{results: Array<{data: () => Promise<{url: string}>}>}>}}).pf;
        const t0 = performance.now();
        const search = await pf.search(query);
        const data = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
        return {urls: data.map((d) => d.url), ms: performance.now() - t0};
      }, q);
      pfTimes.push(ms);
      return urls.map((url) => url.replace(/\.html$/, '').replace(/\/index$/, '') || '/');
    });
    pagefind = {relevance: pfRelevance, bytesBeforeFirstResultGzip: pfBytes, queryMs: {p50: percentile(pfTimes, 50), p95: percentile(pfTimes, 95)}};
    await pfContext.close();
  } finally {
    await browser.close();
    await site.close();
    await pagefindServer.close();
  }

  const report: SearchReport = {date, machine, queries: queries.length, local, pagefindIndex, localChromium, pagefind};
  fs.mkdirSync(path.join(root, 'bench'), {recursive: true});
  fs.writeFileSync(path.join(root, 'bench/search.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(searchTable(report).join('\n'));
  writeBenchmarks(root);
}

main().catch((error: unknown) => {
  console.error(`[bench:search] ${(error as Error).stack ?? error}`);
  process.exit(1);
});
