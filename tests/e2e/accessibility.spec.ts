/**
 * Accessibility: axe-core on every page type in both colour modes, on the open search modal
 * and on the mobile drawer (no serious or critical violations), and the whole site usable
 * from the keyboard: navbar, drawer, sidebar, tabs and search.
 */
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {hydrated, siteUrl} from './support';

const PAGE_TYPES: Record<string, string> = {
  home: '/',
  'reference page': '/reference/segments',
  'SDK page': '/reference/sdks/node',
  'how-to guide': '/how-to/how-to-create-api-tokens',
  'self-hosting page': '/using-unleash/deploy/configuring-unleash',
  tutorial: '/feature-flag-tutorials/react',
  'best-practice article': '/topics/feature-flags/feature-flag-best-practices',
  'page with diagrams': '/understanding-unleash/the-anatomy-of-unleash',
  'page with tabs': '/quickstart',
  'section landing page': '/understanding-unleash',
  'architecture decision record': '/contributing/ADRs',
  academy: '/unleash-academy/foundational',
  'API introduction': '/reference/api/unleash',
  'API tag page': '/reference/api/unleash/events',
  'API operation': '/reference/api/unleash/get-feature',
  'search page': '/search?q=segments',
  'not-found page': '/this-page-does-not-exist',
};

const MODES = ['light', 'dark'] as const;

/** Violations that fail the test, one line each, so a failure says what and where. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({page});
  if (include) builder.include(include);
  const {violations} = await builder.analyze();
  return violations
    // Serious and critical, plus heading-order, which Lighthouse's accessibility score counts.
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'heading-order')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

async function openInMode(page: Page, path: string, mode: (typeof MODES)[number]): Promise<void> {
  await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
  await page.goto(siteUrl(path));
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await page.waitForLoadState('networkidle');
}

test.describe('axe-core', () => {
  for (const mode of MODES) {
    for (const [type, path] of Object.entries(PAGE_TYPES)) {
      test(`${type} (${path}) in ${mode} mode`, async ({page}) => {
        await openInMode(page, path, mode);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test(`the open search modal with results in ${mode} mode`, async ({page}) => {
      await openInMode(page, '/reference/segments', mode);
      await page.keyboard.press('Control+k');
      await page.getByRole('searchbox').fill('segment');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      expect(await seriousViolations(page, '.DocSearch-Modal')).toEqual([]);
    });

    test(`the mobile drawer, main and docs menus, in ${mode} mode`, async ({page}) => {
      await page.setViewportSize({width: 390, height: 800});
      await openInMode(page, '/reference/segments', mode);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
      expect(await seriousViolations(page, '.navbar-sidebar')).toEqual([]);
      await page.getByRole('button', {name: /Back to main menu/}).click();
      await expect(page.locator('.navbar-sidebar').getByRole('link', {name: /^Plans\b/})).toBeVisible();
      expect(await seriousViolations(page, '.navbar-sidebar')).toEqual([]);
    });
  }
});

/** Presses Tab until the focused element matches, failing after `limit` presses. */
async function tabTo(page: Page, matches: (element: Element) => boolean, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`focus never reached the element within ${limit} Tab presses`);
}

test.describe('keyboard', () => {
  test('the navbar: skip link first, then every item, dropdown links included', async ({page}) => {
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to main content');
    await tabTo(page, (element) => element.textContent === 'Quickstart');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Docs');
    // Enter opens the Academy dropdown; Tab then walks its links.
    await tabTo(page, (element) => element.textContent === 'Academy');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', {name: 'Academy'})).toHaveAttribute('aria-expanded', 'true');
    // The menu fades in; links become focusable once it is shown.
    const firstLink = page.locator('.dropdown--show .dropdown__link').first();
    await expect(firstLink).toBeVisible();
    await expect.poll(() => firstLink.evaluate((link) => getComputedStyle(link.closest('.dropdown__menu')!).opacity)).toBe('1');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Foundational');
    await expect(page.locator(':focus')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/unleash-academy\/foundational$/);
  });

  test('the mobile drawer opens, switches menus and navigates from the keyboard', async ({page}) => {
    await page.setViewportSize({width: 390, height: 800});
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await tabTo(page, (element) => element.getAttribute('aria-label') === 'Toggle navigation bar');
    await page.keyboard.press('Enter');
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await tabTo(page, (element) => /Back to main menu/.test(element.textContent ?? ''));
    await page.keyboard.press('Enter');
    await tabTo(page, (element) => element.textContent === 'Quickstart');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/quickstart$/);
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
  });

  test('sidebar categories expand from the keyboard and their pages are reachable', async ({page}) => {
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    const toggle = page.getByRole('button', {name: "Expand sidebar category 'Integrations'"});
    await tabTo(page, (element) => element.getAttribute('aria-label') === "Expand sidebar category 'Integrations'");
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', {name: "Collapse sidebar category 'Integrations'"})).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveCount(0);
    await page.keyboard.press('Tab');
    const firstChild = page.locator(':focus');
    await expect(firstChild).toHaveAttribute('href', /^\/reference\/integrations\//);
    const target = await firstChild.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  });

  test('code tabs: arrow keys move between tabs, Enter shows the focused one', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    const tabList = page.getByRole('tablist').first();
    const tabs = tabList.getByRole('tab');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    const secondLabel = (await tabs.nth(1).textContent()) ?? '';
    await tabTo(page, (element) => element.getAttribute('role') === 'tab' && element.getAttribute('aria-selected') === 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tabList.getByRole('tab', {selected: true})).toHaveText(secondLabel);
    // The tab panels follow the tab list; the second one is now the shown one.
    const panels = tabList.locator('xpath=following-sibling::*[1]').locator(':scope > [role="tabpanel"]');
    await expect(panels.nth(1)).toBeVisible();
    await expect(panels.nth(0)).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(0)).toBeFocused();
  });

  test('search: Tab reaches the button, Enter opens the modal, Escape closes it and returns focus', async ({page}) => {
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await tabTo(page, (element) => element.classList.contains('DocSearch-Button'));
    await expect(page.locator(':focus')).toHaveAccessibleName('Search');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('segments');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    await expect(page.locator('.DocSearch-Button')).toBeFocused();
  });
});
