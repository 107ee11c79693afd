/**
 * Browser side of the local search: an algoliasearch client whose requester answers
 * `POST /1/indexes/*\/queries` from the local index instead of the network. Keeping the
 * official client keeps its transport: connect/read timeouts and host retry apply as they
 * would against Algolia, so DocSearch's stalled and error states work unchanged.
 */
import {liteClient, type LiteClient} from 'algoliasearch/lite';
import type {EndRequest, Requester, Response} from '@algolia/client-common';
import {LocalSearchEngine, normaliseRequest, type IndexLoader} from './engine';
import {unpackCore, type IndexCoreFile} from './coreFile';
import {indexFileName, type ChunkFile, type Manifest, type ShardFile, type VocabularyFile} from './types';

import {LOCAL_API_KEY, LOCAL_APP_ID, searchTagsOf} from './constants';

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const manifests = new Map<string, Promise<Manifest>>();
const engines = new Map<string, Promise<LocalSearchEngine>>();

/** Memoises a load per key; a failed load is forgotten, so the next call tries again. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let loading = cache.get(key);
  if (!loading) {
    loading = load();
    loading.catch(() => cache.delete(key));
    cache.set(key, loading);
  }
  return loading;
}

/** The search tags a request filters on, in any of its queries. */
export function requestedTags(body: {requests?: Array<Record<string, unknown>>}): string[] {
  return searchTagsOf((Array.isArray(body.requests) ? body.requests : []).map((request) => normaliseRequest(request).facetFilters));
}

/**
 * Loads (once) the core of the index under `<baseUrl>search/`, or, when `tags` name an older
 * API reference, the index its pages search; the engine fetches the postings, vocabulary and
 * paragraphs it needs from the same folder. A failed load is retried next time.
 */
export async function loadLocalEngine(baseUrl: string, tags: readonly string[] = []): Promise<LocalSearchEngine> {
  const root = `${baseUrl}search/`;
  // The manifest changes with every build; the files it names carry the build's hash.
  const manifest = await once(manifests, root, () => fetchJson<Manifest>(`${root}manifest.json`, {cache: 'no-cache'}));
  const older = tags.map((tag) => manifest.older?.[tag]).find((index) => index !== undefined);
  const dir = older ? `${root}${older.dir}/` : root;
  return once(engines, `${dir}${older?.index ?? manifest.index}`, async () => {
    const core = unpackCore(await fetchJson<IndexCoreFile>(`${dir}${older?.index ?? manifest.index}`));
    const loader: IndexLoader = {
      chunk: (index) => fetchJson<ChunkFile>(`${dir}${indexFileName(core, 'chunk', index)}`),
      vocabulary: () => fetchJson<VocabularyFile>(`${dir}${indexFileName(core, 'vocabulary')}`),
      shard: (index) => fetchJson<ShardFile>(`${dir}${indexFileName(core, 'shard', index)}`),
    };
    return new LocalSearchEngine(core, loader);
  });
}

/** After the first answer, wait this long before fetching the rest: the reader is reading. */
const REST_DELAY_MS = 1500;
const fetchingRest = new WeakSet<LocalSearchEngine>();

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, {timeout: 3000});
  else setTimeout(task, 50);
}

/**
 * Fetches the vocabulary and every postings chunk, one file per idle period, so that later
 * queries (typos, new words) answer without waiting for the network. Paragraph shards are
 * left to the hits that show them. A file that fails is skipped; a query fetches it again.
 */
export function loadRestWhenIdle(engine: LocalSearchEngine): void {
  if (fetchingRest.has(engine)) return;
  fetchingRest.add(engine);
  const tasks: Array<() => Promise<unknown>> = [() => engine.loadVocabulary(), ...Array.from({length: engine.chunkCount}, (_, index) => () => engine.loadChunk(index))];
  const next = () => {
    const task = tasks.shift();
    if (task) whenIdle(() => void task().then(next, next));
  };
  setTimeout(next, REST_DELAY_MS);
}

function reply(status: number, body: unknown, isTimedOut = false): Response {
  return {status, content: typeof body === 'string' ? body : JSON.stringify(body), isTimedOut};
}

export function createLocalRequester(baseUrl: string): Requester {
  return {
    async send(request: EndRequest): Promise<Response> {
      const {pathname} = new URL(request.url);
      if (request.method !== 'POST' || !/^\/1\/indexes\/[^/]+\/queries$/.test(pathname)) {
        return reply(404, {message: `The local search index answers POST /1/indexes/*/queries only, not ${request.method} ${pathname}`, status: 404});
      }
      let body: {requests?: Array<Record<string, unknown>>};
      try {
        const data = request.data instanceof Uint8Array ? new TextDecoder().decode(request.data) : (request.data ?? '{}');
        body = JSON.parse(data) as typeof body;
      } catch (error) {
        return reply(400, {message: `Malformed request body: ${(error as Error).message}`, status: 400});
      }
      let engine: LocalSearchEngine;
      try {
        // Loading the index plays the part of connecting to a host.
        engine = await withTimeout(loadLocalEngine(baseUrl, requestedTags(body)), request.connectTimeout);
      } catch (error) {
        return error instanceof TimeoutError ? reply(0, '', true) : reply(0, String(error));
      }
      try {
        const answer = await withTimeout(engine.multiQuery(body), request.responseTimeout);
        loadRestWhenIdle(engine);
        return reply(200, answer);
      } catch (error) {
        if (error instanceof TimeoutError) return reply(0, '', true);
        // A shard that failed to load is a network failure: let the transport retry.
        return reply(0, String(error));
      }
    },
  };
}

/** The search client used by the modal and the search page in local mode. */
export function createLocalSearchClient(baseUrl: string): LiteClient {
  return liteClient(LOCAL_APP_ID, LOCAL_API_KEY, {requester: createLocalRequester(baseUrl)});
}
