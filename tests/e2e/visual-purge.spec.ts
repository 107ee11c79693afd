/**
 * The purged stylesheets change nothing a reader sees (plugins/css-purge): each kind of page,
 * at a phone's width and a desktop's, in both colour modes, and the states that only scripts
 * bring about (the mobile drawer, the search modal with its hits, another tab chosen, a
 * collapsed sidebar category), is drawn twice, once with the stylesheets the build serves and
 * once with the full ones the build keeps in `.unpurged/` (swapped in with page.route), and the
 * two screenshots must agree on every pixel.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type BrowserContext, type Page, type TestInfo} from '@playwright/test';
import {UNPURGED_DIR} from '../../plugins/css-purge';
import {comparePngs} from '../support/pixelDiff';
import {buildDir, hydrated, siteUrl} from './support';

type Stylesheets = 'purged' | 'full';
type Mode = 'light' | 'dark';

interface PageKind {
  kind: string;
  path: string;
  /** What shows once the page has done its work after hydration. */
  ready?: (page: Page) => Promise<void>;
}

const PAGE_KINDS: readonly PageKind[] = [
  {kind: 'home', path: '/'},
  {kind: 'doc page', path: '/reference/segments'},
  {kind: 'how-to with a diagram', path: '/how-to/how-to-add-sso-saml', ready: (page) => expect(page.locator('figure.diagram img').filter({visible: true}).first()).toBeVisible()},
  {kind: 'SDK tabs', path: '/quickstart', ready: (page) => expect(page.getByRole('tab', {name: 'Python'})).toBeVisible()},
  {kind: 'API operation', path: '/reference/api/unleash/get-feature'},
  {kind: 'search page', path: '/search?q=segments', ready: (page) => expect(page.locator('main ol > li mark').first()).toBeVisible()},
  {kind: 'evaluation sandbox', path: '/reference/evaluation-sandbox', ready: (page) => expect(page.getByRole('region', {name: 'Evaluation sandbox'})).toBeVisible()},
  {kind: 'not found', path: '/this-page-does-not-exist'},
];
const WIDTHS = [390, 1280] as const;
const MODES: readonly Mode[] = ['light', 'dark'];

