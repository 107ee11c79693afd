import zlib from 'node:zlib';
import fs from 'node:fs';
import {expect, test, type BrowserContext} from '@playwright/test';
import {buildDir, collectConsole, hydrated, siteUrl} from './support';

const LANGUAGES = ['curl', 'python', 'go', 'nodejs', 'ruby', 'csharp', 'php', 'java', 'powershell'];

/**
 * Sizes of every script a page downloads while loading and hydrating, in a page of its own (so
 * a script another page was still fetching cannot be counted), read from the build: what the
 * server sends for that path.
 */
async function scriptBytes(context: BrowserContext, path: string): Promise<{raw: number; gzip: number; files: string[]}> {
  const page = await context.newPage();
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.push(new URL(request.url()).pathname);
  });
  await page.goto(siteUrl(path));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  const bodies = [...new Set(files)].map((file) => fs.readFileSync(`${buildDir()}${file}`));
  return {
    raw: bodies.reduce((sum, body) => sum + body.length, 0),
    gzip: bodies.reduce((sum, body) => sum + zlib.gzipSync(body, {level: 9}).length, 0),
    files,
  };
}

test.describe('API reference', () => {
  test('an operation page shows its method, path, parameters, schemas and the nine code-sample tabs', async ({page}) => {
    await page.goto(siteUrl('/reference/api/unleash/get-feature'));
    await hydrated(page);
    await expect(page.locator('.openapi__method-endpoint .badge')).toHaveText('GET');
    await expect(page.locator('.openapi__method-endpoint-path')).toContainText('/api/admin/projects/:projectId/features/:featureName');
    await expect(page.getByText('Path Parameters')).toBeVisible();
    await expect(page.locator('.openapi-params__list-item', {hasText: 'projectId'})).toBeVisible();
    await expect(page.getByRole('heading', {name: 'Responses'})).toBeVisible();
    await expect(page.locator('.openapi-tabs__response-code-item')).toHaveText(['200', '401', '403', '404']);
    await expect(page.locator('.openapi-schema__property').first()).toBeVisible();
    const tabs = page.locator('.openapi-tabs__code-item');
    await expect(tabs).toHaveText(LANGUAGES);
    const samples: Record<string, string> = {python: 'import requests', csharp: 'HttpClient', nodejs: 'https.request(', powershell: 'Invoke-RestMethod'};
    for (const [language, marker] of Object.entries(samples)) {
      await tabs.filter({hasText: new RegExp(`^${language}$`)}).click();
      await expect(page.locator('.openapi-explorer__code-block pre')).toContainText(marker);
    }
  });

  test('nothing on an operation page contacts another host until "Send API Request"', async ({page}) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.host !== new URL(siteUrl('/')).host) foreign.push(url.href);
    });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({status: 200, contentType: 'application/json', body: '{"ok":true}'}));
    await page.goto(siteUrl('/reference/api/unleash/get-feature'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', {name: 'Try this request'}).click();
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });

  test('the API index page describes the API at /reference/api/unleash', async ({page}) => {
    await page.goto(siteUrl('/reference/api/unleash'));
    await expect(page.getByRole('heading', {name: 'Unleash API', level: 1})).toBeVisible();
    for (const heading of ['The three APIs', 'Base URL', 'Authentication', 'Errors', 'Rate limits', 'Versioning and stability']) {
      await expect(page.getByRole('heading', {name: new RegExp(`^${heading}`)}).first()).toBeVisible();
    }
  });

  test('a plain doc page loads none of the API theme and stays within its script budget; an operation page runs at most 10 KB more', async ({context}) => {
    const api = await scriptBytes(context, '/reference/api/unleash/get-feature');
    const apiOnly = api.files.filter((file) => /api-item/.test(file));
    expect(apiOnly.length).toBeGreaterThan(0);
    const plain = await scriptBytes(context, '/reference/segments');
    expect(plain.files.filter((file) => /api-item/.test(file))).toEqual([]);
    // The budget for all scripts of a plain doc page, gzip (measured 242 KB; React is
    // 60 KB of it, Docusaurus' route registry and routes for ~470 pages about 45 KB).
    expect(plain.gzip).toBeLessThanOrEqual(250 * 1024);
    // Issue #32: what only operation pages need, not the explorer (loaded when asked for).
    expect(api.files.filter((file) => /api-explorer|api-live|api-operation/.test(file))).toEqual([]);
    expect(api.gzip - plain.gzip).toBeLessThanOrEqual(10 * 1024);
  });
});

test('an operation page arrives in order: its text comes before the footer, with no part revealed later by script', async ({request}) => {
  const html = await (await request.get(siteUrl('/reference/api/unleash/get-feature'))).text();
  const text = html.indexOf('Returns one feature flag with its environments');
  expect(text).toBeGreaterThan(0);
  expect(text).toBeLessThan(html.indexOf('<footer'));
  // React's server renderer moves large Suspense content to the end of the HTML in a <template>.
  expect(html).not.toMatch(/<template id="?B:/);
});

test('following a link to an operation page renders it in place, with its explorer, and no errors', async ({page}) => {
  const messages = collectConsole(page);
  await page.goto(siteUrl('/reference/api/unleash/events'));
  await hydrated(page);
  // Marks this document: a full page load would drop the mark.
  await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
  await page.locator('article a.card', {hasText: 'Get recent events'}).first().click();
  await expect(page.getByRole('heading', {name: 'Get recent events', level: 1})).toBeVisible();
  await expect(page.locator('.openapi__method-endpoint .badge')).toHaveText('GET');
  // Rendered by the browser: the operation's components and the request column render at once.
  await expect(page.locator('.openapi-tabs__response-code-item').first()).toBeVisible();
  await expect(page.locator('.api-request__sample')).toContainText('curl');
  await page.getByRole('button', {name: 'Try this request'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
  expect(messages).toEqual([]);
});

test('on a narrow screen the API explorer downloads only when the reader asks for it, not when its column comes into view', async ({page}) => {
  await page.setViewportSize({width: 412, height: 823});
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(siteUrl('/reference/api/unleash/get-feature'));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const column = page.locator('.openapi-right-panel__container');
  await column.scrollIntoViewIfNeeded();
  await expect(column.locator('.api-request__sample')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((file) => /api-explorer/.test(file))).toEqual([]);
  await page.getByRole('button', {name: 'Try this request'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
  expect(scripts.some((file) => /api-explorer/.test(file))).toBe(true);
});

test('an API tag page lists its operations as cards with their descriptions', async ({page}) => {
  await page.goto(siteUrl('/reference/api/unleash/events'));
  await hydrated(page);
  const card = page.locator('article a.card', {hasText: 'Get recent events'}).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Called without parameters it lists the latest 100 events');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Read the event log that records every change made in Unleash.');
});
