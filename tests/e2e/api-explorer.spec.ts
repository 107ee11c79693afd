/**
 * The request column of an operation page (issue #32): the request arrives rendered by the
 * server, the explorer loads only when the reader asks for it, in place, without moving
 * anything, keeping what the reader typed while it loaded, and still sends a real request;
 * the endpoint path stays inside its box; the authentication panel names its scheme once.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect, test, type Page} from '@playwright/test';
import {startStaticServer, type StaticServer} from '../support/staticServer';
import {buildDir, collectConsole, hydrated, siteUrl} from './support';
import {patience} from '../../scripts/testing/patience';

const OPERATION = '/reference/api/unleash/get-feature';
const LANGUAGES = ['curl', 'python', 'go', 'nodejs', 'ruby', 'csharp', 'php', 'java', 'powershell'];
/** The explorer's chunks: the explorer itself, the store and the operation components. */
const EXPLORER_CHUNKS = /\/(api-explorer|api-live|api-operation)\.[0-9a-f]+\.js$/;

interface Received {
  method: string;
  path: string;
  authorization?: string;
}

/**
 * A tiny Unleash stand-in on 127.0.0.1 that also serves the build, so the explorer's request
 * (relative to the site while API_SERVER_URL is the placeholder) reaches it: every path with
 * `/api/admin/` is answered here and recorded, the rest comes from the build.
 */
async function unleashBesideTheSite(): Promise<{url: string; received: Received[]; close(): Promise<void>}> {
  const site: StaticServer = await startStaticServer(buildDir());
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const at = url.pathname.indexOf('/api/admin/');
    if (at >= 0) {
      received.push({method: request.method ?? '', path: `${url.pathname.slice(at)}${url.search}`, authorization: request.headers.authorization});
      response.writeHead(200, {'content-type': 'application/json'});
      response.end(JSON.stringify({name: 'answered-by-the-local-server', project: 'typed-project'}));
      return;
    }
    const upstream = http.request(`${site.url}${request.url}`, {method: request.method, headers: request.headers}, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await site.close();
    },
  };
}

/** Scripts the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.push(new URL(request.url()).pathname);
  });
  return files;
}

/** Layout shifts not caused by the reader's own input, from the page's start. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = window as unknown as {shifts: Array<{value: number; sources: string[]}>};
    scope.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & {value: number; hadRecentInput: boolean; sources?: Array<{node?: Node}>}>) {
        if (!entry.hadRecentInput) scope.shifts.push({value: entry.value, sources: (entry.sources ?? []).map((source) => (source.node as Element | undefined)?.className?.toString() ?? '?')});
      }
    }).observe({type: 'layout-shift', buffered: true});
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as {shifts: Array<{value: number; sources: string[]}>}).shifts);

/** Where the column's parts are laid out, independent of scrolling. */
function columnLayout(page: Page) {
  return page.evaluate(() => {
    const column = document.querySelector<HTMLElement>('.openapi-right-panel__container')!;
    const inside = (selector: string) => {
      const element = document.querySelector<HTMLElement>(selector)!;
      const own = element.getBoundingClientRect();
      const outer = column.getBoundingClientRect();
      return {top: Math.round(own.top - outer.top + column.scrollTop), left: Math.round(own.left - outer.left), width: Math.round(own.width), height: Math.round(own.height)};
    };
    const box = column.getBoundingClientRect();
    return {column: {left: Math.round(box.left), width: Math.round(box.width)}, summary: inside('.api-request__summary'), sendArea: inside('.api-request__try')};
  });
}

