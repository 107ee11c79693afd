/** Shared shapes of the search records and of the local index files. */
import type {CompactIndex} from './codec';

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
  /** Position on the page, for stable ordering. */
  weight: {position: number; level: number};
  /** The page's `keywords` front matter, on its lvl1 record only. */
  keywords?: string[];
}

/** The file the browser loads first: the full-text index plus what a hit needs to render. */
export interface LocalIndexFile {
  version: 1;
  /** MiniSearch's serialised index, compacted (see codec.ts). */
  index: CompactIndex;
  /** [url_without_anchor, lvl0, lvl1, language, docusaurus_tag, rank weight] per page. */
  pages: Array<[string, string, string, string, string, number]>;
  /** [page, anchor, headings lvl2..lvl6 of the section] per section; the id is the position. */
  sections: Array<[number, string | null, string[]]>;
  shardSize: number;
  /** Shard files holding the paragraphs of sections [i*shardSize, (i+1)*shardSize). */
  shards: string[];
}

/** Paragraphs of each section of one shard, by section id. */
export type ShardFile = Record<string, string[]>;

export interface Manifest {
  index: string;
  records: number;
  sections: number;
}
