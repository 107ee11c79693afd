import {expect, test} from '@playwright/test';
import {configuredUrl, hydrated, siteUrl} from './support';

const toggle = (page: import('@playwright/test').Page) => page.getByRole('button', {name: /dark mode|light mode|system mode/i}).first();

test.describe('colour mode', () => {
  test('defaults to light with the switch enabled', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(toggle(page)).toBeVisible();
  });

  test('the toggle switches and persists under localStorage "theme"', async ({page}) => {
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await toggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a change in another tab is picked up', async ({context}) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(siteUrl('/'));
    await second.goto(siteUrl('/quickstart'));
    await hydrated(first);
    await hydrated(second);
    await toggle(first).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('clearing the choice falls back to the default mode', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto(siteUrl('/'));
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('with respectPrefersColorScheme and the switch disabled, follows the system preference', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto(configuredUrl('/'));
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(toggle(page)).toHaveCount(0);
    await page.emulateMedia({colorScheme: 'light'});
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});
