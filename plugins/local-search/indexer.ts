/**
 * Build side of the local search: records → sections → an inverted index, written under
 * <build>/search/ as a small core file, postings chunks, a vocabulary and paragraph shards
 * (see types.ts for what each holds and when the browser loads it), plus a manifest naming
 * the core. Every file name carries the hash of the whole set, so a new build never mixes
 * with files a browser cached from an older one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {headingSlug, indexTerms} from './analysis';
import {encodePostings} from './codec';
import {derivedFieldText, packCore} from './coreFile';
import {INDEX_FIELDS, LEVELS, indexFileName, type ChunkFile, type IndexCore, type IndexField, type Manifest, type SearchRecord, type ShardFile, type VocabularyFile} from './types';

export const SEARCH_DIR = 'search';
export const MANIFEST_FILE = 'manifest.json';
/**
 * Target size (raw JSON characters) of a postings chunk: a query term costs one chunk,
 * so chunks are small; about 4 KB gzip each.
 */
export const CHUNK_CHARS = 12_000;
/** Target size of a paragraph shard: a hit shown with a snippet costs one shard. */
export const SHARD_CHARS = 4_000;
/** Words of section text that go into the full-text index; the rest only feeds snippets. */
const INDEXED_WORDS_PER_SECTION = 400;
/** Generated API operation pages: their schema sections are long lists of field names. */
const API_OPERATION_PREFIX = '/reference/api/unleash/';
const INDEXED_WORDS_PER_API_SECTION = 60;

/**
 * How much a page's matches count. Generated operation pages match many queries through
 * their schemas; a reader asking a question is usually served better by a guide, so they
 * rank below hand-written pages unless their title matches well. Tutorials and decision
 * records count a little less for the same reason.
 */
export function pageWeight(url: string): number {
  if (url.startsWith(API_OPERATION_PREFIX)) return 0.5;
  if (url.startsWith('/reference/api/legacy/')) return 0.8;
  // A tutorial walks through one app in one language, and a decision record explains a choice
  // to contributors: a reader's question is more often answered by a reference or how-to page
  // that shares its words (measured on both query sets, npm run bench:search).
  if (url.startsWith('/feature-flag-tutorials/')) return 0.8;
  if (url.startsWith('/contributing/ADRs/')) return 0.7;
  return 1;
}

interface Section {
  page: number;
  anchor: string | null;
  headings: string[];
  paragraphs: string[];
  keywords: string[];
  description: string;
}

/** One section's text per field, as the index reads it. */
export type SectionText = Record<IndexField, string>;

export interface BuiltIndex {
  core: IndexCore;
  chunks: ChunkFile[];
  vocabulary: VocabularyFile;
  shards: ShardFile[];
}

function truncateWords(text: string, words: number): string {
  const parts = text.split(/\s+/);
  return parts.length <= words ? text : parts.slice(0, words).join(' ');
}

function groupSections(records: readonly SearchRecord[]): {pages: IndexCore['pages']; sections: Section[]} {
  const pages: IndexCore['pages'] = [];
  const pageIndex = new Map<string, number>();
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const record of records) {
    let page = pageIndex.get(record.url_without_anchor);
    if (page === undefined) {
      page = pages.length;
      pageIndex.set(record.url_without_anchor, page);
      pages.push([record.url_without_anchor, record.hierarchy.lvl0 ?? '', record.hierarchy.lvl1 ?? '', record.language, record.docusaurus_tag, pageWeight(record.url_without_anchor)]);
    }
    if (record.type !== 'content' || !current || current.page !== page) {
      const headings = LEVELS.slice(2)
        .map((level) => record.hierarchy[level])
        .filter((heading): heading is string => heading !== null);
      current = {page, anchor: record.anchor, headings, paragraphs: [], keywords: record.keywords ?? [], description: record.description ?? ''};
      sections.push(current);
    }
    if (record.type === 'content' && record.content) current.paragraphs.push(record.content);
  }
  // Records come page by page; sections must too, for pageSections to describe them.
  const order = sections.map((section, index) => [section.page, index] as const);
  if (order.some(([page], index) => index > 0 && page < order[index - 1]![0])) throw new Error('Search records must be grouped by page');
  return {pages, sections};
}

/** What each field of a section holds: see FIELD_BOOST in engine.ts for how much each counts. */
function sectionText(section: Section, url: string, title: string): SectionText {
  const opening = section.headings.length === 0;
  return {
    // Keywords from the page's front matter count as much as its title.
    title: opening ? [title, ...section.keywords].join(' ') : '',
    description: opening ? section.description : '',
    // A section is found by its own headings and the page's title; the opening section by the
    // page's own slug ("segments", "how-to-create-api-tokens", "ADRs").
    headings: derivedFieldText('headings', url, title, section.headings),
    path: derivedFieldText('path', url, title, section.headings),
    content: truncateWords(section.paragraphs.join(' '), url.startsWith(API_OPERATION_PREFIX) ? INDEXED_WORDS_PER_API_SECTION : INDEXED_WORDS_PER_SECTION),
  };
}

/** Splits items into consecutive runs of about `target` characters of JSON each. */
function runs<T>(items: readonly T[], size: (item: T) => number, target: number): number[] {
  const starts: number[] = [];
  let filled = Infinity;
  items.forEach((item, index) => {
    const length = size(item);
    if (filled + length > target) {
      starts.push(index);
      filled = 0;
    }
    filled += length;
  });
  return starts;
}

