/**
 * The API theme renders every description of an operation page (parameters, request and
 * response bodies, every schema property) from Markdown in the browser, with react-markdown,
 * remark and rehype-raw: a 110 KB gzip chunk and hundreds of Markdown parses on every page.
 * Here, at generation time, each description in the pages' JSON props (the
 * `*.ParamsDetails.json`, `*.RequestSchema.json` and `*.StatusCodes.json` files the pages
 * spread into the theme's components) is rendered to HTML with the same libraries and options
 * as the theme's Markdown component, and stored as `PRERENDERED_MARK` + HTML. The site's
 * Markdown component (src/theme/Markdown) shows such a string as it is. HTML is valid
 * Markdown, so the theme's own component would still show it correctly.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createElement, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {codeHighlighter} from '../../config/codeHighlight';
import {PRERENDERED_MARK} from '../../src/theme/Markdown/prerendered';

/** Props files the generator writes next to each operation page. */
export const PROPS_FILE = /\.(ParamsDetails|RequestSchema|StatusCodes)\.json$/;

/** Keys holding Markdown the theme renders with its Markdown component. */
const MARKDOWN_KEYS = new Set(['description']);
/** Keys holding data (examples, defaults, enum values), never Markdown, even where they contain a `description`. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value', 'x-enumDescriptions']);

type Render = (markdown: string) => string;

/** The theme's Markdown component (react-markdown with GFM and raw HTML), run in Node. */
export async function markdownRenderer(): Promise<Render> {
  const [{default: ReactMarkdown}, {default: remarkGfm}, {default: rehypeRaw}] = await Promise.all([import('react-markdown'), import('remark-gfm'), import('rehype-raw')]);
  const highlighter = codeHighlighter();
  const components = {
    pre: (props: {children?: ReactNode}) => createElement('div', props),
    code({className, children}: {className?: string; children?: ReactNode}) {
      const language = /language-(\w+)/.exec(className ?? '')?.[1];
      if (!language) return createElement('code', {className}, children);
      const html = highlighter.toHtml(String(children).replace(/\n$/, ''), language);
      return createElement('pre', {className: `prism-code language-${language}`}, createElement('code', {dangerouslySetInnerHTML: {__html: html}}));
    },
  };
  return (markdown) => renderToStaticMarkup(createElement(ReactMarkdown, {remarkPlugins: [remarkGfm], rehypePlugins: [rehypeRaw], components}, markdown));
}

/** Keys whose value maps names (of properties, status codes, media types…) to objects: their keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'responses', 'content', 'headers', 'encoding', 'mapping', 'schemas']);

/** Every description in `value` rendered; data values are left as they are. */
export function prerenderValue(value: unknown, render: Render, key?: string, keyIsName = false): unknown {
  const keyword = keyIsName ? undefined : key;
  if (keyword !== undefined && DATA_KEYS.has(keyword)) return value;
  if (typeof value === 'string') {
    return keyword !== undefined && MARKDOWN_KEYS.has(keyword) && !value.startsWith(PRERENDERED_MARK) && value.trim() !== '' ? PRERENDERED_MARK + render(value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => prerenderValue(item, render));
  if (value && typeof value === 'object') {
    const namesInside = keyword !== undefined && NAME_MAPS.has(keyword);
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, prerenderValue(inner, render, name, namesInside)]));
  }
  return value;
}

/**
 * Each text is rendered once: the same descriptions recur on many pages (error responses,
 * shared schemas), and an older reference shares most of the current one's (scripts/openapi/versions.ts).
 */
const renderedTexts = new Map<string, string>();

/** Rewrites the props files in `dir`; returns how many descriptions were rendered. */
export async function prerenderDescriptions(dir: string): Promise<number> {
  const render = await markdownRenderer();
  let count = 0;
  const counting: Render = (markdown) => {
    count += 1;
    let html = renderedTexts.get(markdown);
    if (html === undefined) {
      html = render(markdown);
      renderedTexts.set(markdown, html);
    }
    return html;
  };
  for (const file of fs.readdirSync(dir).filter((name) => PROPS_FILE.test(name))) {
    const target = path.join(dir, file);
    const props = JSON.parse(fs.readFileSync(target, 'utf8')) as unknown;
    fs.writeFileSync(target, JSON.stringify(prerenderValue(props, counting)));
  }
  return count;
}
