/**
 * Text analysis shared by the index build and the browser: the same tokens on both sides.
 * Words are lower-cased and folded to ASCII where they have a base letter, common English
 * stop words are dropped (questions read like sentences), and plural endings are removed so
 * that "tokens" and "token" meet; other inflections are left to prefix matching and to the
 * correction of words the index does not know (Damerau-Levenshtein, see `editDistance`).
 */

/**
 * Dropped from the index and from queries. "not" is kept: it tells a symptom ("flag not
 * returned", "feature not available") from a description of how something works.
 */
export const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its me my no of on or our should so than that the their them then there these they this to up us use used using was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/**
 * Words of a question or a complaint that say nothing about its subject ("how can I get …",
 * "… is not working"). They are dropped from queries, not from the index, so a page that
 * really is about "working" with something still matches its other words.
 */
export const QUERY_FILLER = new Set(
  "am been being could did im ive just keep kept need possible want way would vs versus anyone anybody somebody someone thing something please help dont doesnt didnt cant cannot isnt arent wasnt wont shouldnt couldnt".split(
    ' ',
  ),
);

/** Splits on anything that is not a letter, digit, or an inner dot/underscore/hyphen. */
const WORD = /[\p{L}\p{N}]+(?:['’._-][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/’/g, "'");
}

const PLURAL_RULES: Array<[RegExp, string]> = [
  [/ies$/, 'y'],
  [/sses$/, 'ss'],
  [/(ss|us|is)$/, '$1'],
  [/([^s'])s$/, '$1'],
];

/**
 * A deliberately small stemmer, never applied to short words, numbers or identifiers: plural endings,
 * "-ing" and "-ed" (tagging, tagged → tag; removed, removing → remov) and a final "e"
 * (remove → remov), so that the forms of a verb meet. Other inflections are left to prefix
 * matching ("configur" finds "configuration").
 */
export function stem(word: string): string {
  // Identifiers and file names ("next.js", "unleash_client") are left as written.
  if (word.length <= 3 || /[\d._]/.test(word)) return word;
  let stemmed = britishToAmerican(word);
  for (const [pattern, replacement] of PLURAL_RULES) {
    if (pattern.test(stemmed)) {
      stemmed = stemmed.replace(pattern, replacement);
      break;
    }
  }
  const suffix = /^(.+?)(ing|ed)$/.exec(stemmed);
  if (suffix) {
    const base = suffix[1]!;
    if (/([b-df-hj-km-np-rtv-z])\1$/.test(base) && base.length >= 3) return base.length >= 4 ? base.slice(0, -1) : base;
    if (base.length >= 4 && /[aeiouy]/.test(base)) return dropFinalE(base);
  }
  return dropFinalE(stemmed);
}

/** "initialise", "initialised", "initialisation" read as "initialize"…: pages and readers use both spellings. */
function britishToAmerican(word: string): string {
  return word.length >= 7 ? word.replace(/is(e|ed|es|ing|er|ers|ation|ations)$/, 'iz$1') : word;
}

function dropFinalE(word: string): string {
  return word.length >= 5 && word.endsWith('e') && !word.endsWith('ee') ? word.slice(0, -1) : word;
}

/** One word's index term: null drops the word. Possessives lose their "'s". */
export function processTerm(word: string): string | null {
  const folded = fold(word).replace(/'s$/, '');
  if (folded.length === 0 || STOP_WORDS.has(folded)) return null;
  return stem(folded.replace(/'/g, ''));
}

/**
 * The terms a piece of page text is indexed under. A compound such as "unleash-client",
 * "next.js" or "sign-on" counts as itself and as each of its parts, so that "client" and
 * "nextjs" (by correction) find it too; version numbers ("8.2.0") are not split.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of tokenize(text)) {
    const whole = processTerm(word);
    if (whole !== null) terms.push(whole);
    terms.push(...compoundParts(word, whole));
  }
  return terms;
}

/** The terms of a compound word's parts, other than the whole word's own term. */
function compoundParts(word: string, whole: string | null): string[] {
  if (!/[._-]/.test(word) || /^[\d._-]+$/.test(word)) return [];
  const terms: string[] = [];
  for (const part of word.split(/[._-]+/)) {
    const term = processTerm(part);
    if (term !== null && term !== whole && term.length > 1) terms.push(term);
  }
  return terms;
}

/** A term of a query: `last` marks the word the reader may still be typing. */
export interface QueryTerm {
  term: string;
  last: boolean;
  /** The term this word makes with the next one ("roll out" → "rollout", "log in" → "login"). */
  joined?: string;
  /** The next word's own term, when it has one (not a stop word). */
  next?: string;
  /** The terms of a compound word's parts ("instance.isEnabled" → instance, isenabl). */
  parts?: string[];
}

/** Terms of a query, in order, after the same processing as the index, without filler words. */
export function queryTerms(query: string): QueryTerm[] {
  const words = tokenize(query).filter((word) => !QUERY_FILLER.has(fold(word).replace(/'/g, '')));
  // A query ending in a space or punctuation has no unfinished word.
  const open = /[\p{L}\p{N}]$/u.test(query);
  const terms: QueryTerm[] = [];
  words.forEach((word, index) => {
    const term = processTerm(word);
    if (term === null) return;
    const entry: QueryTerm = {term, last: open && index === words.length - 1};
    const parts = compoundParts(word, term);
    if (parts.length > 0) entry.parts = parts;
    const following = words[index + 1];
    if (following !== undefined && !/\d/.test(word + following)) {
      const joined = processTerm(word + following);
      if (joined !== null) entry.joined = joined;
      const next = processTerm(following);
      if (next !== null) entry.next = next;
    }
    terms.push(entry);
  });
  return terms;
}

/** How many edits a word may be away from the term it is corrected to. */
export function maxEdits(term: string): number {
  if (/^\d+$/.test(term)) return 0;
  return term.length >= 8 ? 2 : term.length >= 3 ? 1 : 0;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment): insertions, deletions,
 * substitutions and transpositions of two neighbouring letters each count as one edit, so
 * "segmnets" is one edit from "segments". Returns max + 1 as soon as the distance must
 * exceed `max`, which keeps a scan of the whole vocabulary cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  // Three rows of the table, reused across calls: a vocabulary scan makes thousands.
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j += 1) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    rows[current] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[previous + j]! + 1, rows[current + j - 1]! + 1, rows[previous + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[before + j - 2]! + 1);
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(rows[previous + b.length]!, max + 1);
}

let rows = new Int32Array(96);

/**
 * The id Docusaurus gives a heading (github-slugger's rule): lower case, punctuation
 * removed, spaces to hyphens. The index stores a section's anchor only where it differs.
 */
export function headingSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}
