import {expect, test} from '@playwright/test';
import {hydrated, siteUrl} from './support';

test.describe('mobile drawer', () => {
  test.use({viewport: {width: 996, height: 800}});

  test('replaces the navbar links at 996 px and opens from the toggle', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await expect(page.locator('.navbar__items .navbar__link', {hasText: 'Plans'})).toBeHidden();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Plans'})).toBeVisible();
  });

  test('its secondary menu shows the docs sidebar with a back button', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    // On a docs page the drawer opens on the docs sidebar.
    const secondary = page.locator('.navbar-sidebar__item.menu').nth(1);
    await expect(secondary.locator('.menu__link', {hasText: 'Quickstart'})).toBeVisible();
    const back = page.getByRole('button', {name: /Back to main menu/});
    await expect(back).toBeVisible();
    await back.click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', {name: 'Plans'})).toBeVisible();
  });

  test('closes on back navigation', async ({page}) => {
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.getByRole('link', {name: 'Start the quickstart'}).click();
    await expect(page).toHaveURL(siteUrl('/quickstart'));
    // The address changes before the new page has rendered, and the drawer closes on every
    // location change: open it only once the quickstart is on screen.
    await expect(page.getByRole('heading', {level: 1, name: 'Quickstart'})).toBeVisible();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.goBack();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('is forced closed when the window grows to desktop width', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    await expect(page.locator('.navbar__items .navbar__link', {hasText: 'Plans'})).toBeVisible();
  });
});
