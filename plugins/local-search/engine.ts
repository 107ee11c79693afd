/**
 * The local search engine: answers the subset of Algolia's multi-query request that
 * DocSearch and the search page send, from the index built at build time. Runs in the
 * browser and in Node (tests, benchmark).
 *
 * Ranking: each section of a page is scored with BM25F over groups of fields (the page
 * title; headings, slug and description; the text), multiplied by how many of the query's
 * words it matches, by how much of its title or heading the query names, and by its place
 * on the page, and it gains part of its page's opening-section score. Questions lose their
 * filler words ("how do I", "my"); a query that describes a problem favours troubleshooting
 * pages. The last word of a query also matches longer terms (the reader may still be
 * typing), as do words of four letters or more; a word that matches nothing is corrected
 * against the vocabulary (Damerau-Levenshtein) or read as two known words, and two
 * neighbouring words also match the term they make together ("roll out" → "rollout").
 *
 * The index is split (see types.ts): a query waits for the postings chunks of its own
 * terms, and for the vocabulary only when it has a word to correct, so its answer is the
 * same whether the rest of the index has arrived or not.
 */
import {editDistance, headingSlug, indexTerms, maxEdits, processTerm, queryTerms, tokenize, type QueryTerm} from './analysis';
import {decodePostings, type FieldPostings} from './codec';
import {INDEX_FIELDS, LEVELS, type ChunkFile, type Hierarchy, type IndexCore, type IndexField, type Level, type RecordType, type SearchRecord, type ShardFile, type VocabularyFile} from './types';

/** Relative weight of a match in each field (measured on contract/search-queries.json). */
export const FIELD_BOOST: Record<IndexField, number> = {title: 6, description: 4, headings: 1.5, path: 4, content: 1};

/**
 * Fields whose matches of one term add up before saturating (BM25F), by group; the groups'
 * scores add up. The page title is a group of its own, so a title match stays a strong
 * signal; headings, slug and description (short summaries) saturate together, and so does
 * the text, so one word found all over a page does not outweigh several words of the query.
 */
export const FIELD_GROUP: Record<IndexField, number> = {title: 0, path: 1, headings: 1, description: 1, content: 2};

/** BM25 parameters: saturation, length normalisation, and a floor for any match. */
export const BM25 = {k: 3, b: 0.7, d: 0.5};
/** A term matched as the start of a longer one counts less, the more so the longer the rest. */
const PREFIX_WEIGHT = 0.6;
/** A corrected word counts less than one the reader spelled as the index does. */
const CORRECTION_WEIGHT = 0.45;
/** Weight of each part of a compound query word the index does not know whole. */
const COMPOUND_PART_WEIGHT = 0.8;
/** Words this long or longer also match as prefixes when they are not the last word. */
const PREFIX_MIN_LENGTH = 4;
/** At most this many longer terms for a word read as a prefix. */
const MAX_EXTENSIONS = 48;
/** At most this many corrections of one word, the most frequent first. */
const MAX_CORRECTIONS = 3;

const MAX_QUERY_LENGTH = 64;

/** Ranking factors beyond BM25, measured on contract/search-queries.json (npm run bench:search). */
export const RANKING = {
  /** Extra weight for a section whose page title or heading consists of the query's words. */
  label: 1,
  /** Share of the opening section's score a section of the same page gains (and of its best section's, the opening section). */
  context: 0.4,
  /** Factor for troubleshooting pages when the query describes a problem. */
  symptom: 1.6,
  /** How fast a prefix match loses weight as the rest of the term grows: weight × (typed / term length) ^ decay. */
  prefixDecay: 1,
  /** Weight of a synonym's match (see SYNONYM_GROUPS). */
  synonym: 0.5,
  /** Factor for API operation and legacy API pages when the query is a question. */
  questionApi: 0.6,
  /** Factor for pages about deprecated or removed things, unless the query asks for those. */
  outdated: 0.8,
};

/**
 * Words readers use for what the documentation calls otherwise ("toggle" for "flag", "API
 * key" for "API token"); each matches the others at RANKING.synonym weight.
 */
const SYNONYM_GROUPS = [['toggle', 'flag'], ['key', 'token'], ['own', 'custom'], ['delete', 'remove', 'archive'], ['copy', 'export', 'clone'], ['login', 'signin', 'sign-in', 'sso'], ['kubernetes', 'k8s', 'helm'], ['approve', 'approval', 'review'], ['right', 'permission']];
const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const terms = group.map((word) => processTerm(word)).filter((term): term is string => term !== null);
  for (const term of terms) SYNONYMS.set(term, terms.filter((other) => other !== term));
}