test.describe('the request column of an operation page', () => {
  test('arrives in the HTML: method, URL, the authentication, parameters and the sample of every language; no explorer', async ({page, request}) => {
    const html = await (await request.get(siteUrl(OPERATION))).text();
    expect(html).toContain('api-request__endpoint');
    expect(html).toContain('Authorization: API token');
    for (const language of LANGUAGES) expect(html).toMatch(new RegExp(`role="?tab"?[^>]*><span>${language}</span>`));
    expect(html).toMatch(/curl<\/span> <span[^>]*>-L<\/span>/);
    expect(html).toContain('variantEnvironments');
    expect(html).not.toContain('openapi-skeleton');

    const scripts = scriptsOf(page);
    const messages = collectConsole(page);
    await page.goto(siteUrl(OPERATION));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // In view at this width, and still not loaded: only asking loads it.
    await expect(page.getByRole('button', {name: 'Try this request'})).toBeInViewport();
    expect(scripts.filter((file) => EXPLORER_CHUNKS.test(file))).toEqual([]);
    await expect(page.locator('.api-request__summary [role="tab"]')).toHaveText(LANGUAGES);
    expect(messages).toEqual([]);
  });

  test('a language tab shows its sample, from the first click', async ({page}) => {
    await page.goto(siteUrl(OPERATION));
    await hydrated(page);
    const samples: Record<string, string> = {python: 'import requests', csharp: 'HttpClient', nodejs: 'https.request(', powershell: 'Invoke-RestMethod'};
    for (const [language, marker] of Object.entries(samples)) {
      await page.getByRole('tab', {name: language, exact: true}).click();
      await expect(page.getByRole('tab', {name: language, exact: true})).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('.api-request__sample')).toContainText(marker);
    }
  });

  test('the explorer opens on request, in place, without moving anything, keeps what was typed while it loaded, and sends a real request', async ({page}) => {
    const unleash = await unleashBesideTheSite();
    try {
      await recordLayoutShifts(page);
      const messages = collectConsole(page);
      const scripts = scriptsOf(page);
      // The explorer's chunk is held until the reader has typed, so the typing happens while it loads.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/js\/api-explorer\.[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${unleash.url}${OPERATION}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const before = await columnLayout(page);

      await page.getByRole('button', {name: 'Try this request'}).click();
      const form = page.locator('.api-request__light-form');
      await expect(form.getByLabel('API token')).toBeFocused();
      await page.keyboard.type('user:typed-token');
      await form.getByLabel('projectId').fill('typed-project');
      expect(scripts.some((file) => /\/api-explorer\.[0-9a-f]+\.js$/.test(file))).toBe(true);
      release();

      const send = page.getByRole('button', {name: 'Send API Request'});
      await expect(send).toBeEnabled();
      await expect(form).toHaveCount(0);
      const explorer = page.locator('.api-request__explorer');
      await expect(explorer.locator('input[type="password"]')).toHaveValue('user:typed-token');
      await expect(explorer.locator('input[name="projectId"]')).toHaveValue('typed-project');
      // The samples follow the form.
      await expect(page.locator('.api-request__sample')).toContainText('/api/admin/projects/typed-project/features/checkout-redesign');

      const after = await columnLayout(page);
      expect(after.column).toEqual(before.column);
      expect(after.summary.top).toBe(before.summary.top);
      expect(after.summary.left).toBe(before.summary.left);
      expect(after.summary.width).toBe(before.summary.width);
      expect(after.sendArea.top).toBe(before.sendArea.top);
      expect(await shifts(page)).toEqual([]);

      await send.click();
      await expect(page.locator('.openapi-explorer__response-container')).toContainText('answered-by-the-local-server');
      expect(unleash.received).toEqual([
        {method: 'GET', path: '/api/admin/projects/typed-project/features/checkout-redesign?variantEnvironments=true', authorization: 'user:typed-token'},
      ]);
      expect(messages.filter((message) => !/Failed to load resource/.test(message))).toEqual([]);
    } finally {
      await unleash.close();
    }
  });

  test('the explorer is reached and started from the keyboard like any button', async ({page}) => {
    await page.goto(siteUrl(OPERATION));
    await hydrated(page);
    const button = page.getByRole('button', {name: 'Try this request'});
    await expect(button).toHaveAccessibleDescription(/Send this request to your Unleash instance/);
    // From the samples' tab list, Tab leads to the button.
    await page.locator('.api-request__summary [role="tab"][aria-selected="true"]').focus();
    for (let presses = 0; presses < 12 && !(await button.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('.api-request__light-form').getByLabel('API token')).toBeFocused();
    await page.keyboard.type('kbd-token');
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
    // The focus and what was typed moved into the explorer's form.
    const token = page.locator('.api-request__explorer input[type="password"]');
    await expect(token).toHaveValue('kbd-token');
    await expect(token).toBeFocused();
  });

  // Issue #35: a keystroke typed during the swap from the form to the explorer was lost
  // ("kbd-token" arrived as "kd-token"). Here the CPU is slowed four times, as on a mid-range
  // phone, the explorer's chunk is held until the reader has begun, and they type on at a
  // reader's pace until the explorer has taken the form's place and some more after it.
  for (const [field, explorerField] of [
    ['API token', 'input[type="password"]'],
    ['projectId', 'input[name="projectId"]'],
  ] as const) {
    test(`every character typed into ${field} while the explorer loads reaches it, in order, on a slowed CPU`, async ({page}) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/js\/api-explorer\.[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(siteUrl(OPERATION));
      await hydrated(page);
      await page.getByRole('button', {name: 'Try this request'}).click();
      const input = page.locator('.api-request__light-form').getByLabel(field, {exact: true});
      await input.click();
      await input.press('End');
      const start = await input.inputValue();
      const explorer = page.locator('.api-request__explorer');
      const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
      let typed = '';
      let whenSwapped: number | undefined;
      // A reader's pace: a key every 100 ms, in runs of four between looks at the page.
      for (let run = 0; run < 200 && (whenSwapped === undefined || typed.length < whenSwapped + 8); run += 1) {
        const next = Array.from({length: 4}, (_, index) => alphabet[(typed.length + index) % alphabet.length]).join('');
        await page.keyboard.type(next, {delay: 100});
        typed += next;
        if (run === 1) release();
        if (whenSwapped === undefined && (await explorer.count()) > 0) whenSwapped = typed.length;
      }
      expect(whenSwapped, 'the explorer arrived while the reader was typing').toBeGreaterThan(8);
      await expect(explorer.locator(explorerField)).toHaveValue(`${start}${typed}`);
      await expect(explorer.locator(explorerField)).toBeFocused();
    });
  }

  for (const width of [390, 1280]) {
    test(`the endpoint path wraps inside its box at ${width} px`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await page.goto(siteUrl(OPERATION));
      await hydrated(page);
      for (const [box, path] of [
        ['.openapi__method-endpoint', '.openapi__method-endpoint-path'],
        ['.api-request__endpoint', '.api-request__url'],
      ] as const) {
        await expect(page.locator(path)).toHaveText('<your-unleash-url>/api/admin/projects/:projectId/features/:featureName');
        const fit = await page.locator(box).evaluate((element, selector) => {
          const inner = element.querySelector(selector)!.getBoundingClientRect();
          const outer = element.getBoundingClientRect();
          return {overflow: element.scrollWidth - element.clientWidth, inside: inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5, lines: Math.round(inner.height / parseFloat(getComputedStyle(element.querySelector(selector)!).lineHeight))};
        }, path);
        expect(fit, `${box} at ${width} px`).toMatchObject({overflow: 0, inside: true});
      }
    });
  }

  test('the authentication panel names its scheme once, in words, before and after the explorer opens', async ({page}) => {
    await page.goto(siteUrl(OPERATION));
    await hydrated(page);
    const heading = page.locator('.api-request__auth > summary');
    await expect(heading).toHaveText('Authorization: API token');
    await expect(page.getByText(/authorization:\s*authorization/i)).toHaveCount(0);
    await heading.click();
    await expect(page.locator('.api-request__auth')).toHaveAttribute('open', '');
    await expect(page.locator('.api-request__auth')).toContainText('Also accepted: Bearer token.');
    await page.getByRole('button', {name: 'Try this request'}).click();
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
    await expect(page.locator('.openapi-right-panel__container').getByText(/^Authorization:/)).toHaveText(['Authorization: API token']);
    await expect(page.locator('.api-request__auth')).toHaveAttribute('open', '');
    await expect(page.getByText(/authorization:\s*authorization/i)).toHaveCount(0);
  });
});

test('with offline mode on, an operation page\'s islands and explorer load from the precache', async ({page, context}) => {
  test.setTimeout(patience(180_000));
  await page.goto(siteUrl('/reference/segments?offlineMode=true'));
  await hydrated(page);
  // Installing precaches the whole site (about 107 MB raw), which takes a while on 2 cores.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'), {timeout: patience(150_000), intervals: [500]})
    .toBe(true);
  await context.setOffline(true);
  const response = await page.goto(siteUrl(OPERATION));
  expect(response?.fromServiceWorker()).toBe(true);
  await hydrated(page);
  // A nested schema level (an island of the left column) and a language (the request column).
  const summary = page.locator('details.openapi-markdown__details > summary', {hasText: /^createdBy/}).first();
  await summary.click();
  await expect(summary.locator('xpath=..')).toHaveAttribute('open', '');
  await page.getByRole('tab', {name: 'python', exact: true}).click();
  await expect(page.locator('.api-request__sample')).toContainText('import requests');
  await page.getByRole('button', {name: 'Try this request'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
  await context.setOffline(false);
});
