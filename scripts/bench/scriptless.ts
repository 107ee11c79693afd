/**
 * The "scriptless" variant of a built page (issue #39): the same HTML with nothing in it that
 * runs or fetches JavaScript, so the bench can measure each page beside its own floor, what
 * HTML and CSS alone cost. Everything else (styles, content, images, data blocks) is left
 * byte for byte, so the difference between the two Lighthouse runs is the scripts' doing.
 */
import {parse, type HTMLElement} from 'node-html-parser';
import {isExecutable} from '../../plugins/security-headers/html';

/**
 * A `<script>` the browser runs (classic, module, import map, speculation rules) goes; a data
 * block (JSON-LD, for instance), which it never runs, is content and stays. The same rule as
 * the Content-Security-Policy's reading of the page (plugins/security-headers).
 */
export function isScript(element: HTMLElement): boolean {
  const type = element.getAttribute('type');
  return isExecutable(new Map(type === undefined ? [] : [['type', type]]));
}

/** Link relations that fetch a script ahead of its use. */
const SCRIPT_FETCHING_RELS = new Set(['modulepreload', 'preload', 'prefetch']);

/**
 * `<link rel=modulepreload>` (always a module script) and `rel=preload`/`prefetch` of a script:
 * by its `as`, or, for a prefetch that names none (Docusaurus writes `as=script` when it adds
 * them at run time, but others do not), by a `.js`/`.mjs` file name.
 */
export function isScriptLink(element: HTMLElement): boolean {
  const rels = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!rels.some((rel) => SCRIPT_FETCHING_RELS.has(rel))) return false;
  if (rels.includes('modulepreload')) return true;
  const as = (element.getAttribute('as') ?? '').toLowerCase();
  if (as) return as === 'script';
  const href = element.getAttribute('href') ?? '';
  return /\.m?js(?:[?#]|$)/i.test(href);
}

/**
 * The page without its scripts. Elements are cut out of the original text by their source
 * ranges rather than re-serialised from the parse, which would requote attributes and
 * normalise markup the two variants must share.
 */
export function withoutScripts(html: string): string {
  const root = parse(html, {comment: true});
  const cuts = [
    ...root.querySelectorAll('script').filter(isScript),
    ...root.querySelectorAll('link').filter(isScriptLink),
  ]
    .map((element) => element.range)
    .sort((a, b) => a[0] - b[0]);
  let result = '';
  let from = 0;
  for (const [start, end] of cuts) {
    // A script inside a removed element (not possible in valid HTML, cheap to guard) is already gone.
    if (start < from) continue;
    result += html.slice(from, start);
    from = end;
  }
  return result + html.slice(from);
}
