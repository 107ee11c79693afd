import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {FIXTURE_ENV} from '../fixtures/configured-site/site';
import {buildDir, configuredUrl, hydrated} from './support';

/** Answers the third-party script URLs locally and records which were requested. */
async function fakeThirdParties(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/^https:\/\/(www\.googletagmanager\.com|tracker\.example\.test|assistant\.example\.test)\//, async (route) => {
    const url = route.request().url();
    requested.push(url);
    const body = url.includes('tracker.example.test')
      ? `window.visitorTrackingInitialisedWith = (window.visitorTracking || []).find((c) => c[0] === 'init')?.[1];`
      : url.includes('assistant.example.test')
        ? `window.assistantWidgetScript = document.currentScript && {defer: document.currentScript.defer, websiteId: document.currentScript.dataset.websiteId, projectName: document.currentScript.dataset.projectName};`
        : '/* tag manager stand-in */';
    await route.fulfill({contentType: 'application/javascript', body});
  });
  return requested;
}

test.describe('third-party scripts', () => {
  test('none is referenced by the default build', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.html')) files.push(full);
      }
    };
    walk(buildDir());
    expect(files.length).toBeGreaterThan(0);
    const pattern = /googletagmanager|google-analytics|gtag\/js|search-insights|algolia\.net|algolianet|example\.test|jsdelivr/;
    const offenders = files.filter((file) => pattern.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  test('Google Analytics sends a page view on every route change when configured', async ({page}) => {
    const requested = await fakeThirdParties(page);
    await page.goto(configuredUrl('/'));
    await hydrated(page);
    expect(requested.some((url) => url.includes(`gtag/js?id=${FIXTURE_ENV.GOOGLE_ANALYTICS_ID}`))).toBe(true);
    const pageViews = () =>
      page.evaluate(() =>
        ((window as unknown as {dataLayer: IArguments[]}).dataLayer ?? [])
          .map((entry) => Array.from(entry))
          .filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
          .map((entry) => (entry[2] as {page_path?: string} | undefined)?.page_path ?? new URL(String((entry[2] as {page_location?: string} | undefined)?.page_location ?? location.href)).pathname),
      );
    const before = (await pageViews()).length;
    await page.getByRole('link', {name: 'Go to the short page'}).click();
    await expect(page).toHaveURL(configuredUrl('/short'));
    await expect.poll(pageViews).toContain('/short');
    expect((await pageViews()).length).toBe(before + 1);
  });

  test('the Tag Manager container loads when configured', async ({page}) => {
    const requested = await fakeThirdParties(page);
    await page.goto(configuredUrl('/'));
    await expect.poll(() => requested.some((url) => url.includes(`gtm.js?id=${FIXTURE_ENV.GOOGLE_TAG_MANAGER_ID}`))).toBe(true);
  });

  test('the visitor tracker loads async and is initialised with the client id', async ({page}) => {
    await fakeThirdParties(page);
    await page.goto(configuredUrl('/'));
    const script = page.locator(`script[src="${FIXTURE_ENV.VISITOR_TRACKING_SCRIPT_URL}"]`);
    await expect(script).toHaveAttribute('async', '');
    await expect.poll(() => page.evaluate(() => (window as unknown as {visitorTrackingInitialisedWith?: string}).visitorTrackingInitialisedWith)).toBe(
      FIXTURE_ENV.VISITOR_TRACKING_CLIENT_ID,
    );
  });

  test('the assistant widget loads deferred with its data attributes', async ({page}) => {
    await fakeThirdParties(page);
    await page.goto(configuredUrl('/'));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as {assistantWidgetScript?: object}).assistantWidgetScript))
      .toEqual({defer: true, websiteId: FIXTURE_ENV.ASSISTANT_WIDGET_WEBSITE_ID, projectName: FIXTURE_ENV.ASSISTANT_WIDGET_PROJECT_NAME});
  });
});
