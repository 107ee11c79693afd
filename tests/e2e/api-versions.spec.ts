import {expect, test, type Page} from '@playwright/test';
import {collectConsole, hydrated, siteUrl} from './support';

/** The versioned API reference: the current release at /reference/api/unleash, 7.6.5 under /v7. */
const CURRENT = '/reference/api/unleash/get-feature';
const OLDER = '/reference/api/unleash/v7/get-feature';

const picker = (page: Page) => page.getByRole('navigation', {name: 'Unleash version'});
const hits = (page: Page) => page.locator('.DocSearch-Hit a, .DocSearch-Hit [data-url]');

async function searchFor(page: Page, query: string): Promise<string[]> {
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  await page.locator('.DocSearch-Input').fill(query);
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  const urls = await page.locator('.DocSearch-Hit [data-url]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-url') ?? ''));
  return urls;
}

test.describe('API reference versions', () => {
  test('the version picker goes from an operation page to the same operation in 7.6.5 and back, in place', async ({page}) => {
    const messages = collectConsole(page);
    await page.goto(siteUrl(CURRENT));
    await hydrated(page);
    await expect(picker(page).getByRole('link', {name: 'Unleash 8.2.0 (current)'})).toHaveAttribute('aria-current', 'page');
    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));

    await picker(page).getByRole('link', {name: 'Unleash 7.6.5'}).click();
    await expect(page).toHaveURL(siteUrl(OLDER));
    await expect(page.getByRole('heading', {name: 'Get a feature flag (Unleash 7.6.5)', level: 1})).toBeVisible();
    await expect(page.locator('.openapi__method-endpoint .badge')).toHaveText('GET');
    await expect(picker(page).getByRole('link', {name: 'Unleash 7.6.5'})).toHaveAttribute('aria-current', 'page');
    // Its own sidebar: the 7.6.5 reference, and the way back to the current one.
    await expect(page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'API reference (Unleash 7.6.5)'})).toBeVisible();

    await picker(page).getByRole('link', {name: 'Unleash 8.2.0 (current)'}).click();
    await expect(page).toHaveURL(siteUrl(CURRENT));
    await expect(page.getByRole('heading', {name: 'Get a feature flag', exact: true, level: 1})).toBeVisible();
    // Client-side navigation both ways: the document was never reloaded.
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
    expect(messages).toEqual([]);
  });

  test('a 7.6.5 page names its version in its title, its metadata and its search tags', async ({request}) => {
    const html = await (await request.get(siteUrl(OLDER))).text();
    expect(html).toMatch(/<title[^>]*>Get a feature flag \(Unleash 7\.6\.5\) \| /);
    expect(html).toMatch(/<meta[^>]+property="?og:title"?[^>]+content="Get a feature flag \(Unleash 7\.6\.5\)/);
    expect(html).toMatch(/<meta[^>]+name="?docsearch:docusaurus_tag"?[^>]+content="?docs-api-7-current/);
    expect(html).toMatch(/<meta[^>]+name="?docsearch:version"?[^>]+content="?7\.6\.5/);
    // The server wrote the page: its description and the picker are in the HTML.
    expect(html).toContain('Returns one feature flag with its environments');
    expect(html).toContain('aria-label="Unleash version"');
  });

  test('an operation only 7.6.5 has links the current version to its introduction', async ({page}) => {
    await page.goto(siteUrl('/reference/api/unleash/v7/get-prometheus-metrics'));
    await hydrated(page);
    const current = picker(page).getByRole('link', {name: 'Unleash 8.2.0 (current)'});
    await expect(current).toHaveAttribute('href', '/reference/api/unleash');
    await expect(current).toHaveAttribute('title', /does not have this page/);
  });

  test('search answers from the current version, and from 7.6.5 on its pages', async ({page}) => {
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    const fromDocs = await searchFor(page, 'get a feature flag');
    expect(fromDocs.some((url) => url.includes('/reference/api/unleash/get-feature'))).toBe(true);
    expect(fromDocs.filter((url) => url.includes('/reference/api/unleash/v7'))).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(siteUrl(OLDER));
    await hydrated(page);
    const fromOlder = await searchFor(page, 'get a feature flag');
    expect(fromOlder.some((url) => url.includes('/reference/api/unleash/v7/get-feature'))).toBe(true);
    expect(await hits(page).count()).toBeGreaterThan(0);
  });

  test('the 7.6.5 description is published beside its reference', async ({request}) => {
    const response = await request.get(siteUrl('/reference/api/unleash/v7/openapi.json'));
    expect(response.status()).toBe(200);
    const document = (await response.json()) as {info: {version: string}; paths: Record<string, unknown>};
    expect(document.info.version).toBe('7.6.5');
    expect(Object.keys(document.paths)).toContain('/api/admin/custom-metrics/prometheus');
  });

  test('the Markdown twin and llms.txt know the version', async ({request}) => {
    const twin = await (await request.get(siteUrl(`${OLDER}.md`))).text();
    expect(twin.split('\n')[0]).toBe('# Get a feature flag (Unleash 7.6.5)');
    expect(twin).toContain('This page documents the API of Unleash 7.6.5');
    expect(twin).toContain('/reference/api/unleash/get-feature.md');
    const index = await (await request.get(siteUrl('/llms.txt'))).text();
    expect(index).toContain('## API reference (Unleash 7.6.5)');
    expect(index).toMatch(/- \[Get a feature flag \(Unleash 7\.6\.5\)\]\([^)]*\/reference\/api\/unleash\/v7\/get-feature\.md\)/);
  });
});
