/**
 * The installable offline site (config/pwa.ts): manifest and icons, no service worker for
 * ordinary visitors, and once offline mode is on, pages, navigation and search keep working
 * with the network cut, and a newer build is offered through the reload prompt.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {startStaticServer, type StaticServer} from '../support/staticServer';
import {buildDir, hydrated, siteUrl} from './support';
import {patience} from '../../scripts/testing/patience';

/** Waits until the offline-mode worker has precached the site and is active. */
async function offlineWorkerActive(page: Page): Promise<void> {
  // Installing precaches the whole site (about 107 MB raw), which takes a while on 2 cores.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && registration.active.scriptURL.includes('offlineMode%22%3Atrue');
        }),
      {timeout: patience(120_000), intervals: [500]},
    )
    .toBe(true);
}

test.describe('offline reading', () => {
  test('the site is installable: manifest, icons and theme colour', async ({page, request}) => {
    await page.goto(siteUrl('/'));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1a4049');
    const manifest = (await (await request.get(siteUrl(href!))).json()) as {name: string; display: string; start_url: string; icons: Array<{src: string; sizes: string; purpose: string}>};
    expect(manifest).toMatchObject({name: 'Unleash Documentation', display: 'standalone', start_url: './'});
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const response = await request.get(siteUrl(`/${icon.src}`));
      expect(response.headers()['content-type']).toContain('image/png');
      const bytes = await response.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  test('ordinary visits register no service worker and download none of its code', async ({page}) => {
    const workerRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/sw\.js|workbox/.test(request.url())) workerRequests.push(request.url());
    });
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(workerRequests).toEqual([]);
  });

  test('with offline mode on, pages, navigation and search work with the network cut', async ({page, context}) => {
    test.setTimeout(patience(180_000));
    await page.goto(siteUrl('/reference/segments?offlineMode=true'));
    await hydrated(page);
    await offlineWorkerActive(page);

    await context.setOffline(true);
    // A full page load, by clean URL, of a page not visited before comes from the precache.
    const response = await page.goto(siteUrl('/reference/strategy-constraints'));
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Strategy constraints');
    await hydrated(page);
    // Client-side navigation loads the next page's chunks from the precache too.
    await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Segments', exact: true}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Segments');
    // Search: modal code, index and snippet shards all come from the precache.
    await page.keyboard.press('Control+k');
    const input = page.getByRole('searchbox');
    await input.fill('gradual rollout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // Diagrams are drawings in static/diagrams/ (plugins/diagrams), precached like any image.
    await page.keyboard.press('Escape');
    await page.goto(siteUrl('/how-to/how-to-add-sso-saml'));
    const diagram = page.locator('figure.diagram img.diagram__image--light');
    await diagram.scrollIntoViewIfNeeded();
    await expect.poll(() => diagram.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });
});

test.describe('offline reading, when a newer build is published', () => {
  let server: StaticServer;
  let serveNewerWorker = false;

  test.beforeAll(async () => {
    const workerFile = path.join(buildDir(), 'sw.js');
    server = await startStaticServer(buildDir(), {
      // Any change to sw.js makes the browser install it as a new version.
      replaceScript: (pathname) => (pathname === '/sw.js' && serveNewerWorker ? `${fs.readFileSync(workerFile, 'utf8')}\n// newer build\n` : undefined),
    });
  });
  test.afterAll(async () => server.close());

  test('the reader is offered a reload, and the reload runs the newer build', async ({page}) => {
    test.setTimeout(patience(240_000));
    await page.goto(`${server.url}/reference/segments?offlineMode=true`);
    await hydrated(page);
    await offlineWorkerActive(page);

    serveNewerWorker = true;
    await page.goto(`${server.url}/reference/segments`);
    await hydrated(page);
    await expect(page.getByText('New version available')).toBeVisible({timeout: patience(120_000)});
    // Refresh hands over to the waiting worker, which then reloads the page.
    const reloaded = page.waitForEvent('load', {timeout: patience(60_000)});
    await page.getByRole('button', {name: 'Refresh'}).click();
    await reloaded;
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null && navigator.serviceWorker.controller !== null), {timeout: patience(60_000)})
      .toBe(true);
    await hydrated(page);
    // Had the newer worker not taken over, it would still be waiting and prompt again here.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('New version available')).toHaveCount(0);
  });
});
