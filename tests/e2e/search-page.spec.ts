import {expect, test} from '@playwright/test';
import {FIXTURE_ENV} from '../fixtures/configured-site/site';
import {configuredUrl, hydrated, siteUrl} from './support';

test.describe('search page', () => {
  test('shows 20 results, then loads further pages on demand', async ({page}) => {
    await page.goto(siteUrl('/search?q=flag'));
    await hydrated(page);
    const results = page.locator('main ol > li');
    await expect(results).toHaveCount(20);
    const total = Number((await page.getByText(/\d+ results for "flag"/).innerText()).match(/\d+/)![0]);
    expect(total).toBeGreaterThan(40);
    await page.getByRole('button', {name: 'Load more results'}).click();
    await expect(results).toHaveCount(40);
  });

  test('keeps the query in q, and back and forward restore it', async ({page}) => {
    await page.goto(siteUrl('/search?q=segments'));
    await hydrated(page);
    await expect(page.locator('#search-page-input')).toHaveValue('segments');
    await page.locator('#search-page-input').fill('environments');
    await expect(page).toHaveURL(siteUrl('/search?q=environments'));
    await page.locator('main ol > li a').first().click();
    await expect(page).not.toHaveURL(/\/search/);
    await page.goBack();
    await expect(page.locator('#search-page-input')).toHaveValue('environments');
    await expect(page.locator('main ol > li').first()).toBeVisible();
    await page.goForward();
    await expect(page).not.toHaveURL(/\/search/);
  });

  test('highlights matches without injecting markup', async ({page}) => {
    await page.goto(siteUrl(`/search?q=${encodeURIComponent('<img src=x onerror=alert(1)> segment')}`));
    await hydrated(page);
    await expect(page.locator('main ol mark').first()).toBeVisible();
    expect(await page.locator('main ol img').count()).toBe(0);
  });
});

test.describe('search with a missing-results link configured', () => {
  test('offers "Let us know." when a query has no results', async ({page}) => {
    await page.goto(configuredUrl('/'));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('zzqqxxjj');
    await expect(page.getByText('Believe this query should return results?')).toBeVisible();
    await expect(page.getByRole('link', {name: 'Let us know.'})).toHaveAttribute('href', `${FIXTURE_ENV.SEARCH_MISSING_RESULTS_URL}?q=zzqqxxjj`);
  });
});
