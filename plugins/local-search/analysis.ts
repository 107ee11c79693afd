/**
 * Text analysis shared by the index build and the browser: the same tokens on both sides.
 * Words are lower-cased and folded to ASCII where they have a base letter, common English
 * stop words are dropped (questions read like sentences), and plural endings are removed so
 * that "tokens" and "token" meet; other inflections are left to prefix and typo matching.
 */

export const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our should so than that the their them then there these they this to up us use used using was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Splits on anything that is not a letter, digit, or an inner dot/underscore/hyphen. */
const WORD = /[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

const PLURAL_RULES: Array<[RegExp, string]> = [
  [/ies$/, 'y'],
  [/sses$/, 'ss'],
  [/(ss|us|is)$/, '$1'],
  [/([^s'])s$/, '$1'],
];

/**
 * A deliberately small stemmer, never applied to short words or numbers: plural endings,
 * then "-ing" (tagging → tag, settings → set) and "-ed" after a doubled consonant
 * (tagged → tag). Other inflections are left to prefix and typo matching.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let stemmed = word;
  for (const [pattern, replacement] of PLURAL_RULES) {
    if (pattern.test(stemmed)) {
      stemmed = stemmed.replace(pattern, replacement);
      break;
    }
  }
  const ing = /^(.{3,})ing$/.exec(stemmed);
  if (ing) return undouble(ing[1]!);
  const ed = /^(.{2,}([b-df-hj-np-tv-z])\2)ed$/.exec(stemmed);
  if (ed) return undouble(ed[1]!);
  return stemmed;
}

function undouble(stemmed: string): string {
  return /([b-df-hj-km-np-rtv-z])\1$/.test(stemmed) ? stemmed.slice(0, -1) : stemmed;
}

/** Index-side term processing: null drops the term. */
export function processTerm(term: string): string | null {
  const folded = fold(term);
  if (folded.length === 0 || STOP_WORDS.has(folded)) return null;
  return stem(folded);
}

/** Terms of a query, in order, after the same processing as the index. */
export function queryTerms(query: string): string[] {
  return tokenize(query)
    .map(processTerm)
    .filter((term): term is string => term !== null);
}
