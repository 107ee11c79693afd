/** The "Copy page" control copies the page's Markdown twin. */
import {expect, test} from '@playwright/test';
import {hydrated, siteUrl} from './support';

test.use({permissions: ['clipboard-read', 'clipboard-write']});

for (const route of ['/reference/segments', '/reference/api/unleash/get-feature']) {
  test(`"Copy page" on ${route} puts its Markdown on the clipboard and says so`, async ({page, request}) => {
    await page.goto(siteUrl(route));
    await hydrated(page);
    const twin = await (await request.get(siteUrl(`${route}.md`))).text();
    const button = page.getByRole('button', {name: 'Copy page'});
    await expect(button).toHaveAccessibleDescription('Copies this page as Markdown');
    await button.click();
    await expect(page.getByRole('status').filter({hasText: 'Page copied as Markdown'})).toHaveCount(1);
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', `${route}.md`);
  });
}

test('"Copy page" reports a failure when the twin cannot be fetched', async ({page}) => {
  await page.route('**/reference/segments.md', (route) => route.fulfill({status: 500, body: 'broken'}));
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('button', {name: 'Copy failed'})).toBeVisible();
  await expect(page.getByRole('status').filter({hasText: 'Could not copy the page'})).toHaveCount(1);
});
