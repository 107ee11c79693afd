/**
 * What the build does so the browser does not have to (issue #22): code blocks arrive
 * highlighted, API descriptions arrive as HTML, nested schema levels render when opened, and
 * the API theme's stylesheet is linked by API pages only.
 */
import {expect, test, type Page} from '@playwright/test';
import {collectConsole, hydrated, siteUrl} from './support';

/** Script files a page requests while it loads and hydrates. */
function scriptsOf(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.push(new URL(request.url()).pathname);
  });
  return files;
}

test.describe('code blocks highlighted at build time', () => {
  test('arrive highlighted in the HTML, in both colour modes, with no highlighter in the browser', async ({page, request}) => {
    const html = await (await request.get(siteUrl('/quickstart'))).text();
    // Lines as the theme's CodeBlock wrote them, colours as classes for both modes.
    expect(html).toMatch(/<div class="?token-line"?><span class="cl\d+ cd\d+">/);
    const scripts = scriptsOf(page);
    const messages = collectConsole(page);
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => /code-block-runtime|api-explorer/.test(file))).toEqual([]);
    const token = page.locator('.theme-code-block:visible .prism-code span[class*="cl"]').first();
    const light = await token.evaluate((element) => getComputedStyle(element).color);
    const background = await page.locator('.theme-code-block:visible').first().evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await token.evaluate((element) => getComputedStyle(element).color)).not.toBe(light);
    expect(await page.locator('.theme-code-block:visible').first().evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(background);
    expect(messages).toEqual([]);
  });

  test('the copy button copies the code of its block', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    const block = page.locator('.theme-code-block:visible').first();
    const code = (await block.locator('code').innerText()).replace(/\n$/, '');
    await block.hover();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });
});

test.describe('API operation pages rendered at build time', () => {
  test('parameters and response schemas are in the HTML, with their descriptions, and the API stylesheet is linked', async ({request}) => {
    const html = await (await request.get(siteUrl('/reference/api/unleash/get-feature'))).text();
    expect(html).toContain('The ID of the project the feature flag belongs to.');
    expect(html).toMatch(/class="?openapi-schema__property"?>createdBy</);
    expect(html).toMatch(/<link rel="?stylesheet"? href="?\/assets\/css\/api-styles\.[0-9a-f]+\.css/);
    expect(html).not.toContain('openapi-skeleton sm');
    const plain = await (await request.get(siteUrl('/reference/segments'))).text();
    expect(plain).not.toContain('api-styles.');
  });

  test('loads no Markdown parser, and renders a nested schema level when it is opened', async ({page}) => {
    const scripts = scriptsOf(page);
    const messages = collectConsole(page);
    await page.setViewportSize({width: 412, height: 823});
    await page.goto(siteUrl('/reference/api/unleash/get-feature'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => /api-markdown|code-block-runtime/.test(file))).toEqual([]);
    const summary = page.locator('details.openapi-markdown__details > summary', {hasText: /^createdBy/}).first();
    const details = summary.locator('xpath=..');
    await expect(details.locator('.openapi-schema__property')).toHaveCount(1);
    await summary.click();
    await expect(details).toHaveAttribute('open', '');
    await expect(details.locator('.openapi-schema__property').nth(1)).toBeVisible();
    expect(messages).toEqual([]);
  });
});
