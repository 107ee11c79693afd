/**
 * Build side of the local search: records → sections → a MiniSearch index plus paragraph
 * shards, written as content-hashed files under <build>/search/ with a small manifest.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import {MINISEARCH_OPTIONS, type SectionDocument} from './engine';
import {compactIndex, type MiniSearchJson} from './codec';
import {LEVELS, type LocalIndexFile, type Manifest, type SearchRecord, type ShardFile} from './types';

export const SEARCH_DIR = 'search';
export const MANIFEST_FILE = 'manifest.json';
/** Sections per paragraph shard: small enough that a query's hits fetch little text. */
export const SHARD_SIZE = 48;
/** Words of section text that go into the full-text index; the rest only feeds snippets. */
const INDEXED_WORDS_PER_SECTION = 400;
/** Generated API operation pages: their schema sections are long lists of field names. */
const API_OPERATION_PREFIX = '/reference/api/unleash/';
const INDEXED_WORDS_PER_API_SECTION = 60;

/**
 * How much a page's matches count. Generated operation pages match many queries through
 * their schemas; a reader asking a question is usually served better by a guide, so they
 * rank below hand-written pages unless their title matches well.
 */
export function pageWeight(url: string): number {
  if (url.startsWith(API_OPERATION_PREFIX)) return 0.5;
  if (url.startsWith('/reference/api/legacy/')) return 0.8;
  return 1;
}

interface Section {
  keywords: string[];
  page: number;
  anchor: string | null;
  headings: string[];
  paragraphs: string[];
}

export interface BuiltIndex {
  file: LocalIndexFile;
  shards: ShardFile[];
}

function truncateWords(text: string, words: number): string {
  const parts = text.split(/\s+/);
  return parts.length <= words ? text : parts.slice(0, words).join(' ');
}

export function buildIndex(records: readonly SearchRecord[]): BuiltIndex {
  const pages: LocalIndexFile['pages'] = [];
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
      current = {page, anchor: record.anchor, headings, paragraphs: [], keywords: record.keywords ?? []};
      sections.push(current);
    }
    if (record.type === 'content' && record.content) current.paragraphs.push(record.content);
  }

  const documents: SectionDocument[] = sections.map((section, id) => {
    const [url, , title] = pages[section.page]!;
    return {
      id,
      // Keywords from the page's front matter count as much as its title.
      title: section.headings.length === 0 ? [title, ...section.keywords].join(' ') : '',
      headings: section.headings.length === 0 ? '' : [title, ...section.headings].join(' '),
      // The page's own slug: "segments", "how-to-create-api-tokens", "ADRs".
      path: section.headings.length === 0 ? (url.split('/').filter(Boolean).pop() ?? '') : '',
      content: truncateWords(section.paragraphs.join(' '), url.startsWith(API_OPERATION_PREFIX) ? INDEXED_WORDS_PER_API_SECTION : INDEXED_WORDS_PER_SECTION),
    };
  });
  const miniSearch = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  miniSearch.addAll(documents);

  const shards: ShardFile[] = [];
  sections.forEach((section, id) => {
    const shard = Math.floor(id / SHARD_SIZE);
    shards[shard] ??= {};
    shards[shard]![String(id)] = section.paragraphs;
  });

  return {
    file: {
      version: 1,
      index: compactIndex(miniSearch.toJSON() as unknown as MiniSearchJson),
      pages,
      sections: sections.map((section) => [section.page, section.anchor, section.headings]),
      shardSize: SHARD_SIZE,
      shards: [],
    },
    shards,
  };
}

function hashed(name: string, extension: string, content: string): string {
  const hash = crypto.createHash('sha256').update(content).digest('hex').slice(0, 10);
  return `${name}.${hash}.${extension}`;
}

/** Writes the index, its shards and the manifest; returns the manifest. */
export function writeIndex(outDir: string, built: BuiltIndex, recordCount: number): Manifest {
  const dir = path.join(outDir, SEARCH_DIR);
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  const shardNames = built.shards.map((shard, index) => {
    const content = JSON.stringify(shard ?? {});
    const name = hashed(`shard-${index}`, 'json', content);
    fs.writeFileSync(path.join(dir, name), content);
    return name;
  });
  const indexContent = JSON.stringify({...built.file, shards: shardNames});
  const indexName = hashed('index', 'json', indexContent);
  fs.writeFileSync(path.join(dir, indexName), indexContent);
  const manifest: Manifest = {index: indexName, records: recordCount, sections: built.file.sections.length};
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
  return manifest;
}
