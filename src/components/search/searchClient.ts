/**
 * The search client for the configured provider: the local index or Algolia. Both clients
 * (and the local engine) load on demand, when the reader reaches for search, so they cost
 * nothing on page load.
 */
import type {LiteClient} from 'algoliasearch/lite';

export type Provider = 'local' | 'algolia';

type ClientModule = typeof import('@site/plugins/local-search/client');

let localModule: Promise<ClientModule> | undefined;
function loadLocalModule(): Promise<ClientModule> {
  localModule ??= import(/* webpackChunkName: "local-search" */ '@site/plugins/local-search/client');
  return localModule;
}

export async function createSearchClient(provider: Provider, baseUrl: string, appId: string, apiKey: string): Promise<LiteClient> {
  if (provider === 'local') return (await loadLocalModule()).createLocalSearchClient(baseUrl);
  const {liteClient} = await import('algoliasearch/lite');
  return liteClient(appId, apiKey);
}

/**
 * Loads the client code, and for the local provider starts loading the index too: the one the
 * page's search tags ask for (an older API reference's pages search an index of their own).
 */
export async function preloadSearch(provider: Provider, baseUrl: string, tags: readonly string[] = []): Promise<void> {
  if (provider !== 'local') return;
  const module = await loadLocalModule();
  module.loadLocalEngine(baseUrl, tags).catch(() => undefined);
}
