import {expect, test, type Page} from '@playwright/test';
import {configuredUrl, hydrated, wrongBaseUrl} from './support';

/**
 * Scrolls and waits until the scroll event has been handled: scroll events fire once a frame,
 * so steps taken faster than frames (a busy machine) would merge into one jump and the
 * navbar would never see the direction of travel.
 */
async function scrollToAndSettle(page: Page, top: number): Promise<void> {
  await page.evaluate(
    (y) =>
      new Promise<void>((resolve) => {
        const before = window.scrollY;
        window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), {once: true});
        window.scrollTo(0, y);
        // No scroll event comes when the position did not change (the page's end).
        if (window.scrollY === before) resolve();
      }),
    top,
  );
}

test.describe('failure states', () => {
  test('a slow code chunk shows the spinner after its delay', async ({page}) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/js/lazy-panel*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(configuredUrl('/lazy'), {waitUntil: 'domcontentloaded'});
    await hydrated(page);
    await expect(page.locator('svg#loader')).toBeVisible();
    release();
    await expect(page.locator('#lazy-panel')).toHaveText('The lazily loaded panel arrived.');
    await expect(page.locator('svg#loader')).toHaveCount(0);
  });

  test('a failed code chunk shows the error with a Retry button that recovers', async ({page}) => {
    let fail = true;
    await page.route('**/assets/js/lazy-panel*.js', (route) => (fail ? route.abort() : route.continue()));
    const chunkFailed = page.waitForEvent('requestfailed', (request) => /lazy-panel/.test(request.url()));
    await page.goto(configuredUrl('/lazy'));
    await hydrated(page);
    await chunkFailed;
    const retry = page.getByRole('button', {name: 'Retry'});
    await expect(retry).toBeVisible();
    await expect(page.getByText(/Loading chunk|ChunkLoadError|failed/i).first()).toBeVisible();
    fail = false;
    await retry.click();
    await expect(page.locator('#lazy-panel')).toBeVisible();
  });

  test('a component that throws inside the layout shows the crash page', async ({page}) => {
    await page.goto(configuredUrl('/crash-in-layout'));
    await expect(page.getByRole('heading', {name: 'This page crashed.', exact: true})).toBeVisible();
    await expect(page.getByText('Panel exploded inside the layout')).toBeVisible();
    await expect(page.getByText('the chart had no series')).toBeVisible();
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('heading', {name: 'This page crashed.', exact: true})).toBeVisible();
  });

  test('a page that throws outside the layout shows the error page titled "Page Error"', async ({page}) => {
    await page.goto(configuredUrl('/crash'));
    await expect(page.getByRole('heading', {name: /^This page crashed/})).toBeVisible();
    await expect(page.getByText('Fixture component exploded')).toBeVisible();
    await expect(page.getByText('the panel had no data')).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    await expect(page).toHaveTitle('Page Error');
  });

  test('the site served under a wrong base URL shows the misconfiguration banner', async ({page}) => {
    await page.goto(wrongBaseUrl('/'));
    await expect(page.getByText('Your Docusaurus site did not load properly.')).toBeVisible();
  });

  test('the navbar hides on scroll down and comes back on scroll up when enabled', async ({page}) => {
    await page.goto(configuredUrl('/long'));
    await hydrated(page);
    const navbar = page.locator('nav.navbar');
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    for (let y = 200; y <= 1600; y += 200) await scrollToAndSettle(page, y);
    await expect(navbar).toHaveClass(/navbarHidden/);
    for (let y = 1400; y >= 1000; y -= 200) await scrollToAndSettle(page, y);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });
});
