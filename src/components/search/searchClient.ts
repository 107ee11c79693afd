/** The search client for the configured provider: the local index or Algolia. */
import {liteClient, type LiteClient} from 'algoliasearch/lite';
import {createLocalSearchClient, loadLocalEngine} from '@site/plugins/local-search/client';

export function createSearchClient(provider: 'local' | 'algolia', baseUrl: string, appId: string, apiKey: string): LiteClient {
  return provider === 'local' ? createLocalSearchClient(baseUrl) : liteClient(appId, apiKey);
}

/** Starts loading the local index early, when the reader is about to search. */
export function preloadSearchIndex(provider: 'local' | 'algolia', baseUrl: string): void {
  if (provider === 'local') loadLocalEngine(baseUrl).catch(() => undefined);
}
