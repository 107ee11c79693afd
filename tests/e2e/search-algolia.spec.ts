/**
 * With the Algolia variables set, the same search UI queries Algolia (answered here by a
 * route handler standing in for Algolia's hosts), and click analytics load search-insights.
 */
import {expect, test, type Page} from '@playwright/test';
import {ALGOLIA_ENV} from '../fixtures/algolia-site/site';
import {algoliaUrl, hydrated, siteUrl} from './support';

interface Recorded {
  url: string;
  headers: Record<string, string>;
  body: {requests: Array<Record<string, unknown>>};
}

async function fakeAlgolia(page: Page): Promise<{queries: Recorded[]; insights: string[]}> {
  const queries: Recorded[] = [];
  const insights: string[] = [];
  await page.route(/^https:\/\/[\w-]+\.(algolia\.net|algolianet\.com)\//, async (route) => {
    const request = route.request();
    queries.push({url: request.url(), headers: request.headers(), body: JSON.parse(request.postData() ?? '{}')});
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        results: [
          {
            hits: [
              {
                objectID: 'guide-1',
                url: '/guide#intro',
                type: 'lvl1',
                hierarchy: {lvl0: 'Documentation', lvl1: 'Guide from Algolia', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
                content: null,
                _highlightResult: {hierarchy: {lvl0: {value: 'Documentation', matchLevel: 'none', matchedWords: []}, lvl1: {value: '<mark>Guide</mark> from Algolia', matchLevel: 'partial', matchedWords: ['guide']}}},
                _snippetResult: {hierarchy: {lvl1: {value: '<mark>Guide</mark> from Algolia', matchLevel: 'partial'}}},
              },
            ],
            nbHits: 1,
            page: 0,
            nbPages: 1,
            hitsPerPage: 20,
            processingTimeMS: 1,
            query: 'guide',
            params: '',
            index: ALGOLIA_ENV.ALGOLIA_INDEX_NAME,
            queryID: 'abc123',
          },
        ],
      }),
    });
  });
  await page.route(/search-insights/, async (route) => {
    insights.push(route.request().url());
    await route.fulfill({contentType: 'application/javascript', body: 'window.AlgoliaAnalyticsObject = "aa"; window.aa = window.aa || function () {};'});
  });
  return {queries, insights};
}

test.describe('search through Algolia', () => {
  test('the modal queries Algolia with the configured credentials, index and facet filters', async ({page}) => {
    const {queries} = await fakeAlgolia(page);
    await page.goto(algoliaUrl('/'));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('guide');
    await expect(page.locator('.DocSearch-Hit-title').first()).toHaveText('Guide from Algolia');
    const query = queries.find((recorded) => /\/1\/indexes\/\*\/queries/.test(recorded.url))!;
    expect(new URL(query.url).host).toMatch(/^fixtureapp/i);
    expect(query.headers['x-algolia-application-id'] ?? new URL(query.url).searchParams.get('x-algolia-application-id')).toBe(ALGOLIA_ENV.ALGOLIA_APP_ID);
    const request = query.body.requests[0]!;
    expect(request.indexName).toBe(ALGOLIA_ENV.ALGOLIA_INDEX_NAME);
    expect(JSON.stringify(request)).toContain('language:en');
    expect(JSON.stringify(request)).toContain('docusaurus_tag:default');
  });

  test('click analytics load the search-insights script only when configured', async ({page}) => {
    const {insights} = await fakeAlgolia(page);
    await page.goto(algoliaUrl('/'));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('guide');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect.poll(() => insights.length).toBeGreaterThan(0);

    const local = await page.context().newPage();
    const localRequests: string[] = [];
    local.on('request', (request) => localRequests.push(request.url()));
    await local.goto(siteUrl('/'));
    await hydrated(local);
    await local.keyboard.press('Control+k');
    await local.locator('.DocSearch-Input').fill('segments');
    await expect(local.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(localRequests.filter((url) => /search-insights|algolia/.test(url))).toEqual([]);
  });
});
