/**
 * What a built page asks the Content-Security-Policy to allow, read from its HTML the way a
 * browser's tokenizer reads it: the text of each inline script that runs (a hash in
 * script-src), the text of each inline <style> and the value of each style attribute (a hash
 * in style-src), the source of each external script (a host in script-src) and image (a host in
 * img-src), and inline event handlers and javascript: URLs, which the policy never allows.
 *
 * Not a full HTML parser: enough for the minified pages Docusaurus writes. Comments are
 * skipped; the raw-text elements (script, style, textarea, title, noscript …) end at their
 * closing tag, so markup inside them is not read as tags; attribute values are decoded.
 */

export interface PageContent {
  /** Text of inline scripts the browser runs (classic, module, import map, speculation rules). */
  scripts: string[];
  /** `src` of every script element, as written. */
  externalScripts: string[];
  /** Image URLs (`<img src>`, `srcset` of images and sources), as written. */
  images: string[];
  /** Text of inline <style> elements. */
  styles: string[];
  /** Values of style attributes, decoded. */
  styleAttributes: string[];
  /** Inline event handlers (`<tag onclick>`) and `javascript:` URLs, for the error message. */
  forbidden: string[];
}

/**
 * Types that make a <script> run, and so fall under script-src. Anything else (JSON-LD
 * `application/ld+json`, `application/json`, templates) is a data block: the HTML standard
 * stops preparing such a script before the Content-Security-Policy check, so it needs no hash.
 */
const JAVASCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/** Elements whose content the tokenizer takes as text up to the closing tag (noscript: with scripting on). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const NAMED_REFERENCES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, reference: string) => {
    if (reference[0] === '#') {
      const code = reference[1] === 'x' || reference[1] === 'X' ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_REFERENCES[reference.toLowerCase()] ?? match;
  });
}

/** Whether a <script> with these attributes runs (a data block such as JSON-LD does not). */
export function isExecutable(attributes: Map<string, string>): boolean {
  const type = attributes.get('type');
  if (type === undefined) return true;
  return JAVASCRIPT_TYPES.has(type.trim().toLowerCase());
}

const ATTRIBUTE_NAME = /[^\s/>][^\s/>=]*/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const TAG_NAME = /<([a-zA-Z][^\s/>]*)/y;

/** Reads one start tag's attributes from `start` (just after the tag name); returns them and the index after `>`. */
function readAttributes(html: string, start: number): {attributes: Map<string, string>; end: number} {
  const attributes = new Map<string, string>();
  const isSpace = (at: number) => /\s/.test(html[at] ?? '');
  let i = start;
  while (i < html.length) {
    while (i < html.length && (isSpace(i) || html[i] === '/')) i += 1;
    if (i >= html.length || html[i] === '>') return {attributes, end: i + 1};
    ATTRIBUTE_NAME.lastIndex = i;
    const rawName = ATTRIBUTE_NAME.exec(html)![0];
    const name = rawName.toLowerCase();
    i += rawName.length;
    while (isSpace(i)) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (isSpace(i)) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const end = close === -1 ? html.length : close;
        value = html.slice(i + 1, end);
        i = end + 1;
      } else {
        UNQUOTED_VALUE.lastIndex = i;
        value = UNQUOTED_VALUE.exec(html)![0];
        i += value.length;
      }
    }
    // The first of two attributes with one name wins, as in browsers.
    if (!attributes.has(name)) attributes.set(name, decodeAttribute(value));
  }
  return {attributes, end: i};
}

/** One start tag as the tokenizer reads it; `text` is the content of a raw-text element (script, style …). */
export interface StartTag {
  name: string;
  attributes: Map<string, string>;
  text?: string;
}

/** Every start tag of a page in document order, comments skipped, raw-text content not read as tags. */
export function* startTags(html: string): Generator<StartTag> {
  let i = 0;
  while ((i = html.indexOf('<', i)) !== -1) {
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    TAG_NAME.lastIndex = i;
    const tag = TAG_NAME.exec(html);
    if (!tag) {
      // An end tag, a doctype or a stray "<": no element starts here.
      i += 1;
      continue;
    }
    const name = tag[1]!.toLowerCase();
    const {attributes, end} = readAttributes(html, i + tag[0].length);
    i = end;
    if (!RAW_TEXT.has(name)) {
      yield {name, attributes};
      continue;
    }
    const close = new RegExp(`</${name}[\\s/>]`, 'ig');
    close.lastIndex = i;
    const found = close.exec(html);
    const textEnd = found ? found.index : html.length;
    const text = html.slice(i, textEnd);
    i = textEnd;
    yield {name, attributes, text};
  }
}

export function readPage(html: string): PageContent {
  const content: PageContent = {scripts: [], externalScripts: [], images: [], styles: [], styleAttributes: [], forbidden: []};
  for (const {name, attributes, text} of startTags(html)) {
    for (const [attribute, value] of attributes) {
      if (attribute === 'style') content.styleAttributes.push(value);
      else if (/^on[a-z]+$/.test(attribute)) content.forbidden.push(`<${name} ${attribute}>`);
      else if (/^(href|src|action|formaction)$/.test(attribute) && /^\s*javascript:/i.test(value)) content.forbidden.push(`<${name} ${attribute}="${value.slice(0, 40)}">`);
    }
    if (name === 'img' && attributes.has('src')) content.images.push(attributes.get('src')!);
    if ((name === 'img' || name === 'source') && attributes.has('srcset')) {
      content.images.push(...attributes.get('srcset')!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!).filter(Boolean));
    }
    if (text === undefined) continue;
    if (name === 'script') {
      if (attributes.has('src')) content.externalScripts.push(attributes.get('src')!);
      else if (isExecutable(attributes)) content.scripts.push(text);
    } else if (name === 'style') {
      content.styles.push(text);
    }
  }
  return content;
}
