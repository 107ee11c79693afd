/**
 * Opens the pages of the production build in Chromium, served by the production nginx config
 * with the security headers the build wrote, so the Content-Security-Policy is enforced: no
 * policy violation, no console errors, no failed requests, no request to any host but the
 * site's own (default configuration), and every page answered with the build's policy. Every
 * hand-written page and every API tag page is opened; of the generated API operation pages,
 * which all come from one template and are the slowest to hydrate, every third is (the
 * template itself is tested in api-reference.spec.ts). That keeps the crawl to a few minutes.
 * On a doc page it also waits for the islands of the static content to hydrate, and fails on
 * a button, summary, tab or form field of the content outside any island.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type BrowserContext} from '@playwright/test';
import {startNginx, type NginxServer} from '../support/nginx';
import {builtPolicy, recordPolicyViolations} from './csp';
import {buildDir} from './support';
import {actionableOutsideIslands, islandsHydrated} from './staticContent';
import {patience} from '../../scripts/testing/patience';

const SHARDS = 6;
const PAGES_AT_ONCE = 3;
const OPERATION_PAGE_SAMPLE = 3;
/** An operation page of the current API reference or of an older one (`/reference/api/unleash/v7/…`, generated into docs-api/v7). */
const OPERATION_PAGE = /^\/reference\/api\/unleash\/(?:v(\d+)\/)?([^/]+)$/;

function builtPages(): string[] {
  const root = buildDir();
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(full);
      } else if (entry.name.endsWith('.html') && entry.name !== '404.html') {
        // Client redirects are tiny pages with a meta refresh; they are checked elsewhere.
        if (fs.readFileSync(full, 'utf8').includes('http-equiv="refresh"')) continue;
        const rel = path.relative(root, full).replace(/\\/g, '/').replace(/\.html$/, '');
        pages.push(rel === 'index' ? '/' : `/${rel}`);
      }
    }
  };
  walk(root);
  return pages.sort();
}

interface PageProblem {
  path: string;
  problem: string;
}

let server: NginxServer | undefined;
test.beforeAll(async () => {
  server = await startNginx(buildDir());
});
test.afterAll(async () => {
  await server?.close();
});
const siteUrl = (route: string) => `${server!.url}${route}`;

async function visit(context: BrowserContext, route: string, origin: string, policy: string): Promise<PageProblem[]> {
  const problems: PageProblem[] = [];
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push({path: route, problem: `console error: ${message.text()}`});
  });
  page.on('pageerror', (error) => problems.push({path: route, problem: `page error: ${error.message}`}));
  page.on('requestfailed', (request) => problems.push({path: route, problem: `failed request: ${request.url()} (${request.failure()?.errorText})`}));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push({path: route, problem: `HTTP ${response.status()}: ${response.url()}`});
  });
  // Watched, not intercepted: routing every request would turn off the browser cache, so each
  // page would download the whole bundle again. A request to another host fails the test
  // whether or not it could reach that host.
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol.startsWith('http')) problems.push({path: route, problem: `request to another host: ${url.href}`});
  });
  const response = await page.goto(siteUrl(route), {waitUntil: 'load'});
  const header = response?.headers()['content-security-policy'];
  if (header !== policy) problems.push({path: route, problem: `Content-Security-Policy ${header === undefined ? 'missing' : `is not the build's: ${header}`}`});
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
  // The islands of a doc's static content hydrate too (in idle time), and nothing a reader
  // could act on is left outside them (src/components/StaticContent).
  await islandsHydrated(page);
  for (const element of await actionableOutsideIslands(page)) problems.push({path: route, problem: `in static content, outside any island: ${element}`});
  await page.close();
  return problems;
}

/** Operation pages by the generated files they come from (tag pages are `.tag.mdx`). */
function isOperationPage(route: string): boolean {
  const match = OPERATION_PAGE.exec(route);
  if (!match) return false;
  const dir = match[1] ? path.join('docs-api', `v${match[1]}`) : path.join('docs', 'reference', 'api', 'unleash');
  return fs.existsSync(path.join(buildDir(), '..', dir, `${match[2]}.api.mdx`));
}

function pagesToCrawl(): string[] {
  const all = builtPages();
  const operations = all.filter(isOperationPage);
  const sampled = new Set(operations.filter((_, index) => index % OPERATION_PAGE_SAMPLE === 0));
  // The search page with a query renders differently from its static HTML: crawl it too.
  return [...all.filter((route) => !isOperationPage(route) || sampled.has(route)), '/search?q=feature%20flag'];
}

const pages = pagesToCrawl();

test('the crawl covers every hand-written page and a third of the operation pages', () => {
  const operations = builtPages().filter(isOperationPage);
  expect(operations.length).toBeGreaterThan(100);
  expect(pages.filter(isOperationPage).length).toBe(Math.ceil(operations.length / OPERATION_PAGE_SAMPLE));
  expect(pages).toContain('/reference/segments');
  expect(pages).toContain('/reference/api/unleash/events');
});

for (let shard = 0; shard < SHARDS; shard += 1) {
  test(`crawl shard ${shard + 1}/${SHARDS}: pages load cleanly, offline, under the enforced policy`, async ({browser}) => {
    test.setTimeout(patience(600_000));
    const mine = pages.filter((_, index) => index % SHARDS === shard);
    const origin = new URL(siteUrl('/')).origin;
    const policy = builtPolicy(buildDir());
    const context = await browser.newContext();
    const violations = await recordPolicyViolations(context);
    const problems: PageProblem[] = [];
    for (let i = 0; i < mine.length; i += PAGES_AT_ONCE) {
      const batch = mine.slice(i, i + PAGES_AT_ONCE);
      problems.push(...(await Promise.all(batch.map((route) => visit(context, route, origin, policy)))).flat());
    }
    await context.close();
    problems.push(...violations.map((violation) => ({path: new URL(violation.split(': ')[0]!, origin).pathname, problem: `policy violation: ${violation}`})));
    expect(mine.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
}
