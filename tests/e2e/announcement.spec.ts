import {expect, test} from '@playwright/test';
import {FIXTURE_ENV} from '../fixtures/configured-site/site';
import {configuredUrl, hydrated, siteUrl} from './support';

test.describe('announcement bar', () => {
  test('is absent when not configured', async ({page}) => {
    await page.goto(siteUrl('/'));
    await expect(page.locator('[class*="announcementBar"]')).toHaveCount(0);
  });

  test('shows the configured content and colours', async ({page}) => {
    await page.goto(configuredUrl('/'));
    const bar = page.getByRole('banner').filter({hasText: FIXTURE_ENV.ANNOUNCEMENT_BAR_CONTENT});
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS('background-color', 'rgb(255, 204, 0)');
    await expect(bar).toHaveCSS('color', 'rgb(0, 0, 0)');
  });

  test('closing it persists the dismissal', async ({page}) => {
    await page.goto(configuredUrl('/'));
    await hydrated(page);
    await page.getByRole('button', {name: 'Close'}).click();
    await expect(page.getByText(FIXTURE_ENV.ANNOUNCEMENT_BAR_CONTENT)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(FIXTURE_ENV.ANNOUNCEMENT_BAR_ID);
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(FIXTURE_ENV.ANNOUNCEMENT_BAR_CONTENT)).toHaveCount(0);
  });

  test('comes back when its id changes', async ({page}) => {
    // A reader who dismissed an earlier announcement ("fixture-bar-1").
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('docusaurus.announcement.dismiss', 'true');
        localStorage.setItem('docusaurus.announcement.id', 'fixture-bar-1');
        sessionStorage.setItem('seeded', 'yes');
      }
    });
    await page.goto(configuredUrl('/'));
    await hydrated(page);
    await expect(page.getByText(FIXTURE_ENV.ANNOUNCEMENT_BAR_CONTENT)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
  });
});