function synonymsOf(term: string): string[] {
  return SYNONYMS.get(term) ?? [];
}

/**
 * Words that describe a problem rather than a subject: "flag not showing", "metrics
 * missing", "401 when …", "keeps asking me to log in".
 */
const SYMPTOM = /\b(not|no|never|missing|wrong|errors?|fail(s|ed|ing|ure)?|broken|unable|cannot|can'?t|doesn'?t|don'?t|isn'?t|won'?t|aren'?t|didn'?t|keeps?|stuck|unexpected|invalid|denied|forbidden|refused|rejected|timeout|timed out|empty|blank|always|still|instead|disappear(s|ed)?|lost|40[0-9]|50[0-9]|blocked|problems?|issues?|trouble|weird|strange|uneven|incorrect|mismatch(es|ed)?|stale|outdated|crash(es|ed|ing)?|unreachable|unavailable|expired|loops?)\b/i;

/** A query phrased as a question ("how do I …", "what is …", "… ?"). */
export function isQuestion(query: string): boolean {
  return /^\s*(how|what|when|why|where|which|who|can|could|should|is|are|do|does)\b/i.test(query) || /\?\s*$/.test(query);
}

export function isSymptom(query: string): boolean {
  return SYMPTOM.test(query.replace(/’/g, "'"));
}

export interface AlgoliaQuery {
  indexName: string;
  query: string;
  hitsPerPage: number;
  page: number;
  attributesToSnippet: Record<string, number>;
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  facetFilters: string[][];
  clickAnalytics: boolean;
}

type Params = Record<string, unknown>;

function parseParams(raw: unknown): Params {
  if (typeof raw === 'string') {
    const params: Params = {};
    for (const [key, value] of new URLSearchParams(raw)) {
      try {
        params[key] = JSON.parse(value);
      } catch {
        params[key] = value;
      }
    }
    return params;
  }
  return raw && typeof raw === 'object' ? (raw as Params) : {};
}

function asStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').map((part) => part.trim()).filter(Boolean);
  return [];
}

