/** Loads the local search index of a build folder in Node, the way the browser does. */
import fs from 'node:fs';
import path from 'node:path';
import {LocalSearchEngine, normaliseRequest, type EngineHit} from '../../plugins/local-search/engine';
import {MAX_RESULTS_PER_GROUP} from '../../config/search';
import {indexFiles} from '../../plugins/local-search/indexer';
import {unpackCore, type IndexCoreFile} from '../../plugins/local-search/coreFile';
import {indexFileName, type IndexCore, type Manifest} from '../../plugins/local-search/types';

export interface LoadedIndex {
  engine: LocalSearchEngine;
  core: IndexCore;
  manifest: Manifest;
  /** Every file of the index, relative to <build>/search/: manifest, core, vocabulary, chunks, shards. */
  files: string[];
}

export function loadEngine(buildDir: string): LoadedIndex {
  const dir = path.join(buildDir, 'search');
  const read = <T>(name: string): Promise<T> => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as T);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const core = unpackCore(JSON.parse(fs.readFileSync(path.join(dir, manifest.index), 'utf8')) as IndexCoreFile);
  const engine = new LocalSearchEngine(core, {
    chunk: (index) => read(indexFileName(core, 'chunk', index)),
    vocabulary: () => read(indexFileName(core, 'vocabulary')),
    shard: (index) => read(indexFileName(core, 'shard', index)),
  });
  return {engine, core, manifest, files: indexFiles(manifest, core)};
}

/** What the search modal asks for: 20 hits, in English, of the current docs. */
async function modalHits(engine: LocalSearchEngine, q: string): Promise<EngineHit[]> {
  const result = await engine.run(
    normaliseRequest({indexName: 'unleash-docs', query: q, hitsPerPage: 20, facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]}),
  );
  return result.hits;
}

/** Paths of the pages the local engine answers a query with, in the engine's order. */
export async function searchPages(engine: LocalSearchEngine, q: string): Promise<string[]> {
  return (await modalHits(engine, q)).map((hit) => hit.url_without_anchor);
}

/** Groups items by a key in order of first appearance, keeping at most `max` per group (DocSearch's rule). */
function groupFirstSeen<T>(items: T[], key: (item: T) => string, max: number): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item)) ?? [];
    if (!groups.has(key(item))) groups.set(key(item), group);
    if (group.length < max) group.push(item);
  }
  return [...groups.values()];
}

/**
 * The hits' pages in the order the search modal shows them: DocSearch (3.9) groups the 20
 * hits by section (lvl0) in order of first appearance, keeps `maxResultsPerGroup` of each,
 * and within a section groups them by page (lvl1) the same way.
 */
export function modalOrder(hits: EngineHit[], maxResultsPerGroup = MAX_RESULTS_PER_GROUP): string[] {
  return groupFirstSeen(hits, (hit) => hit.hierarchy.lvl0 ?? '', maxResultsPerGroup)
    .flatMap((section) => groupFirstSeen(section, (hit) => hit.hierarchy.lvl1 ?? '', maxResultsPerGroup).flat())
    .map((hit) => hit.url_without_anchor);
}

/** Paths of the pages as the search modal lists them (see modalOrder). */
export async function searchPagesAsShown(engine: LocalSearchEngine, q: string): Promise<string[]> {
  return modalOrder(await modalHits(engine, q));
}

/** The pages the index knows, for skipping queries whose targets are not in the build. */
export function indexedPages(core: IndexCore): Set<string> {
  return new Set(core.pages.map(([url]) => url));
}
