import {afterEach, describe, expect, it, vi} from 'vitest';
import {extractRecords} from './records';
import {buildIndex} from './indexer';
import {LocalSearchEngine} from './engine';
import {loadRestWhenIdle} from './client';

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
