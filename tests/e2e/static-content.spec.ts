/**
 * A doc page's content stays as the server sent it (issue #39, src/components/StaticContent):
 * React does not hydrate it, and what a reader acts on in it still works, on the first page and
 * after a client-side navigation: links (in place, preloaded), anchors, code-block buttons,
 * tabs, and the API introduction's tabs and version picker. The doc's footer and the previous
 * and next links under it stay as the server sent them too.
 */
import {expect, test, type Page} from '@playwright/test';
import {collectConsole, configuredUrl, hydrated, siteUrl} from './support';
import {actionableOutsideIslands, contentHydration, heldByReact, idle, islandsHydrated} from './staticContent';

const content = (page: Page) => page.locator('[data-static-content]');

/** Navigation requests (full page loads) from now on. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) loads.push(request.url());
  });
  return loads;
}

test.describe('on a phone', () => {
  test.use({viewport: {width: 412, height: 823}});

  for (const route of ['/reference/segments', '/how-to/how-to-add-sso-saml']) {
    test(`${route}: React hydrates the page around the content, not the content`, async ({page}) => {
      const messages = collectConsole(page);
      await page.goto(siteUrl(route));
      await hydrated(page);
      await idle(page);
      const hydration = await contentHydration(page);
      expect(hydration.elements).toBeGreaterThan(100);
      expect(hydration.hydrated).toEqual([]);
      expect(hydration.mode).toBe('static');
      // The page around it is React's: the breadcrumbs' "Copy page" button, for one.
      expect(await page.getByRole('button', {name: 'Copy page'}).evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
      expect(await actionableOutsideIslands(page)).toEqual([]);
      expect(messages).toEqual([]);
    });
  }
});

/** The code blocks of a page, as its Markdown twin has them. */
async function twinOf(page: Page, route: string): Promise<string> {
  return (await page.request.get(siteUrl(`${route}.md`))).text();
}

test('links in the content are followed in place, and the next page is rendered by React and works', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const messages = collectConsole(page);
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  const loads = documentLoads(page);
  await content(page).locator('a[href="/reference/projects"]').first().click();
  await expect(page).toHaveURL(siteUrl('/reference/projects'));
  await expect(page.getByRole('heading', {level: 1, name: 'Projects'})).toBeVisible();
  expect(loads).toEqual([]);
  // No server HTML for this page: React rendered the content, links and buttons included.
  expect((await contentHydration(page)).mode).toBe('rendered');
  const block = content(page).locator('.theme-code-block').first();
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').length).toBeGreaterThan(3);
  expect(await twinOf(page, '/reference/projects')).toContain(`\n${copied}\n\`\`\``);
  // Back on the first page, rendered by React this time.
  await page.goBack();
  await expect(page.getByRole('heading', {level: 1, name: 'Segments'})).toBeVisible();
  expect(loads).toEqual([]);
  expect(messages).toEqual([]);
});

test('the doc footer and the previous and next links stay as the server sent them, and the next link is followed in place', async ({page}) => {
  const messages = collectConsole(page);
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  await idle(page);
  const around = '.theme-doc-footer, .pagination-nav';
  const kept = await heldByReact(page, around);
  expect(kept.elements).toBeGreaterThan(10);
  expect(kept.held).toEqual([]);
  await expect(page.locator('.theme-doc-footer .theme-last-updated time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  const loads = documentLoads(page);
  const next = page.locator('a.pagination-nav__link--next');
  const target = await next.getAttribute('href');
  const title = await next.locator('.pagination-nav__label').textContent();
  await next.click();
  await expect(page).toHaveURL(siteUrl(target!));
  await expect(page.getByRole('heading', {level: 1, name: title!})).toBeVisible();
  expect(loads).toEqual([]);
  // No server HTML for this page: React rendered both, and they work as the theme's.
  expect((await heldByReact(page, around)).held).toEqual(expect.arrayContaining(['footer', 'nav', 'a']));
  await page.locator('a.pagination-nav__link--prev').click();
  await expect(page).toHaveURL(siteUrl('/reference/segments'));
  expect(loads).toEqual([]);
  expect(messages).toEqual([]);
});

test('a link clicked with a modifier key is left to the browser', async ({page, context}) => {
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  const opened = context.waitForEvent('page');
  await content(page).locator('a[href="/reference/projects"]').first().click({modifiers: ['ControlOrMeta']});
  // A new tab loads the page; this one stays.
  await (await opened).close();
  await expect(page).toHaveURL(siteUrl('/reference/segments'));
});

test('a hash in the address scrolls to its heading, on load and after a navigation in place', async ({page}) => {
  await page.goto(siteUrl('/reference/segments#related'));
  await hydrated(page);
  await expect(page.locator('[id="related"]')).toBeInViewport();
  const loads = documentLoads(page);
  await content(page).locator('a[href="/reference/resource-limits#segment-values"]').first().click();
  await expect(page).toHaveURL(siteUrl('/reference/resource-limits#segment-values'));
  await expect(page.locator('[id="segment-values"]')).toBeInViewport();
  expect(loads).toEqual([]);
  // An anchor on the same page, as the browser follows it.
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  await content(page).locator('a[href="#limits"]').first().click();
  await expect(page).toHaveURL(siteUrl('/reference/segments#limits'));
  await expect(page.locator('[id="limits"]')).toBeInViewport();
});

test('the table of contents follows the reader through the static content', async ({page}) => {
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  await page.locator('[id="limits"]').evaluate((heading) => heading.scrollIntoView({block: 'start'}));
  await expect(page.locator('.theme-doc-toc-desktop .table-of-contents__link--active')).toHaveAttribute('href', '#limits');
  await page.locator('[id="related"]').evaluate((heading) => heading.scrollIntoView({block: 'start'}));
  await expect(page.locator('.theme-doc-toc-desktop .table-of-contents__link--active')).toHaveAttribute('href', '#related');
});

test('pointing at a link in the content loads the scripts of its page', async ({page}) => {
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  await idle(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().includes('/assets/js/')) scripts.push(request.url());
  });
  await content(page).locator('a[href="/client-specification"]').first().hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

test('code blocks of the static content get their buttons near the screen, and copy their code', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({width: 412, height: 823});
  const messages = collectConsole(page);
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  const blocks = content(page).locator('.theme-code-block');
  const last = blocks.last();
  await idle(page);
  // Far below the screen: no buttons yet.
  await expect(last.locator('button')).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole('button', {name: 'Copy code to clipboard'})).toBeAttached();
  await last.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect(last.getByRole('button', {name: 'Copied'})).toBeAttached();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').length).toBeGreaterThan(3);
  expect(await twinOf(page, '/reference/segments')).toContain(`\n${copied}\n\`\`\``);
  // A block wider than a phone can wrap its lines.
  const wide = blocks.filter({has: page.getByRole('button', {name: 'Toggle word wrap'})}).first();
  await wide.getByRole('button', {name: 'Toggle word wrap'}).click();
  await expect(wide.locator('code')).toHaveCSS('white-space', 'pre-wrap');
  expect((await contentHydration(page)).hydrated).toEqual([]);
  expect(messages).toEqual([]);
});