const STYLESHEET = /\/assets\/css\/([^/?#]+\.css)$/;

/** A page in the given colour mode whose stylesheets are the purged ones or the full ones; counts the full ones served. */
async function openPage(context: BrowserContext, stylesheets: Stylesheets, mode: Mode, width: number): Promise<{page: Page; swapped: string[]}> {
  const page = await context.newPage();
  await page.setViewportSize({width, height: 800});
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
  const swapped: string[] = [];
  if (stylesheets === 'full') {
    await page.route(STYLESHEET, async (route) => {
      const name = STYLESHEET.exec(new URL(route.request().url()).pathname)![1]!;
      swapped.push(name);
      await route.fulfill({path: path.join(buildDir(), UNPURGED_DIR, 'assets', 'css', name), contentType: 'text/css; charset=utf-8'});
    });
  }
  return {page, swapped};
}

/** Waits for what changes the picture after load: hydration, every image (lazy ones made eager), fonts, the network. */
async function settle(page: Page, kind: PageKind): Promise<void> {
  await hydrated(page);
  await kind.ready?.(page);
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    await Promise.all([...document.images].map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
}

/** Style rules in the page's linked stylesheets, inside @layer and @media too: the full ones have more, which shows the swap took effect. */
const ruleCount = (page: Page) =>
  page.evaluate(() => {
    // Style rules have cssRules too (for nested rules), so each counts itself and what it holds.
    const count = (rules: CSSRuleList): number =>
      [...rules].reduce((sum, rule) => sum + (rule instanceof CSSStyleRule ? 1 : 0) + ('cssRules' in rule ? count((rule as CSSGroupingRule).cssRules) : 0), 0);
    return [...document.styleSheets].filter((sheet) => sheet.href).reduce((sum, sheet) => sum + count(sheet.cssRules), 0);
  });

const shot = (page: Page, fullPage: boolean) => page.screenshot({fullPage, animations: 'disabled', caret: 'hide'});

async function expectSamePixels(purged: Buffer, full: Buffer, testInfo: TestInfo, name: string): Promise<void> {
  const comparison = comparePngs(purged, full);
  if (comparison.differing > 0) {
    const pictures: Array<[string, Buffer | undefined]> = [['purged', purged], ['full', full], ['diff', comparison.diff]];
    for (const [which, body] of pictures) {
      if (!body) continue;
      const file = testInfo.outputPath(`${name}-${which}.png`);
      fs.writeFileSync(file, body);
      await testInfo.attach(`${name}-${which}.png`, {path: file, contentType: 'image/png'});
    }
  }
  expect(comparison.sizes[0], `${name}: size with the purged stylesheets`).toBe(comparison.sizes[1]);
  expect(comparison.differing, `${name}: pixels that differ between the purged and the full stylesheets (in ${comparison.region})`).toBe(0);
}

/**
 * Draws the page both ways, optionally after an interaction, and compares. The full
 * stylesheets must have been swapped in, and hold more rules than the purged ones.
 */
async function compare(
  context: BrowserContext,
  testInfo: TestInfo,
  {kind, mode, width, act, fullPage = true}: {kind: PageKind; mode: Mode; width: number; act?: (page: Page) => Promise<void>; fullPage?: boolean},
): Promise<void> {
  const shots: Partial<Record<Stylesheets, Buffer>> = {};
  const rules: Partial<Record<Stylesheets, number>> = {};
  for (const stylesheets of ['purged', 'full'] as const) {
    const {page, swapped} = await openPage(context, stylesheets, mode, width);
    await page.goto(siteUrl(kind.path));
    await settle(page, kind);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    if (act) {
      await act(page);
      // A click scrolls its target into view, and the theme shows its back-to-top button after
      // some scrolls and not others: back at the top, it is hidden in both pictures.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator('[class*="backToTopButtonShow"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
    }
    if (stylesheets === 'full') expect(swapped.length, 'full stylesheets served in place of the purged ones').toBeGreaterThan(0);
    rules[stylesheets] = await ruleCount(page);
    shots[stylesheets] = await shot(page, fullPage);
    await page.close();
  }
  expect(rules.full!, 'rules of the full stylesheets against the purged ones').toBeGreaterThan(rules.purged!);
  await expectSamePixels(shots.purged!, shots.full!, testInfo, `${kind.kind}-${width}-${mode}`.replace(/\W+/g, '-'));
}

test.describe('purged stylesheets draw every page kind as the full ones do', () => {
  test('the build keeps a full copy of each stylesheet it serves, larger than the purged one', () => {
    const served = fs.readdirSync(path.join(buildDir(), 'assets', 'css')).filter((name) => name.endsWith('.css'));
    expect(served.length).toBeGreaterThan(0);
    for (const name of served) {
      const full = path.join(buildDir(), UNPURGED_DIR, 'assets', 'css', name);
      expect(fs.existsSync(full), `${UNPURGED_DIR}/assets/css/${name}`).toBe(true);
      expect(fs.statSync(full).size).toBeGreaterThan(fs.statSync(path.join(buildDir(), 'assets', 'css', name)).size);
    }
  });

  for (const kind of PAGE_KINDS) {
    for (const width of WIDTHS) {
      for (const mode of MODES) {
        test(`${kind.kind} (${kind.path}) at ${width} px, ${mode}`, async ({context}, testInfo) => {
          await compare(context, testInfo, {kind, mode, width});
        });
      }
    }
  }
});

const pageKind = (kind: string) => PAGE_KINDS.find((candidate) => candidate.kind === kind)!;

/** A state a script brings about: the page, the widths it is drawn at, and the reader's action. */
interface ScriptState {
  name: string;
  kind: PageKind;
  widths: readonly number[];
  /** Overlays are drawn in the viewport; a changed page as a whole. */
  fullPage: boolean;
  act: (page: Page) => Promise<void>;
}

const SCRIPT_STATES: readonly ScriptState[] = [
  {
    name: 'the mobile drawer open on the docs sidebar',
    kind: pageKind('doc page'),
    widths: [390],
    fullPage: false,
    act: async (page) => {
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
      await expect(page.locator('.navbar-sidebar__item.menu').nth(1).locator('.menu__link', {hasText: 'Segments'}).first()).toBeVisible();
    },
  },
  {
    name: 'the search modal with hits',
    kind: pageKind('doc page'),
    widths: WIDTHS,
    fullPage: false,
    act: async (page) => {
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('segments');
      await expect(page.locator('.DocSearch-Hit[aria-selected=true]')).toHaveCount(1);
      await expect(page.locator('.DocSearch-Hit').nth(2)).toBeVisible();
    },
  },
  {
    name: 'another SDK tab chosen',
    kind: pageKind('SDK tabs'),
    widths: WIDTHS,
    fullPage: true,
    act: async (page) => {
      const python = page.getByRole('tab', {name: 'Python'}).first();
      await python.click();
      await expect(python).toHaveClass(/tabs__item--active/);
    },
  },
  {
    name: 'a sidebar category collapsed',
    kind: pageKind('doc page'),
    widths: [1280],
    fullPage: false,
    act: async (page) => {
      const sidebar = page.locator('.theme-doc-sidebar-menu');
      const collapsed = await sidebar.locator('.menu__list-item--collapsed').count();
      await sidebar.locator('.menu__list-item:not(.menu__list-item--collapsed) > .menu__list-item-collapsible .menu__caret').first().click();
      await expect(sidebar.locator('.menu__list-item--collapsed')).toHaveCount(collapsed + 1);
    },
  },
];

test.describe('purged stylesheets draw the states scripts bring about as the full ones do', () => {
  for (const state of SCRIPT_STATES) {
    for (const width of state.widths) {
      for (const mode of MODES) {
        test(`${state.name} at ${width} px, ${mode}`, async ({context}, testInfo) => {
          await compare(context, testInfo, {kind: state.kind, mode, width, fullPage: state.fullPage, act: state.act});
        });
      }
    }
  }
});
