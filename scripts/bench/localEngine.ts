/** Loads the local search index of a build folder in Node, the way the browser does. */
import fs from 'node:fs';
import path from 'node:path';
import {LocalSearchEngine, normaliseRequest} from '../../plugins/local-search/engine';
import type {LocalIndexFile, Manifest, ShardFile} from '../../plugins/local-search/types';

export function loadEngine(buildDir: string): {engine: LocalSearchEngine; file: LocalIndexFile; files: string[]} {
  const dir = path.join(buildDir, 'search');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const file = JSON.parse(fs.readFileSync(path.join(dir, manifest.index), 'utf8')) as LocalIndexFile;
  const engine = new LocalSearchEngine(file, async (shard) => JSON.parse(fs.readFileSync(path.join(dir, file.shards[shard]!), 'utf8')) as ShardFile);
  return {engine, file, files: ['manifest.json', manifest.index, ...file.shards]};
}

export async function searchPages(engine: LocalSearchEngine, q: string): Promise<string[]> {
  const result = await engine.run(
    normaliseRequest({indexName: 'unleash-docs', query: q, hitsPerPage: 20, facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]}),
  );
  return result.hits.map((hit) => hit.url_without_anchor);
}
