/** Shared shapes of the search records and of the local index files. */

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
export type Hierarchy = Record<Level, string | null>;
export type RecordType = Exclude<Level, 'lvl0'> | 'content';

/** One DocSearch record, as Algolia stores it and as the local engine answers it. */
export interface SearchRecord {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  language: string;
  docusaurus_tag: string;
  /** The Unleash release an API reference page documents (`8.2.0`, `7.6.5`); other pages have none. */
  version?: string;
  /** Position on the page, for stable ordering. */
  weight: {position: number; level: number};
  /** The page's `keywords` front matter, on its lvl1 record only. */
  keywords?: string[];
  /** The page's description (front matter), on its lvl1 record only. */
  description?: string;
}

/** The fields a section is indexed under, in this order in every per-field array. */
export const INDEX_FIELDS = ['title', 'description', 'headings', 'path', 'content'] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

/**
 * Postings of one term: per field it occurs in, [field number, section id deltas,
 * term frequencies (left out when all are 1)].
 */
export type Posting = [number, number[]] | [number, number[], number[]];

/**
 * What the browser loads first (`index.<hash>.json`, written compactly: coreFile.ts): everything that scores and renders
 * a hit except the postings of the terms (chunks, loaded per query term), the vocabulary
 * (loaded to correct a word the chunks do not know) and the paragraphs (shards, loaded for
 * the hits shown).
 */
export interface IndexCore {
  /** [url_without_anchor, lvl0, lvl1, language, docusaurus_tag, rank weight] per page. */
  pages: Array<[string, string, string, string, string, number]>;
  /** Sections are numbered page after page: how many each page has. */
  pageSections: number[];
  /** Headings lvl2.. of each section; [] for the page's opening section. */
  headings: string[][];
  /** Section id → anchor, for the few anchors that are not the slug of the last heading. */
  anchors: Record<string, string | null>;
  /** Per field (INDEX_FIELDS order), each section's length in terms. */
  fieldLength: number[][];
  averageFieldLength: number[];
  /** Chunk i holds the terms from chunkStarts[i] (inclusive) to chunkStarts[i + 1]. */
  chunkStarts: string[];
  /** Shard i holds the paragraphs of sections shardStarts[i] .. shardStarts[i + 1] - 1. */
  shardStarts: number[];
  /** Names the other files: `<kind>-<i>.<hash>.json` and `vocabulary.<hash>.json`. */
  hash: string;
}

/** A postings chunk: terms in sorted order, and the postings of each. */
export interface ChunkFile {
  terms: string[];
  postings: Posting[][];
}

/** Every term of the index in sorted order, with the number of sections it occurs in. */
export interface VocabularyFile {
  terms: string[];
  sections: number[];
}

/** Paragraphs of each section of one shard, by section id. */
export type ShardFile = Record<string, string[]>;

export interface Manifest {
  index: string;
  records: number;
  sections: number;
  /**
   * Search tag of an older API reference → the index its pages search (every record, its own
   * and the current site's), in a folder of its own under search/. The current index leaves
   * those pages out: no other page searches them (useContextualFacetFilters).
   */
  older?: Record<string, OlderIndex>;
}

export interface OlderIndex {
  /** Folder under search/. */
  dir: string;
  /** The core's file in that folder. */
  index: string;
}

export type IndexFileKind = 'chunk' | 'shard' | 'vocabulary';

/** The name of one of the lazily loaded files, from the hash the core carries. */
export function indexFileName(core: Pick<IndexCore, 'hash'>, kind: IndexFileKind, number = 0): string {
  return kind === 'vocabulary' ? `vocabulary.${core.hash}.json` : `${kind}-${number}.${core.hash}.json`;
}
