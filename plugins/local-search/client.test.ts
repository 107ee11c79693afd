import {afterEach, describe, expect, it, vi} from 'vitest';
import {extractRecords} from './records';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildIndex, writeIndex} from './indexer';
import {LocalSearchEngine} from './engine';
import {loadLocalEngine, loadRestWhenIdle, requestedTags} from './client';

const html = (title: string, body: string) =>
  `<html lang="en"><head><title>${title}</title></head><body><main><article><div class="theme-doc-markdown markdown"><header><h1>${title}</h1></header>${body}</div></article></main></body></html>`;

function engine() {
  const records = [
    ...extractRecords({url: '/a', html: html('Segments', '<p>Reusable lists of strategy constraints for many feature flags.</p>')}),
    ...extractRecords({url: '/b', html: html('Stickiness', '<p>Keeps every user in the same rollout bucket with a hash.</p>')}),
  ];
  const built = buildIndex(records, {chunkChars: 60});
  const loaded: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const track = async <T>(name: string, value: T): Promise<T> => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await Promise.resolve();
    loaded.push(name);
    inFlight -= 1;
    return value;
  };
  const search = new LocalSearchEngine(built.core, {
    chunk: (index) => track(`chunk-${index}`, built.chunks[index]!),
    vocabulary: () => track('vocabulary', built.vocabulary),
    shard: (index) => track(`shard-${index}`, built.shards[index]!),
  });
  return {search, built, loaded, mostInFlight: () => mostInFlight};
}

describe('loading the rest of the index while idle', () => {
  afterEach(() => vi.useRealTimers());

  it('waits after the first answer, then fetches the vocabulary and every chunk one at a time, and no shard', async () => {
    vi.useFakeTimers();
    const {search, built, loaded, mostInFlight} = engine();
    loadRestWhenIdle(search);
    loadRestWhenIdle(search);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loaded).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loaded).toEqual(['vocabulary', ...built.chunks.map((_, index) => `chunk-${index}`)]);
    expect(mostInFlight()).toBe(1);
  });
});

describe('which index answers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an older reference\'s pages load its own index, every other page the current one, each once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-search-client-'));
    try {
      const page = (url: string, title: string, tag: string) => ({url, html: html(title, '<p>Get a feature flag by its name.</p>').replace('<head>', `<head><meta name="docsearch:docusaurus_tag" content="${tag}">`)});
      const current = [page('/reference/api/unleash/get-feature', 'Get a feature', 'docs-api-current')].flatMap(extractRecords);
      const all = [...current, ...[page('/reference/api/unleash/v7/get-feature', 'Get a feature (7.6.5)', 'docs-api-7-current')].flatMap(extractRecords)];
      writeIndex(dir, buildIndex(current), current.length, [{tag: 'docs-api-7-current', built: buildIndex(all)}]);
      const fetched: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        fetched.push(url);
        const file = path.join(dir, url.replace(/^\/docs\//, ''));
        return fs.existsSync(file) ? new Response(fs.readFileSync(file)) : new Response('missing', {status: 404});
      });
      const pagesFound = async (tags: string[]) => {
        const engine = await loadLocalEngine('/docs/', tags);
        const {results} = await engine.multiQuery({requests: [{indexName: 'i', query: 'get feature', facetFilters: [tags.map((tag) => `docusaurus_tag:${tag}`)]}]});
        return results[0]!.hits.map((hit) => hit.url_without_anchor);
      };
      expect(await pagesFound(['docs-api-current'])).toEqual(['/reference/api/unleash/get-feature']);
      expect(await pagesFound(['docs-api-current', 'docs-api-7-current'])).toEqual(expect.arrayContaining(['/reference/api/unleash/get-feature', '/reference/api/unleash/v7/get-feature']));
      await pagesFound(['docs-api-current']);
      const cores = fetched.filter((url) => /index\.[0-9a-f]+\.json$/.test(url));
      expect(cores).toHaveLength(2);
      expect(cores[1]).toMatch(/^\/docs\/search\/docs-api-7-current\/index\./);
      expect(fetched.filter((url) => url.endsWith('manifest.json'))).toHaveLength(1);
      expect(requestedTags({requests: [{indexName: 'i', params: 'facetFilters=%5B%5B%22docusaurus_tag%3Adocs-api-7-current%22%5D%5D'}]})).toEqual(['docs-api-7-current']);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });
});
