/**
 * The local search engine: answers the subset of Algolia's multi-query request that
 * DocSearch and the search page send, from the index built at build time. Runs in the
 * browser and in Node (tests, benchmark). Full-text matching is MiniSearch's (BM25,
 * prefix and typo-tolerant matching, field boosts); this module adds facet filtering,
 * pagination, highlighting and snippets in Algolia's response shape.
 */
import MiniSearch, {type Options, type SearchOptions, type SearchResult} from 'minisearch';
import {processTerm, queryTerms, tokenize} from './analysis';
import {expandIndex, type CompactIndex} from './codec';
import {LEVELS, type Hierarchy, type Level, type LocalIndexFile, type RecordType, type SearchRecord, type ShardFile} from './types';

/** One document of the MiniSearch index: a page section (a heading and what follows it). */
export interface SectionDocument {
  id: number;
  title: string;
  headings: string;
  content: string;
  path: string;
}

export const INDEX_FIELDS = ['title', 'headings', 'path', 'content'] as const;

export const MINISEARCH_OPTIONS: Options<SectionDocument> = {
  idField: 'id',
  fields: [...INDEX_FIELDS],
  storeFields: [],
  tokenize: (text) => tokenize(text),
  processTerm: (term) => processTerm(term),
};

/** Relative weight of a match in each field: title above headings above content. */
export const FIELD_BOOST: Record<(typeof INDEX_FIELDS)[number], number> = {title: 6, headings: 2.5, path: 2, content: 1};

const MAX_QUERY_LENGTH = 64;

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

export type ShardLoader = (shard: number) => Promise<ShardFile>;

export class LocalSearchEngine {
  private readonly search: MiniSearch<SectionDocument>;
  private readonly shardCache = new Map<number, Promise<ShardFile>>();

  constructor(
    private readonly file: LocalIndexFile,
    private readonly loadShard: ShardLoader,
  ) {
    this.search = MiniSearch.loadJS(expandIndex(file.index) as never, MINISEARCH_OPTIONS);
  }

  get sectionCount(): number {
    return this.file.sections.length;
  }

  private facets(sectionId: number): string[] {
    const [, , , language, tag] = this.file.pages[this.file.sections[sectionId]![0]]!;
    return [`language:${language}`, `docusaurus_tag:${tag}`];
  }

  private passesFilters(sectionId: number, filters: string[][]): boolean {
    if (filters.length === 0) return true;
    const facets = this.facets(sectionId);
    return filters.every((anyOf) =>
      anyOf.some((filter) => (filter.startsWith('-') ? !facets.includes(filter.slice(1)) : facets.includes(filter))),
    );
  }

  private searchOptions(filters: string[][]): SearchOptions {
    const sections = this.file.sections;
    return {
      boost: FIELD_BOOST,
      combineWith: 'OR',
      // The last word may be unfinished; longer words also match their extensions ("sync").
      prefix: (term, index, terms) => index === terms.length - 1 || term.length >= 4,
      fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      weights: {fuzzy: 0.3, prefix: 0.6},
      filter: (result) => this.passesFilters(Number(result.id), filters),
      // A page's opening section answers a query about the page's subject best; pages
      // carry a weight of their own (see pageWeight in indexer.ts).
      boostDocument: (id) => {
        const [page, , headings] = sections[Number(id)]!;
        const weight = this.file.pages[page]![5] ?? 1;
        return weight * (headings.length === 0 ? 1.6 : headings.length === 1 ? 1.15 : 1);
      },
    };
  }

  private shard(index: number): Promise<ShardFile> {
    let cached = this.shardCache.get(index);
    if (!cached) {
      cached = this.loadShard(index).catch((error: unknown) => {
        this.shardCache.delete(index);
        throw error;
      });
      this.shardCache.set(index, cached);
    }
    return cached;
  }

  private async paragraphs(sectionId: number): Promise<string[]> {
    const shard = await this.shard(Math.floor(sectionId / this.file.shardSize));
    return shard[String(sectionId)] ?? [];
  }

  private hierarchyOf(sectionId: number): Hierarchy {
    const [pageIndex, , headings] = this.file.sections[sectionId]!;
    const [, lvl0, lvl1] = this.file.pages[pageIndex]!;
    const hierarchy = {lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null} as Hierarchy;
    headings.forEach((heading, index) => {
      hierarchy[LEVELS[index + 2]!] = heading;
    });
    return hierarchy;
  }

  private async toHit(result: SearchResult, query: AlgoliaQuery, terms: string[]): Promise<EngineHit> {
    const sectionId = Number(result.id);
    const [pageIndex, anchor, headings] = this.file.sections[sectionId]!;
    const [url] = this.file.pages[pageIndex]!;
    const hierarchy = this.hierarchyOf(sectionId);
    const matchedTerms = new Set(Object.keys(result.match));
    const marker: Marker = {
      matches: (word) => {
        const processed = processTerm(word);
        return processed !== null && (matchedTerms.has(processed) || terms.some((term) => processed === term));
      },
    };
    const inHeadings = Object.values(result.match).some((fields) => fields.includes('title') || fields.includes('headings'));
    const headingsCoverAll = terms.every((term) =>
      Object.entries(result.match).some(([matched, fields]) => (matched === term || matched.startsWith(term)) && (fields.includes('title') || fields.includes('headings'))),
    );
    let content: string | null = null;
    if (!(inHeadings && headingsCoverAll)) {
      const paragraphs = await this.paragraphs(sectionId);
      let best = -1;
      for (const paragraph of paragraphs) {
        const score = tokenize(paragraph).filter((word) => marker.matches(word)).length;
        if (score > best) {
          best = score;
          content = paragraph;
        }
      }
      if (best <= 0 && inHeadings) content = null;
    }
    const level = headings.length + 1;
    const type: RecordType = content !== null ? 'content' : (`lvl${level}` as RecordType);
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
      objectID: `${sectionId}`,
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
    const text = query.query.slice(0, MAX_QUERY_LENGTH);
    const terms = queryTerms(text);
    const results = terms.length === 0 ? [] : this.search.search(terms.join(' '), this.searchOptions(query.facetFilters));
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

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
