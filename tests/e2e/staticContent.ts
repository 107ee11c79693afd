/**
 * What the browser tests read about static doc content (src/components/StaticContent): which
 * elements React holds (it keeps a `__reactFiber$…` key on every element it hydrated or
 * rendered), and what a reader could act on in it. Functions, not strings, for the page: the
 * site's Content-Security-Policy forbids evaluating strings (the crawl enforces it).
 */
import type {Page} from '@playwright/test';

export interface ContentHydration {
  /** `static` (the server's HTML, kept) or `rendered` (rendered by React after a navigation). */
  mode: string | null;
  /** Elements of the doc's content (`.theme-doc-markdown` and what it holds). */
  elements: number;
  /** Elements of the content React holds, outside islands and code-block buttons. */
  hydrated: string[];
  /** Islands whose component React has hydrated / all islands. */
  islandsHydrated: number;
  islands: number;
}

export async function contentHydration(page: Page): Promise<ContentHydration> {
  return page.evaluate(() => {
    const content = document.querySelector('.theme-doc-markdown');
    const wrapper = document.querySelector('[data-static-content]');
    const held = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const live = (element: Element) => element.closest('[data-content-island], .code-block-buttons');
    const elements = content ? [content, ...content.querySelectorAll('*')] : [];
    const islands = content ? [...content.querySelectorAll('[data-content-island]')] : [];
    return {
      mode: wrapper && wrapper.getAttribute('data-static-content'),
      elements: elements.length,
      hydrated: elements.filter((element) => held(element) && !live(element)).map((element) => element.tagName.toLowerCase() + (element.id ? `#${element.id}` : '')),
      islandsHydrated: islands.filter((island) => island.firstElementChild && held(island.firstElementChild)).length,
      islands: islands.length,
    };
  });
}

/**
 * The elements matching `selector`, and what they hold, that React holds (tag names), and how
 * many there are: for the parts of a doc page around its content that stay as the server sent
 * them (src/components/StaticContent/StaticHtml.tsx).
 */
export async function heldByReact(page: Page, selector: string): Promise<{elements: number; held: string[]}> {
  return page.evaluate((selector) => {
    const held = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const elements = [...document.querySelectorAll(selector)].flatMap((element) => [element, ...element.querySelectorAll('*')]);
    return {elements: elements.length, held: elements.filter(held).map((element) => element.tagName.toLowerCase())};
  }, selector);
}

/** Resolves once the browser has been idle twice: what a page does in idle time has been done. */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));
}

/**
 * Elements a reader acts on (buttons, summaries, tabs, form fields) in the server's HTML of
 * static content that are outside any island: they would not work, since nothing there is
 * hydrated. Links are followed by the content itself; focusable code and tables only scroll.
 */
export async function actionableOutsideIslands(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const content = document.querySelector('[data-static-content="static"]');
    if (!content) return [];
    const actionable = 'button, summary, [role="tab"], [role="button"], input, select, textarea, [onclick]';
    return [...content.querySelectorAll(actionable)].filter((element) => !element.closest('[data-content-island], .code-block-buttons')).map((element) => element.outerHTML.slice(0, 120));
  });
}

/** Resolves once every island of the static content has hydrated. */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const held = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    return [...document.querySelectorAll('[data-static-content="static"] [data-content-island]')].every((island) => island.firstElementChild !== null && held(island.firstElementChild));
  });
}
