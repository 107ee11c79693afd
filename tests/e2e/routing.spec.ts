import {expect, test, type Page} from '@playwright/test';
import redirects from '../../contract/redirects.json';
import {collectConsole, hydrated, siteUrl} from './support';

test.describe('routing', () => {
  test('paths ending in .html are normalised', async ({page}) => {
    await page.goto(siteUrl('/quickstart.html'));
    await hydrated(page);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });

  test('paths ending in /index.html are normalised', async ({page}) => {
    await page.goto(siteUrl('/quickstart/index.html'));
    await hydrated(page);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });

  test('a page that loaded its scripts shows no "did not load properly" banner', async ({page}) => {
    // Docusaurus's inline check shows the banner when window.docusaurus is missing at
    // DOMContentLoaded; the app's modules now start after that (plugins/lean-startup).
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
  });

  test('an unknown path shows a helpful not-found page', async ({page}) => {
    const response = await page.goto(siteUrl('/no/such/page'));
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
    await expect(page.locator('main').getByRole('link', {name: /home page/i})).toHaveAttribute('href', '/');
    await expect(page.locator('main').getByRole('link', {name: /quickstart/i})).toBeVisible();
  });

  test('a route change scrolls to the top, or to the hash anchor', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // Client-side navigation to another page starts at the top.
    await page.locator('footer').getByRole('link', {name: 'Docs'}).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Navigation to a hash brings that heading into view.
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    const tocLink = page.locator('.table-of-contents a').last();
    const anchor = (await tocLink.getAttribute('href'))!.split('#')[1]!;
    await tocLink.click();
    await expect(page).toHaveURL(siteUrl(`/quickstart#${anchor}`));
    await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();
  });

  test('headings carry direct links titled "Direct link to …"', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    const heading = page.locator('article h2[id]').first();
    const text = (await heading.innerText()).replace(/\u200b/g, '').trim();
    await expect(heading.locator('a.hash-link')).toHaveAttribute('title', `Direct link to ${text}`);
  });

  // From a link React renders (the home page's) and from a link of a doc's static content,
  // which the content follows itself (src/components/StaticContent/staticLinks.ts).
  for (const {from, link, to} of [
    {from: '/', link: (page: Page) => page.getByRole('link', {name: 'Start the quickstart'}), to: '/quickstart'},
    {from: '/reference/segments', link: (page: Page) => page.locator('[data-static-content] a[href="/reference/playground"]').first(), to: '/reference/playground'},
  ]) {
    test(`the progress bar appears when a route change takes over 200 ms (from ${from})`, async ({page}) => {
      await page.goto(siteUrl(from));
      await hydrated(page);
      // Hold every later script request, like a slow network, until the bar has shown.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/js/**', async (route) => {
        await released;
        await route.continue();
      });
      await link(page).click();
      await expect(page.locator('#nprogress')).toBeAttached();
      release();
      await expect(page).toHaveURL(siteUrl(to));
      await expect(page.locator('#nprogress')).not.toBeAttached();
    });
  }

  test('the skip link moves focus to the main content', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    // Docusaurus focuses <main> and drops its temporary tabindex, which moves the
    // keyboard's starting point there: the next Tab lands inside the main content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('a legacy path redirects to its target', async ({page}) => {
    const pair = redirects.find((p) => p.to === '/quickstart') ?? redirects.find((p) => p.to === '/reference/events') ?? redirects[0]!;
    await page.goto(siteUrl(pair.from));
    await expect(page).toHaveURL(siteUrl(pair.to));
    await page.goto(siteUrl(`/docs${pair.from}`));
    await expect(page).toHaveURL(siteUrl(pair.to));
  });

  test('/docs/<path> and .htm variants of a page redirect to it', async ({page}) => {
    await page.goto(siteUrl('/docs/quickstart'));
    await expect(page).toHaveURL(siteUrl('/quickstart'));
    await page.goto(siteUrl('/quickstart.htm'));
    await expect(page).toHaveURL(siteUrl('/quickstart'));
  });

  test('pages still work with localStorage unavailable, and a warning is logged', async ({page}) => {
    const messages = collectConsole(page, ['warning', 'error']);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is disabled', 'SecurityError');
        },
      });
    });
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.getByRole('button', {name: /dark mode|light mode|system mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.locator('footer').getByRole('link', {name: 'Docs'}).click();
    await expect(page.locator('main')).toBeVisible();
    expect(messages.some((m) => m.includes('Docusaurus browser storage is not available'))).toBe(true);
  });

  test('prefetching is skipped on save-data and 2g connections', async ({context}) => {
    async function chunkRequestsAfterHydration(connection: object | null): Promise<number> {
      const page = await context.newPage();
      if (connection) {
        await page.addInitScript((conn) => Object.defineProperty(navigator, 'connection', {value: conn, configurable: true}), connection);
      }
      await page.goto(siteUrl('/'));
      await hydrated(page);
      let requests = 0;
      page.on('request', (request) => {
        if (request.url().includes('/assets/js/')) requests += 1;
      });
      // Visible links are prefetched when idle; hovering one asks again. Wait until the browser
      // has been idle twice after the hover, when a prefetch would have been asked for.
      await page.getByRole('link', {name: 'Start the quickstart'}).hover();
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));
      if (connection === null) await expect.poll(() => requests).toBeGreaterThan(0);
      await page.close();
      return requests;
    }
    expect(await chunkRequestsAfterHydration(null)).toBeGreaterThan(0);
    expect(await chunkRequestsAfterHydration({saveData: true, effectiveType: '4g'})).toBe(0);
    expect(await chunkRequestsAfterHydration({saveData: false, effectiveType: '2g'})).toBe(0);
  });

  test('a failed route preload forces a full page reload', async ({page}) => {
    await page.goto(siteUrl('/'));
    await hydrated(page);
    let failChunks = true;
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) {
        documents.push(request.url());
        failChunks = false;
      }
    });
    await page.route('**/assets/js/**', (route) => (failChunks ? route.abort() : route.continue()));
    await page.getByRole('link', {name: 'Start the quickstart'}).click();
    await expect.poll(() => documents).toEqual([siteUrl('/quickstart')]);
    await hydrated(page);
    await expect(page.locator('article h1')).toBeVisible();
  });
});