/** Normalises one request of the multi-query body (params as object, string, or inline). */
export function normaliseRequest(request: Params): AlgoliaQuery {
  const {params, ...inline} = request;
  const merged: Params = {...parseParams(params), ...inline};
  const facetFilters = (Array.isArray(merged.facetFilters) ? merged.facetFilters : typeof merged.facetFilters === 'string' ? [merged.facetFilters] : []).map((group) =>
    Array.isArray(group) ? group.map(String) : [String(group)],
  );
  const attributesToSnippet: Record<string, number> = {};
  for (const spec of asStringList(merged.attributesToSnippet)) {
    const [attribute, words] = spec.split(':');
    attributesToSnippet[attribute!] = Math.max(1, Number(words) || 10);
  }
  const positive = (value: unknown, fallback: number) => (Number.isInteger(Number(value)) && Number(value) >= 0 ? Number(value) : fallback);
  return {
    indexName: String(merged.indexName ?? ''),
    query: String(merged.query ?? '').slice(0, 512),
    hitsPerPage: Math.min(1000, Math.max(1, positive(merged.hitsPerPage, 20))),
    page: positive(merged.page, 0),
    attributesToSnippet,
    highlightPreTag: String(merged.highlightPreTag ?? '<em>'),
    highlightPostTag: String(merged.highlightPostTag ?? '</em>'),
    snippetEllipsisText: String(merged.snippetEllipsisText ?? '…'),
    facetFilters,
    clickAnalytics: merged.clickAnalytics === true || merged.clickAnalytics === 'true',
  };
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

interface Marker {
  matches(word: string): boolean;
}

const WORD_PATTERN = /[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*/gu;

/** Escapes a piece of text, wrapping the matched words in the highlight tags. */
function markPiece(piece: string, marker: Marker, query: AlgoliaQuery, matched: Set<string>): string {
  let out = '';
  let last = 0;
  for (const match of piece.matchAll(WORD_PATTERN)) {
    const token = match[0];
    out += escapeHtml(piece.slice(last, match.index));
    if (marker.matches(token)) {
      matched.add(token.toLowerCase());
      out += `${query.highlightPreTag}${escapeHtml(token)}${query.highlightPostTag}`;
    } else {
      out += escapeHtml(token);
    }
    last = match.index! + token.length;
  }
  return out + escapeHtml(piece.slice(last));
}

/**
 * Algolia's highlight (whole value) or snippet (a window of `words` words around the first
 * match, with the ellipsis text where it was cut). Output is HTML-escaped except for the
 * highlight tags, so page text can never inject markup.
 */
function highlight(text: string, marker: Marker, query: AlgoliaQuery, words?: number): HighlightValue {
  const pieces = text.split(/(\s+)/);
  const wordIndexes = pieces.flatMap((piece, index) => (/\S/.test(piece) ? [index] : []));
  let from = 0;
  let to = pieces.length;
  if (words !== undefined && wordIndexes.length > words) {
    const firstMatch = wordIndexes.findIndex((index) => (pieces[index]!.match(WORD_PATTERN) ?? []).some((token) => marker.matches(token)));
    const lead = Math.floor(words / 4);
    const startWord = Math.max(0, Math.min(firstMatch < 0 ? 0 : firstMatch - lead, wordIndexes.length - words));
    from = wordIndexes[startWord]!;
    to = wordIndexes[startWord + words - 1]! + 1;
  }
  const matched = new Set<string>();
  const body = pieces
    .slice(from, to)
    .map((piece) => (/\S/.test(piece) ? markPiece(piece, marker, query, matched) : piece))
    .join('');
  const allTokens = text.match(WORD_PATTERN) ?? [];
  const matchedTokens = allTokens.filter((token) => marker.matches(token)).length;
  return {
    value: `${from > 0 ? query.snippetEllipsisText : ''}${body}${to < pieces.length ? query.snippetEllipsisText : ''}`,
    matchLevel: matchedTokens === 0 ? 'none' : matchedTokens === allTokens.length ? 'full' : 'partial',
    matchedWords: [...matched],
    ...(matchedTokens > 0 && matchedTokens === allTokens.length ? {fullyHighlighted: true} : {}),
  };
}

/** A hit: the record fields DocSearch reads, plus Algolia's highlight and snippet results. */
export interface EngineHit extends Pick<SearchRecord, 'objectID' | 'url' | 'url_without_anchor' | 'anchor' | 'type' | 'hierarchy' | 'content'> {
  _highlightResult: {hierarchy: Partial<Record<Level, HighlightValue>>; content?: HighlightValue};
  _snippetResult: {hierarchy: Partial<Record<Level, HighlightValue>>; content?: HighlightValue};
}

export interface EngineResult {
  hits: EngineHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  queryID?: string;
}

/** Where the engine gets the parts of the index it has not got yet. */
export interface IndexLoader {
  chunk(index: number): Promise<ChunkFile>;
  vocabulary(): Promise<VocabularyFile>;
  shard(index: number): Promise<ShardFile>;
}

/** A term of the index a query searches for, and what a match of it is worth. */
interface Expansion {
  term: string;
  weight: number;
  /** Bit i set: matching this term counts as matching query term i. */
  covers: number;
}

export interface Scored {
  section: number;
  score: number;
  /** Matched index terms → the fields they matched in (bit i: INDEX_FIELDS[i]). */
  match: Record<string, number>;
  covered: number;
  /** Bit i set: query term i matched in the page title or a heading, which the hit shows. */
  labelled: number;
  /** With `explain`: the factors the BM25F sum was multiplied by (for tuning). */
  factors?: Record<string, number>;
}

/** Index of the last element of a sorted list that is ≤ value, or -1. */
function lastAtMost<T extends string | number>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

export class LocalSearchEngine {
  private readonly sectionPage: number[] = [];
  private readonly chunks = new Map<number, Promise<ChunkFile>>();
  private readonly loadedChunks = new Map<number, ChunkFile>();
  private readonly decoded = new Map<string, FieldPostings[] | null>();
  private vocabularyFile: Promise<VocabularyFile> | undefined;
  private readonly shards = new Map<number, Promise<ShardFile>>();
  private readonly labels = new Map<number, Set<string>>();
  /** Scratch space of rank(), reused by every query: per group and section, a term's weighted frequency. */
  private groupTf = new Float64Array(0);
  /** Scratch space of rank(): per section, the fields the current term was found in. */
  private fieldBits = new Uint8Array(0);
  /** Per page, its facets (`language:en`, `docusaurus_tag:…`). */
  private readonly pageFacets: string[][];
  private readonly correctionCache = new Map<string, Promise<Array<{term: string; distance: number}>>>();
  private sectionsByTerm: Map<string, number> | undefined;
  /** Per page, the id of its opening section. */
  private readonly pageFirstSection: number[] = [];

  /** Pages written as symptom → causes → fix: what a query describing a problem is after. */
  private readonly troubleshooting = new Set<number>();
  /** Pages about something deprecated, legacy or removed. */
  private readonly outdated = new Set<number>();
  /** Pages of the HTTP API references, generated and legacy: rarely what a question is after. */
  private readonly apiReference = new Set<number>();

  constructor(
    private readonly core: IndexCore,
    private readonly loader: IndexLoader,
  ) {
    core.pageSections.forEach((count, page) => {
      this.pageFirstSection.push(this.sectionPage.length);
      for (let i = 0; i < count; i += 1) this.sectionPage.push(page);
    });
    this.pageFacets = core.pages.map(([, , , language, tag]) => [`language:${language}`, `docusaurus_tag:${tag}`]);
    core.headings.forEach((headings, section) => {
      if (headings.length === 1 && /^symptoms?$/i.test(headings[0]!)) this.troubleshooting.add(this.sectionPage[section]!);
    });
    core.pages.forEach(([url, , title], page) => {
      if (/\b(deprecated|legacy|superseded|removed)\b/i.test(title)) this.outdated.add(page);
      if (url.startsWith('/reference/api/')) this.apiReference.add(page);
    });
  }

  get sectionCount(): number {
    return this.core.headings.length;
  }

  get chunkCount(): number {
    return this.core.chunkStarts.length;
  }

  /** A failed load is forgotten, so the next query tries again. */
  private cached<T>(cache: Map<number, Promise<T>>, key: number, load: () => Promise<T>): Promise<T> {
    let promise = cache.get(key);
    if (!promise) {
      promise = load();
      cache.set(key, promise);
      promise.catch(() => cache.delete(key));
    }
    return promise;
  }

  /** Loads one postings chunk (also used to fetch the rest of the index while the reader is idle). */
  loadChunk(index: number): Promise<ChunkFile> {
    return this.cached(this.chunks, index, () =>
      this.loader.chunk(index).then((chunk) => {
        this.loadedChunks.set(index, chunk);
        return chunk;
      }),
    );
  }

  loadVocabulary(): Promise<VocabularyFile> {
    if (!this.vocabularyFile) {
      const loading = this.loader.vocabulary();
      this.vocabularyFile = loading;
      loading.catch(() => {
        if (this.vocabularyFile === loading) this.vocabularyFile = undefined;
      });
    }
    return this.vocabularyFile;
  }

  /** The chunks that hold `term`, or every term starting with it when `prefix`. */
  private chunksFor(term: string, prefix: boolean): number[] {
    const first = Math.max(0, lastAtMost(this.core.chunkStarts, term));
    const last = prefix ? Math.max(0, lastAtMost(this.core.chunkStarts, `${term}\uffff`)) : first;
    if (!prefix && lastAtMost(this.core.chunkStarts, term) < 0) return [];
    return Array.from({length: last - first + 1}, (_, offset) => first + offset);
  }

  private async ensureChunks(indexes: Iterable<number>): Promise<void> {
    await Promise.all([...new Set(indexes)].map((index) => this.loadChunk(index)));
  }

  /** Postings of a term whose chunk is loaded; null when the index does not have it. */
  private postings(term: string): FieldPostings[] | null {
    const known = this.decoded.get(term);
    if (known !== undefined) return known;
    const chunkIndex = lastAtMost(this.core.chunkStarts, term);
    if (chunkIndex < 0) return null;
    const chunk = this.loadedChunks.get(chunkIndex);
    if (!chunk) throw new Error(`Search chunk ${chunkIndex} used before it was loaded`);
    const position = lastAtMost(chunk.terms, term);
    const found = position >= 0 && chunk.terms[position] === term ? decodePostings(chunk.postings[position]!) : null;
    this.decoded.set(term, found);
    return found;
  }

  /**
   * Terms of loaded chunks that start with `prefix` and are longer than it; for a short
   * prefix ("s", "co"), only the MAX_EXTENSIONS found in most sections, which keeps the
   * first keystrokes fast and is what the reader most likely means.
   */
  private extensions(prefix: string): string[] {
    const found: Array<{term: string; sections: number}> = [];
    for (const index of this.chunksFor(prefix, true)) {
      const chunk = this.loadedChunks.get(index)!;
      for (let position = Math.max(0, lastAtMost(chunk.terms, prefix)); position < chunk.terms.length; position += 1) {
        const term = chunk.terms[position]!;
        if (term > prefix && !term.startsWith(prefix)) break;
        // "unleash-client" is indexed as its parts too: "unleash" already finds it.
        if (term.length > prefix.length && term.startsWith(prefix) && !/[._-]/.test(term.slice(prefix.length))) {
          found.push({term, sections: chunk.postings[position]!.reduce((sum, [, deltas]) => sum + deltas.length, 0)});
        }
      }
    }
    if (found.length > MAX_EXTENSIONS) found.sort((a, b) => b.sections - a.sections || (a.term < b.term ? -1 : 1)).splice(MAX_EXTENSIONS);
    return found.map(({term}) => term);
  }

  /** Known terms within `maxEdits` of a word that matches nothing, closest and most frequent first. */
  private corrections(term: string): Promise<Array<{term: string; distance: number}>> {
    let found = this.correctionCache.get(term);
    if (!found) {
      found = this.findCorrections(term);
      this.correctionCache.set(term, found);
      found.catch(() => this.correctionCache.delete(term));
    }
    return found;
  }

  private async findCorrections(term: string): Promise<Array<{term: string; distance: number}>> {
    const limit = maxEdits(term);
    if (limit === 0) return [];
    const vocabulary = await this.loadVocabulary();
    const candidates: Array<{term: string; distance: number; sections: number}> = [];
    vocabulary.terms.forEach((known, index) => {
      const distance = editDistance(term, known, limit);
      if (distance <= limit) candidates.push({term: known, distance, sections: vocabulary.sections[index]!});
    });
    if (candidates.length === 0) return [];
    const best = Math.min(...candidates.map((candidate) => candidate.distance));
    return candidates
      .filter((candidate) => candidate.distance === best)
      .sort((a, b) => b.sections - a.sections || (a.term < b.term ? -1 : 1))
      .slice(0, MAX_CORRECTIONS);
  }

  /** Two known terms that a word is made of ("featureflag"), the most frequent pair first. */
  private async split(term: string): Promise<[string, string] | null> {
    if (term.length < 6) return null;
    const vocabulary = await this.loadVocabulary();
    this.sectionsByTerm ??= new Map(vocabulary.terms.map((known, index) => [known, vocabulary.sections[index]!]));
    const sections = this.sectionsByTerm;
    let best: [string, string] | null = null;
    let bestScore = 0;
    for (let cut = 3; cut <= term.length - 3; cut += 1) {
      const left = term.slice(0, cut);
      const right = term.slice(cut);
      const score = Math.min(sections.get(left) ?? 0, sections.get(right) ?? 0);
      if (score > bestScore) {
        best = [left, right];
        bestScore = score;
      }
    }
    return best;
  }

  /** The index terms a query searches for, with their weights; loads the chunks they need. */
  private async expand(terms: QueryTerm[]): Promise<Expansion[]> {
    const prefixed = (term: QueryTerm) => term.last || term.term.length >= PREFIX_MIN_LENGTH;
    // Two neighbouring words as the one term they make: "roll out" → "rollout".
    const joins = terms.flatMap((term, index) => {
      if (term.joined === undefined) return [];
      const next = term.next === undefined ? -1 : terms.findIndex((other) => other.term === term.next);
      return [{term: term.joined, covers: (1 << index) | (next > index ? 1 << next : 0)}];
    });
    await this.ensureChunks([
      ...terms.flatMap((term) => this.chunksFor(term.term, prefixed(term))),
      ...joins.flatMap((join) => this.chunksFor(join.term, false)),
      ...terms.flatMap((term) => synonymsOf(term.term).flatMap((synonym) => this.chunksFor(synonym, false))),
    ]);

    const expansions: Expansion[] = [];
    const add = (term: string, weight: number, covers: number) => {
      if (this.postings(term) !== null) expansions.push({term, weight, covers});
    };
    await Promise.all(
      terms.map(async (query, index) => {
        const bit = 1 << index;
        const exact = this.postings(query.term) !== null;
        if (exact) add(query.term, 1, bit);
        const longer = prefixed(query) ? this.extensions(query.term) : [];
        for (const term of longer) add(term, PREFIX_WEIGHT * (query.term.length / term.length) ** RANKING.prefixDecay, bit);
        if (exact || longer.length > 0) return;
        // A compound the index does not know as a whole ("instance.isEnabled", "unleash_user"):
        // its parts, as the index files them too (indexTerms).
        const compound = (query.parts ?? []).filter((part) => part.length > 2);
        if (compound.length > 0) {
          await this.ensureChunks(compound.flatMap((part) => this.chunksFor(part, false)));
          for (const part of compound) add(part, COMPOUND_PART_WEIGHT, bit);
          if (compound.some((part) => this.postings(part) !== null)) return;
        }
        // A word the index does not know: correct it, or else read it as two words.
        const corrections = await this.corrections(query.term);
        await this.ensureChunks(corrections.flatMap((correction) => this.chunksFor(correction.term, false)));
        for (const {term, distance} of corrections) add(term, (CORRECTION_WEIGHT * term.length) / (term.length + distance), bit);
        if (corrections.length > 0) return;
        const parts = await this.split(query.term);
        if (!parts) return;
        await this.ensureChunks(parts.flatMap((part) => this.chunksFor(part, false)));
        for (const part of parts) add(part, 0.5, bit);
      }),
    );
    for (const join of joins) add(join.term, 1, join.covers);
    terms.forEach((query, index) => {
      for (const synonym of synonymsOf(query.term)) add(synonym, RANKING.synonym, 1 << index);
    });
    // The same order however the chunks arrived, so scores add up the same way.
    return expansions.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.covers - b.covers));
  }

  private documentBoost(section: number): number {
    const weight = this.core.pages[this.sectionPage[section]!]![5] ?? 1;
    // A page's opening section answers a query about the page's subject best.
    const depth = this.core.headings[section]!.length;
    return weight * (depth === 0 ? 1.6 : depth === 1 ? 1.15 : 1);
  }

  private passesFilters(section: number, filters: string[][]): boolean {
    if (filters.length === 0) return true;
    const facets = this.pageFacets[this.sectionPage[section]!]!;
    return filters.every((anyOf) => anyOf.some((filter) => (filter.startsWith('-') ? !facets.includes(filter.slice(1)) : facets.includes(filter))));
  }

  /** Terms of a section's label (page title or last heading), for the label-match boost. */
  private labelTerms(section: number): Set<string> {
    let terms = this.labels.get(section);
    if (!terms) {
      const headings = this.core.headings[section]!;
      const label = headings.length === 0 ? this.core.pages[this.sectionPage[section]!]![2] : headings[headings.length - 1]!;
      terms = new Set(indexTerms(label));
      this.labels.set(section, terms);
    }
    return terms;
  }

  /** Sections matching the query, best first. */
  async rank(text: string, filters: string[][] = [], explain = false): Promise<Scored[]> {
    const query = text.slice(0, MAX_QUERY_LENGTH);
    const terms = dedupe(queryTerms(query)).slice(0, 30);
    if (terms.length === 0) return [];
    const expansions = await this.expand(terms);
    const total = this.core.headings.length;
    const idfOf = (sections: number) => Math.log(1 + (total - sections + 0.5) / (sections + 0.5));

    // How informative each query word is: the idf of its most specific match. Matching
    // "unleash" or "get" says little about a section; matching "stickiness" says a lot.
    const informative = terms.map(() => 0);
    for (const {term, covers} of expansions) {
      const sections = Math.max(...this.postings(term)!.map((posting) => posting.sections.length));
      terms.forEach((_, index) => {
        if (covers & (1 << index)) informative[index] = Math.max(informative[index]!, idfOf(sections));
      });
    }
    const allInformation = informative.reduce((sum, value) => sum + value, 0) || 1;

    const scored = new Map<number, Scored>();
    const count = total;
    const groups = Math.max(...Object.values(FIELD_GROUP)) + 1;
    if (this.groupTf.length < groups * count) this.groupTf = new Float64Array(groups * count);
    if (this.fieldBits.length < count) this.fieldBits = new Uint8Array(count);
    const {groupTf, fieldBits} = this;
    const labelBits = (1 << INDEX_FIELDS.indexOf('title')) | (1 << INDEX_FIELDS.indexOf('headings'));
    for (const {term, weight, covers} of expansions) {
      // BM25F within each group of fields (see FIELD_GROUP): a term's occurrences in the
      // fields of one group add up (weighted by field, normalised by field length) before
      // they saturate; the groups' scores then add up.
      const touched: number[] = [];
      for (const {field, sections, frequencies} of this.postings(term)!) {
        const fieldName = INDEX_FIELDS[field]!;
        const boost = FIELD_BOOST[fieldName];
        const offset = FIELD_GROUP[fieldName] * count;
        const average = this.core.averageFieldLength[field]!;
        const lengths = this.core.fieldLength[field]!;
        for (let index = 0; index < sections.length; index += 1) {
          const section = sections[index]!;
          if (fieldBits[section] === 0) touched.push(section);
          fieldBits[section] |= 1 << field;
          groupTf[offset + section] += (boost * frequencies[index]!) / (1 - BM25.b + (BM25.b * lengths[section]!) / average);
        }
      }
      const idf = idfOf(touched.length);
      for (const section of touched) {
        let entry = scored.get(section);
        if (!entry) scored.set(section, (entry = {section, score: 0, match: {}, covered: 0, labelled: 0}));
        for (let group = 0; group < groups; group += 1) {
          const tf = groupTf[group * count + section]!;
          if (tf === 0) continue;
          entry.score += weight * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k));
          groupTf[group * count + section] = 0;
        }
        entry.covered |= covers;
        entry.match[term] = fieldBits[section]!;
        if (fieldBits[section]! & labelBits) entry.labelled |= covers;
        fieldBits[section] = 0;
      }
    }

    const coversOf = new Map(expansions.map(({term, covers}) => [term, covers]));
    const informationOf = (covered: number) => terms.reduce((sum, _, index) => sum + (covered & (1 << index) ? informative[index]! : 0), 0) / allInformation;
    const symptom = isSymptom(query);
    // A question is answered by a guide or a reference page, rarely by an API operation.
    const question = isQuestion(query);
    const askedForOld = /\b(deprecated|legacy|old|removed|v[1-4])\b/i.test(query);
    for (const entry of scored.values()) {
      // Sections that match more of the query's words come first.
      const quality = bitCount(entry.covered);
      // A page title or heading made of the query's words names what the reader is after,
      // the more so the more of the query it accounts for.
      const label = this.labelTerms(entry.section);
      let labelHits = 0;
      let labelCovers = 0;
      for (const term of label) {
        if (!Object.prototype.hasOwnProperty.call(entry.match, term)) continue;
        labelHits += 1;
        labelCovers |= coversOf.get(term) ?? 0;
      }
      const labelBoost = label.size === 0 ? 1 : 1 + RANKING.label * (labelHits / label.size) ** 2 * informationOf(labelCovers);
      const page = this.sectionPage[entry.section]!;
      const symptomBoost = symptom && this.troubleshooting.has(page) ? RANKING.symptom : 1;
      const kindPenalty = (!askedForOld && this.outdated.has(page) ? RANKING.outdated : 1) * (question && this.apiReference.has(page) ? RANKING.questionApi : 1);
      const document = this.documentBoost(entry.section);
      if (explain) entry.factors = {bm25: entry.score, document, quality, label: labelBoost, symptom: symptomBoost, kind: kindPenalty};
      entry.score *= document * quality * labelBoost * symptomBoost * kindPenalty;
    }
    // A section is read in the context of its page: it gains part of the score of the page's
    // opening section (title, description, keywords), and an opening section part of its
    // best section's, so a page that answers the query as a whole comes before a stray match.
    const own = new Map([...scored.values()].map((entry) => [entry.section, entry.score]));
    const bestChild = new Map<number, number>();
    for (const [section, score] of own) {
      if (this.core.headings[section]!.length === 0) continue;
      const opening = this.pageFirstSection[this.sectionPage[section]!]!;
      bestChild.set(opening, Math.max(bestChild.get(opening) ?? 0, score));
    }
    const results: Scored[] = [];
    for (const entry of scored.values()) {
      if (!this.passesFilters(entry.section, filters)) continue;
      const opening = this.pageFirstSection[this.sectionPage[entry.section]!]!;
      const context = opening === entry.section ? (bestChild.get(opening) ?? 0) : (own.get(opening) ?? 0);
      entry.score += RANKING.context * context;
      results.push(entry);
    }
    return results.sort((a, b) => b.score - a.score || a.section - b.section);
  }

  private shard(index: number): Promise<ShardFile> {
    return this.cached(this.shards, index, () => this.loader.shard(index));
  }

  private async paragraphs(section: number): Promise<string[]> {
    const shard = await this.shard(Math.max(0, lastAtMost(this.core.shardStarts, section)));
    return shard[String(section)] ?? [];
  }

  private anchorOf(section: number): string | null {
    const key = String(section);
    if (Object.prototype.hasOwnProperty.call(this.core.anchors, key)) return this.core.anchors[key]!;
    const headings = this.core.headings[section]!;
    return headings.length === 0 ? null : headingSlug(headings[headings.length - 1]!);
  }

  private hierarchyOf(section: number): Hierarchy {
    const [, lvl0, lvl1] = this.core.pages[this.sectionPage[section]!]!;
    const hierarchy = {lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null} as Hierarchy;
    this.core.headings[section]!.forEach((heading, index) => {
      hierarchy[LEVELS[index + 2]!] = heading;
    });
    return hierarchy;
  }

  private async toHit(result: Scored, query: AlgoliaQuery, terms: string[]): Promise<EngineHit> {
    const {section} = result;
    const [url] = this.core.pages[this.sectionPage[section]!]!;
    const anchor = this.anchorOf(section);
    const headings = this.core.headings[section]!;
    const hierarchy = this.hierarchyOf(section);
    const matchedTerms = new Set(Object.keys(result.match));
    const marker: Marker = {
      matches: (word) => {
        const processed = termOfWord(word);
        return processed !== null && (matchedTerms.has(processed) || terms.some((term) => processed === term));
      },
    };
    const inHeadings = result.labelled !== 0;
    // Every word of the query is in the title or headings the hit shows: no snippet needed.
    const headingsCoverAll = result.labelled === result.covered && bitCount(result.covered) === terms.length;
    let content: string | null = null;
    if (!(inHeadings && headingsCoverAll)) {
      let best = -1;
      for (const paragraph of await this.paragraphs(section)) {
        const score = tokenize(paragraph).filter((word) => marker.matches(word)).length;
        if (score > best) {
          best = score;
          content = paragraph;
        }
      }
      if (best <= 0 && inHeadings) content = null;
    }
    const type: RecordType = content !== null ? 'content' : (`lvl${headings.length + 1}` as RecordType);
    const highlightHierarchy: Partial<Record<Level, HighlightValue>> = {};
    const snippetHierarchy: Partial<Record<Level, HighlightValue>> = {};
    for (const lvl of LEVELS) {
      const value = hierarchy[lvl];
      if (value === null) continue;
      highlightHierarchy[lvl] = highlight(value, marker, query);
      const words = query.attributesToSnippet[`hierarchy.${lvl}`] ?? query.attributesToSnippet['hierarchy'];
      if (words !== undefined) snippetHierarchy[lvl] = highlight(value, marker, query, words);
    }
    const hit: EngineHit = {
      objectID: `${section}`,
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor,
      type,
      hierarchy,
      content,
      _highlightResult: {hierarchy: highlightHierarchy},
      _snippetResult: {hierarchy: snippetHierarchy},
    };
    if (content !== null) {
      hit._highlightResult.content = highlight(content, marker, query);
      const words = query.attributesToSnippet.content;
      if (words !== undefined) hit._snippetResult.content = highlight(content, marker, query, words);
    }
    return hit;
  }

  /** Answers one query of the multi-query request. */
  async run(query: AlgoliaQuery): Promise<EngineResult> {
    const started = Date.now();
    const results = await this.rank(query.query, query.facetFilters);
    const terms = dedupe(queryTerms(query.query.slice(0, MAX_QUERY_LENGTH))).map((term) => term.term);
    const nbPages = Math.ceil(results.length / query.hitsPerPage);
    const pageResults = results.slice(query.page * query.hitsPerPage, (query.page + 1) * query.hitsPerPage);
    const hits = await Promise.all(pageResults.map((result) => this.toHit(result, query, terms)));
    return {
      hits,
      nbHits: results.length,
      page: query.page,
      nbPages,
      hitsPerPage: query.hitsPerPage,
      exhaustiveNbHits: true,
      query: query.query,
      params: new URLSearchParams({query: query.query, hitsPerPage: String(query.hitsPerPage), page: String(query.page)}).toString(),
      index: query.indexName,
      processingTimeMS: Date.now() - started,
      ...(query.clickAnalytics ? {queryID: randomId()} : {}),
    };
  }

  /** Answers a whole `POST /1/indexes/*\/queries` body. */
  async multiQuery(body: {requests?: Params[]}): Promise<{results: EngineResult[]}> {
    const requests = Array.isArray(body.requests) ? body.requests : [];
    return {results: await Promise.all(requests.map((request) => this.run(normaliseRequest(request))))};
  }
}

const wordTerms = new Map<string, string | null>();

/** processTerm, remembered: highlighting runs it on every word of every snippet shown. */
function termOfWord(word: string): string | null {
  let term = wordTerms.get(word);
  if (term === undefined) {
    if (wordTerms.size > 50_000) wordTerms.clear();
    term = processTerm(word);
    wordTerms.set(word, term);
  }
  return term;
}

/** Each term once; a repeated word keeps the "may be unfinished" mark if any copy has it. */
function dedupe(terms: QueryTerm[]): QueryTerm[] {
  const seen = new Map<string, QueryTerm>();
  for (const term of terms) {
    const known = seen.get(term.term);
    if (known) known.last ||= term.last;
    else seen.set(term.term, {...term});
  }
  return [...seen.values()];
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
