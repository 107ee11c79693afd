/**
 * npm run bench:hydration [-- --build <dir>] [/path …]: how much of each page React took over
 * on load. Loads every page (default: the benchmark's pages) in Chromium at a phone's size,
 * waits until the page has hydrated and the browser has been idle twice, and counts the
 * elements React has a fiber for (the `__reactFiber$…` key React puts on every element it
 * hydrates or renders), in the whole document and in the doc's content (`.theme-doc-markdown`),
 * and the content's elements with none. The React DevTools hook is not needed. Writes nothing.
 */
import path from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import {startStaticServer} from '../../tests/support/staticServer';
import {CHROMIUM, CHROMIUM_ARGS} from './chromium';
import {PAGES} from './site';

export interface HydrationCount {
  path: string;
  /** Elements in the document. */
  elements: number;
  /** Elements React holds a fiber for. */
  withFiber: number;
  /** Elements in the doc's content (0 on pages without one). */
  contentElements: number;
  contentWithFiber: number;
}

/**
 * Runs in the page: counts elements by whether React has a fiber for them. A string, so the
 * TypeScript runner's helpers (it names functions) do not reach the page.
 */
const COUNT_IN_PAGE = `(() => {
  const hasFiber = (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  const all = [...document.querySelectorAll('*')];
  const content = [...document.querySelectorAll('.theme-doc-markdown, .theme-doc-markdown *')];
  return {
    elements: all.length,
    withFiber: all.filter(hasFiber).length,
    contentElements: content.length,
    contentWithFiber: content.filter(hasFiber).length,
  };
})()`;

export async function countHydration(buildDir: string, paths: readonly string[]): Promise<HydrationCount[]> {
  const server = await startStaticServer(buildDir);
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  try {
    const counts: HydrationCount[] = [];
    for (const route of paths) {
      const page = await browser.newPage({viewport: {width: 412, height: 823}});
      await page.goto(`${server.url}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      // What hydrates after the page (idle work) counts too.
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));
      counts.push({path: route, ...((await page.evaluate(COUNT_IN_PAGE)) as Omit<HydrationCount, 'path'>)});
      await page.close();
    }
    return counts;
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main(): Promise<void> {
  const {values, positionals} = parseArgs({options: {build: {type: 'string', default: 'build'}}, allowPositionals: true});
  const buildDir = path.resolve(values.build);
  const counts = await countHydration(buildDir, positionals.length > 0 ? positionals : PAGES);
  console.log(`${buildDir}: elements React has a fiber for, after hydration and two idle periods (412×823)`);
  for (const count of counts) {
    console.log(`  ${count.path}`);
    console.log(`    document: ${count.withFiber} of ${count.elements} elements`);
    if (count.contentElements > 0) console.log(`    content:  ${count.contentWithFiber} of ${count.contentElements} elements`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
