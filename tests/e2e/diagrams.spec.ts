/**
 * Diagrams drawn ahead of time (plugins/diagrams): a page shows the drawing of its colour
 * mode with the diagram's text alternative, every drawing loads and fits a phone's width,
 * the offline app precaches them, and no page runs a diagram engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Locator, type Page} from '@playwright/test';
import {routeOf} from '../../scripts/content/pages';
import {diagramsInDocs} from '../../scripts/images/diagrams';
import {diagramFile, DIAGRAM_THEMES} from '../../plugins/diagrams';
import {buildDir, hydrated, siteUrl} from './support';
import {patience} from '../../scripts/testing/patience';

const DIAGRAM_PAGE = '/how-to/how-to-add-sso-saml';
/**
 * Signs of Mermaid's code in a script: its API, its diagram grammars, Docusaurus' Mermaid
 * theme. The bare word is not enough: Docusaurus' own code names it twice, as a placeholder
 * component that renders nothing (the classic theme's MDX components) and as `mermaid: false`
 * in the site configuration it serialises into main.js.
 */
const MERMAID_CODE = /mermaidAPI|mermaid\.(?:initialize|render|run|parse)\b|sequenceDiagram|stateDiagram|flowchart-v2|docusaurus-mermaid-container|@mermaid-js/;
const uses = diagramsInDocs();
const routeOfUse = (file: string) => routeOf(path.resolve(__dirname, '../..', file));
const pageDiagram = uses.find((use) => routeOfUse(use.file) === DIAGRAM_PAGE)!;

/** Resolves once the image has loaded, with its natural size (0 × 0 when it failed to decode). */
async function loaded(image: Locator): Promise<{width: number; height: number}> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({width: element.naturalWidth, height: element.naturalHeight}));
}

async function openInMode(page: Page, route: string, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
  await page.goto(siteUrl(route));
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

test.describe('diagrams', () => {
  for (const mode of DIAGRAM_THEMES) {
    test(`in ${mode} mode, a page shows the ${mode} drawing with its text alternative`, async ({page}) => {
      await openInMode(page, DIAGRAM_PAGE, mode);
      const figure = page.locator('figure.diagram').first();
      const shown = figure.locator(`img.diagram__image--${mode}`);
      const other = figure.locator(`img.diagram__image--${mode === 'light' ? 'dark' : 'light'}`);
      await expect(shown).toBeVisible();
      await expect(other).toBeHidden();
      await expect(shown).toHaveAttribute('src', `/${diagramFile(pageDiagram.key, mode)}`);
      // Only the drawing on show is in the accessibility tree, named by the alt text written for it.
      await expect(page.getByRole('img', {name: pageDiagram.alt})).toHaveCount(1);
      await expect(page.getByRole('img', {name: pageDiagram.alt})).toHaveAttribute('src', `/${diagramFile(pageDiagram.key, mode)}`);
      const size = await loaded(shown);
      expect(size.width).toBeGreaterThan(300);
      expect(size).toEqual({width: Number(await shown.getAttribute('width')), height: Number(await shown.getAttribute('height'))});
      await expect(figure).toHaveScreenshot(`sso-saml-${mode}.png`, {maxDiffPixelRatio: 0.01});
    });
  }

  test('switching the colour mode swaps the drawing in place', async ({page}) => {
    await openInMode(page, DIAGRAM_PAGE, 'light');
    const figure = page.locator('figure.diagram').first();
    await page.getByRole('button', {name: /dark mode|light mode|system mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(figure.locator('img.diagram__image--dark')).toBeVisible();
    await expect(figure.locator('img.diagram__image--light')).toBeHidden();
    expect((await loaded(figure.locator('img.diagram__image--dark'))).width).toBeGreaterThan(0);
  });

  test('no script a diagram page runs contains Mermaid, nor any script of the site', async ({page}) => {
    const scripts: Array<Promise<{url: string; body: string}>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({url: response.url(), body})));
    });
    await page.goto(siteUrl(DIAGRAM_PAGE));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const loadedScripts = await Promise.all(scripts);
    expect(loadedScripts.length).toBeGreaterThan(3);
    expect(loadedScripts.filter(({body}) => MERMAID_CODE.test(body)).map(({url}) => url)).toEqual([]);
    const inline = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
    expect(inline.filter((text) => /mermaid/i.test(text))).toEqual([]);
    const jsDir = path.join(buildDir(), 'assets/js');
    const withMermaid = fs.readdirSync(jsDir).filter((name) => name.endsWith('.js') && MERMAID_CODE.test(fs.readFileSync(path.join(jsDir, name), 'utf8')));
    expect(withMermaid).toEqual([]);
  });

  test('every diagram page fits a 375 px screen without sideways scrolling, and every drawing loads', async ({browser}) => {
    test.setTimeout(patience(240_000));
    const context = await browser.newContext({viewport: {width: 375, height: 740}});
    const page = await context.newPage();
    const routes = [...new Set(uses.map((use) => routeOfUse(use.file)))];
    const problems: string[] = [];
    for (const route of routes) {
      const response = await page.goto(siteUrl(route));
      expect(response?.status(), route).toBe(200);
      await hydrated(page);
      const images = page.locator('figure.diagram img.diagram__image--light');
      const expected = uses.filter((use) => routeOfUse(use.file) === route).length;
      await expect(images, route).toHaveCount(expected);
      for (let index = 0; index < expected; index += 1) {
        const image = images.nth(index);
        const size = await loaded(image);
        if (size.width === 0) problems.push(`${route}: ${await image.getAttribute('src')} did not load`);
        const box = await image.boundingBox();
        if (!box || box.width > 375) problems.push(`${route}: ${await image.getAttribute('src')} is ${box?.width} px wide`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${route}: the page scrolls ${overflow} px sideways`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  test('the offline app precaches every drawing', () => {
    const worker = fs.readFileSync(path.join(buildDir(), 'sw.js'), 'utf8');
    const missing = uses.flatMap((use) => DIAGRAM_THEMES.map((theme) => diagramFile(use.key, theme))).filter((file) => !worker.includes(`"${file}"`));
    expect(missing).toEqual([]);
  });
});