export interface BuildOptions {
  chunkChars?: number;
  shardChars?: number;
}

export function buildIndex(records: readonly SearchRecord[], {chunkChars = CHUNK_CHARS, shardChars = SHARD_CHARS}: BuildOptions = {}): BuiltIndex {
  const {pages, sections} = groupSections(records);

  const fieldLength = INDEX_FIELDS.map(() => new Array<number>(sections.length).fill(0));
  const inverted = new Map<string, Map<number, Map<number, number>>>();
  sections.forEach((section, id) => {
    const [url, , title] = pages[section.page]!;
    const text = sectionText(section, url, title);
    INDEX_FIELDS.forEach((field, fieldNumber) => {
      const terms = indexTerms(text[field]);
      fieldLength[fieldNumber]![id] = terms.length;
      for (const term of terms) {
        let byField = inverted.get(term);
        if (!byField) inverted.set(term, (byField = new Map()));
        let bySection = byField.get(fieldNumber);
        if (!bySection) byField.set(fieldNumber, (bySection = new Map()));
        bySection.set(id, (bySection.get(id) ?? 0) + 1);
      }
    });
  });
  const averageFieldLength = fieldLength.map((lengths) => lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length));

  // Sorted by UTF-16 code units, the order the engine's binary searches assume.
  const terms = [...inverted.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const postings = terms.map((term) => encodePostings(inverted.get(term)!));
  const chunkStarts = runs(postings, (posting) => JSON.stringify(posting).length, chunkChars);
  const chunks: ChunkFile[] = chunkStarts.map((start, index) => {
    const end = chunkStarts[index + 1] ?? terms.length;
    return {terms: terms.slice(start, end), postings: postings.slice(start, end)};
  });
  const vocabulary: VocabularyFile = {
    terms,
    sections: terms.map((term) => new Set([...inverted.get(term)!.values()].flatMap((bySection) => [...bySection.keys()])).size),
  };

  const shardStarts = runs(sections, (section) => JSON.stringify(section.paragraphs).length, shardChars);
  const shards: ShardFile[] = shardStarts.map((start, index) => {
    const shard: ShardFile = {};
    for (let id = start; id < (shardStarts[index + 1] ?? sections.length); id += 1) shard[String(id)] = sections[id]!.paragraphs;
    return shard;
  });

  const anchors: IndexCore['anchors'] = {};
  sections.forEach((section, id) => {
    const last = section.headings[section.headings.length - 1];
    const derived = last === undefined ? null : headingSlug(last);
    if (section.anchor !== derived) anchors[String(id)] = section.anchor;
  });
  const pageSections = pages.map(() => 0);
  for (const section of sections) pageSections[section.page]! += 1;

  const core: Omit<IndexCore, 'hash'> = {
    pages,
    pageSections,
    headings: sections.map((section) => section.headings),
    anchors,
    fieldLength,
    averageFieldLength,
    chunkStarts: chunks.map((chunk) => chunk.terms[0]!),
    shardStarts,
  };
  const hash = crypto.createHash('sha256').update(JSON.stringify([core, chunks, vocabulary, shards])).digest('hex').slice(0, 10);
  return {core: {...core, hash}, chunks, vocabulary, shards};
}

/** An older API reference's index: every record the pages of that reference search. */
export interface OlderBuiltIndex {
  tag: string;
  built: BuiltIndex;
}

function writeFiles(dir: string, built: BuiltIndex): string {
  fs.mkdirSync(dir, {recursive: true});
  const write = (name: string, content: unknown) => fs.writeFileSync(path.join(dir, name), JSON.stringify(content));
  const {core} = built;
  built.chunks.forEach((chunk, index) => write(indexFileName(core, 'chunk', index), chunk));
  built.shards.forEach((shard, index) => write(indexFileName(core, 'shard', index), shard));
  write(indexFileName(core, 'vocabulary'), built.vocabulary);
  const index = `index.${core.hash}.json`;
  write(index, packCore(core));
  return index;
}

/**
 * Writes the current index and the manifest under <outDir>/search/, and each older reference's
 * index in a folder named after its search tag; returns the manifest.
 */
export function writeIndex(outDir: string, built: BuiltIndex, recordCount: number, older: readonly OlderBuiltIndex[] = []): Manifest {
  const dir = path.join(outDir, SEARCH_DIR);
  fs.rmSync(dir, {recursive: true, force: true});
  const manifest: Manifest = {index: writeFiles(dir, built), records: recordCount, sections: built.core.headings.length};
  if (older.length > 0) {
    manifest.older = {};
    for (const {tag, built: olderBuilt} of older) {
      if (!/^[A-Za-z0-9._-]+$/.test(tag)) throw new Error(`A search tag that cannot name a folder: ${tag}`);
      manifest.older[tag] = {dir: tag, index: writeFiles(path.join(dir, tag), olderBuilt)};
    }
  }
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
  return manifest;
}

/** Every file of a written index, relative to <build>/search/, manifest and core first. */
export function indexFiles(manifest: Manifest, core: IndexCore): string[] {
  return [
    MANIFEST_FILE,
    manifest.index,
    indexFileName(core, 'vocabulary'),
    ...core.chunkStarts.map((_, index) => indexFileName(core, 'chunk', index)),
    ...core.shardStarts.map((_, index) => indexFileName(core, 'shard', index)),
  ];
}