test('tabs in the content hydrate on their own, switch, and bring back the reader’s choice', async ({page}) => {
  const messages = collectConsole(page);
  await page.goto(siteUrl('/quickstart'));
  await hydrated(page);
  await islandsHydrated(page);
  const hydration = await contentHydration(page);
  expect(hydration.islands).toBe(2);
  expect(hydration.islandsHydrated).toBe(2);
  expect(hydration.hydrated).toEqual([]);
  const python = page.getByRole('tab', {name: 'Python'});
  await python.click();
  await expect(python).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({hasText: 'pip install'}).first()).toBeVisible();
  // From the keyboard.
  await python.press('ArrowRight');
  await expect(page.getByRole('tab', {name: 'Java', exact: true})).toBeFocused();
  // The choice is kept for the tab group and comes back on the next visit.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
  expect(messages).toEqual([]);
});

test('a tab clicked before its island has hydrated still switches', async ({page}) => {
  // The idle time in which islands hydrate never comes: only the click can hydrate it.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await page.goto(siteUrl('/quickstart'));
  await hydrated(page);
  expect((await contentHydration(page)).islandsHydrated).toBe(0);
  const java = page.getByRole('tab', {name: 'Java', exact: true});
  await java.click();
  await expect(java).toHaveAttribute('aria-selected', 'true');
});

test('after a navigation in place, tabs and code blocks of the new page work', async ({page}) => {
  const messages = collectConsole(page);
  await page.goto(siteUrl('/'));
  await hydrated(page);
  await page.getByRole('link', {name: 'Start the quickstart'}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'Quickstart'})).toBeVisible();
  expect((await contentHydration(page)).mode).toBe('rendered');
  const go = page.getByRole('tab', {name: 'Go'});
  await go.click();
  await expect(go).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel').filter({hasText: 'go get'}).first();
  await expect(panel).toBeVisible();
  await panel.locator('.theme-code-block').first().hover();
  await expect(panel.getByRole('button', {name: 'Copy code to clipboard'}).first()).toBeVisible();
  expect(messages).toEqual([]);
});

test('the API introduction: its schema tabs switch and its version stays in the head', async ({page}) => {
  const messages = collectConsole(page);
  await page.goto(siteUrl('/reference/api/unleash'));
  await hydrated(page);
  await islandsHydrated(page);
  expect((await contentHydration(page)).hydrated).toEqual([]);
  await expect(page.locator('meta[name="docsearch:version"]')).toHaveAttribute('content', /^\d+\.\d+\.\d+$/);
  const tabs = page.locator('[data-content-island="SchemaTabs"]').getByRole('tab');
  const second = tabs.nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  expect(await actionableOutsideIslands(page)).toEqual([]);
  expect(messages).toEqual([]);
});

test('details in Markdown open and close, and their links are followed in place (fixture page)', async ({page}) => {
  // The fixture site switches every third-party script on; they are not what is tested here.
  const site = new URL(configuredUrl()).host;
  await page.route((url) => url.host !== site, (route) => route.fulfill({status: 204}));
  const messages = collectConsole(page);
  await page.goto(configuredUrl('/details'));
  await hydrated(page);
  await islandsHydrated(page);
  const hydration = await contentHydration(page);
  expect(hydration).toMatchObject({mode: 'static', islands: 2, islandsHydrated: 2, hydrated: []});
  const details = content(page).locator('details').first();
  const hidden = details.getByText('The hidden paragraph');
  await expect(hidden).toBeHidden();
  await details.locator('summary').click();
  await expect(hidden).toBeVisible();
  await expect(details).toHaveAttribute('open', '');
  // The last thing in a note keeps no bottom margin, inside its island as without one.
  await expect(content(page).locator('.theme-admonition details')).toHaveCSS('margin-bottom', '0px');
  const loads = documentLoads(page);
  await details.getByRole('link', {name: 'link to the short page'}).click();
  await expect(page).toHaveURL(configuredUrl('/short'));
  expect(loads).toEqual([]);
  expect(messages).toEqual([]);
});
