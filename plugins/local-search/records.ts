/**
 * Turns a built HTML page into DocSearch records: lvl0 is the sidebar section, lvl1 the
 * page title, lvl2+ the headings, and content the paragraphs, list items and table cells
 * under them. Navigation chrome (navbar, sidebar, breadcrumbs, table of contents,
 * pagination, footer) is never read: only the article body is.
 */
import {parse, type HTMLElement, type Node as HtmlNode} from 'node-html-parser';
import {LEVELS, type Hierarchy, type RecordType, type SearchRecord} from './types';

const CONTENT_TAGS = new Set(['P', 'LI', 'TD', 'TH', 'DT', 'DD', 'BLOCKQUOTE']);
const HEADING_LEVEL: Record<string, number> = {H2: 2, H3: 3, H4: 4, H5: 5, H6: 6};
/** Code is only worth indexing when it is short, such as a command or an option name. */
const MAX_CODE_CHARS = 120;
/**
 * A doc card's title is an <h2> (the theme's DocCard), but it names another page: read as a
 * heading it made a section of the list page for every card (416 on the API tag pages), each
 * answering with the list instead of the page it links to.
 */
const CARD_HEADING_CLASS = 'theme-doc-card-heading';
const SKIP_CLASSES = ['hash-link', 'theme-doc-toc-mobile', 'pagination-nav', 'theme-edit-this-page', 'theme-last-updated', 'breadcrumbs'];

export interface PageInput {
  /** Path of the page, e.g. /reference/segments. */
  url: string;
  html: string;
}

function text(node: HtmlNode): string {
  return node.text.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();
}

function meta(root: HTMLElement, name: string): string | undefined {
  return root.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;
}

function sectionName(root: HTMLElement, title: string): string {
  const crumbs = root.querySelectorAll('.breadcrumbs__item').filter((item) => !item.querySelector('[aria-label="Home page"]'));
  if (crumbs.length > 1) return text(crumbs[0]!);
  const activeCategory = root.querySelector('.theme-doc-sidebar-menu > li > .menu__list-item-collapsible .menu__link--active');
  if (activeCategory) return text(activeCategory);
  return title ? 'Documentation' : 'Unleash documentation';
}

function skipped(element: HTMLElement): boolean {
  const cls = element.getAttribute('class') ?? '';
  return SKIP_CLASSES.some((name) => cls.includes(name)) || element.tagName === 'NAV' || element.tagName === 'BUTTON' || element.tagName === 'SCRIPT' || element.tagName === 'STYLE';
}

/** Text of a content element without nested blocks that are indexed on their own. */
function ownText(element: HTMLElement): string {
  const parts: string[] = [];
  const walk = (node: HtmlNode) => {
    if (node.nodeType === 3) {
      parts.push(node.text);
      return;
    }
    const el = node as HTMLElement;
    if (skipped(el)) return;
    if (el.tagName === 'UL' || el.tagName === 'OL' || el.tagName === 'TABLE' || el.tagName === 'P') return;
    if (el.tagName === 'PRE') return;
    el.childNodes.forEach(walk);
  };
  element.childNodes.forEach(walk);
  return parts.join('').replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();
}

export function extractRecords({url, html}: PageInput): SearchRecord[] {
  const root = parse(html, {blockTextElements: {script: false, style: false, noscript: false}});
  const language = meta(root, 'docsearch:language') ?? root.querySelector('html')?.getAttribute('lang') ?? 'en';
  const tag = meta(root, 'docsearch:docusaurus_tag') ?? 'default';
  // API reference pages name the Unleash release they document (src/components/ApiVersionPicker);
  // other pages carry the docs version, `current`.
  const version = meta(root, 'docsearch:version');
  const article = root.querySelector('article .theme-doc-markdown') ?? root.querySelector('article') ?? root.querySelector('main');
  if (!article) return [];
  const title = text(root.querySelector('article h1') ?? root.querySelector('main h1') ?? root.querySelector('title')!).replace(/ \| Unleash Documentation$/, '');
  if (!title) return [];

  const hierarchy: Hierarchy = {lvl0: sectionName(root, title), lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const records: SearchRecord[] = [];
  let anchor: string | null = null;
  let level = 1;

  const push = (type: RecordType, content: string | null) => {
    const position = records.length;
    records.push({
      objectID: `${url}#${position}`,
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor,
      type,
      hierarchy: {...hierarchy},
      content,
      language,
      docusaurus_tag: tag,
      ...(version && version !== 'current' ? {version} : {}),
      weight: {position, level},
    });
  };
  push('lvl1', null);
  const keywords = meta(root, 'keywords');
  if (keywords) records[0]!.keywords = keywords.split(',').map((keyword) => keyword.trim()).filter(Boolean);
  // The page's own one-sentence summary: what a reader's question is most often phrased like.
  const description = meta(root, 'description')?.replace(/\s+/g, ' ').trim();
  if (description) records[0]!.description = description;

  const walk = (node: HtmlNode) => {
    if (node.nodeType !== 1) return;
    const el = node as HTMLElement;
    if (skipped(el) || el.tagName === 'H1' || el.tagName === 'HEADER') {
      if (el.tagName === 'HEADER') el.childNodes.forEach((child) => (child as HTMLElement).tagName !== 'H1' && walk(child));
      return;
    }
    const headingLevel = HEADING_LEVEL[el.tagName];
    if (headingLevel && (el.getAttribute('class') ?? '').includes(CARD_HEADING_CLASS)) {
      // The title attribute is the card's label without its icon.
      const label = el.getAttribute('title')?.trim() || text(el);
      if (label.length > 1) push('content', label);
      return;
    }
    if (headingLevel) {
      level = headingLevel;
      hierarchy[LEVELS[headingLevel]] = text(el);
      for (let deeper = headingLevel + 1; deeper <= 6; deeper += 1) hierarchy[LEVELS[deeper]] = null;
      anchor = el.getAttribute('id') ?? null;
      push(LEVELS[headingLevel] as RecordType, null);
      return;
    }
    if (el.tagName === 'PRE') {
      const code = text(el);
      if (code.length > 0 && code.length <= MAX_CODE_CHARS) push('content', code);
      return;
    }
    if (CONTENT_TAGS.has(el.tagName)) {
      const value = ownText(el);
      if (value.length > 1) push('content', value);
    }
    el.childNodes.forEach(walk);
  };
  article.childNodes.forEach(walk);
  return records;
}
