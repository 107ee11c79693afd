/**
 * PurgeCSS, set up the way the site uses it: a stylesheet keeps the rules whose classes, ids,
 * tags and attributes occur in the site's scripts (every word of them: the class names the
 * components write), in its pages (the elements and attributes of the built HTML, read by
 * pageTokens.ts) or in the reviewed safelist (what scripts put in the page at run time without
 * spelling it out, config/cssSafelist.ts).
 */
import {PurgeCSS, type ExtractorResultDetailed, type RawContent} from 'purgecss';

/** One reviewed reason to keep rules that nothing in the scripts or pages names literally. */
export interface CssSafelistEntry {
  /** Class names (without the dot); a RegExp matches CSS-module names whatever their hash suffix. */
  classes?: ReadonlyArray<string | RegExp>;
  /** Attributes whose values scripts set at run time: rules on them are kept whatever the value. */
  attributes?: readonly string[];
  /** Attribute values scripts write that their minified source does not spell out. */
  values?: readonly string[];
  /** Which script adds them, and when. */
  addedBy: string;
}

export interface Stylesheet {
  name: string;
  css: string;
}

export interface PurgedStylesheet extends Stylesheet {
  /** The selectors PurgeCSS removed, as written in the input. */
  rejected: string[];
}

export interface PurgeContent {
  /** Source of every script the site ships. */
  scripts: readonly string[];
  /** What the built pages use (pageTokens.ts); the build step has no pages yet, the check does. */
  pages?: ExtractorResultDetailed;
}

/**
 * PurgeCSS drops a selector whose compound is made of pseudo-classes only (FullHuman/purgecss
 * issues 978 and 1282), such as Infima's `:where(.button--primary):not(.button--outline):hover`,
 * the hover colour of every primary button, however much `button--primary` is used. A greedy
 * safelist pattern on `:where` keeps such a selector as a whole; the selectors inside
 * `:where(…)` are still judged on their own, and an unused one takes the rule with it.
 */
const PSEUDO_ONLY_COMPOUNDS = [/^:where$/];

const SCRIPT = 'js';
const SAFELIST = 'safelist';
const PAGES = 'pages';

function safelistOptions(safelist: readonly CssSafelistEntry[]) {
  return {
    standard: safelist.flatMap((entry) => [...(entry.classes ?? [])]),
    greedy: PSEUDO_ONLY_COMPOUNDS,
  };
}

/** Keeps, from each stylesheet, the rules the content can use; the order of the answer is that of `stylesheets`. */
export async function purgeStylesheets(stylesheets: readonly Stylesheet[], content: PurgeContent, safelist: readonly CssSafelistEntry[]): Promise<PurgedStylesheet[]> {
  const raw: RawContent[] = content.scripts.map((script) => ({raw: script, extension: SCRIPT}));
  // Values join the words of the scripts: PurgeCSS looks attribute values up among those.
  raw.push({raw: safelist.flatMap((entry) => entry.values ?? []).join(' '), extension: SAFELIST});
  const pages = content.pages;
  if (pages) raw.push({raw: '', extension: PAGES});
  const results = await new PurgeCSS().purge({
    content: raw,
    css: stylesheets.map((sheet) => ({raw: sheet.css, name: sheet.name})),
    extractors: pages ? [{extensions: [PAGES], extractor: () => pages}] : [],
    safelist: safelistOptions(safelist),
    dynamicAttributes: safelist.flatMap((entry) => [...(entry.attributes ?? [])]),
    rejected: true,
  });
  return stylesheets.map((sheet, index) => ({name: sheet.name, css: results[index]!.css, rejected: results[index]!.rejected ?? []}));
}
