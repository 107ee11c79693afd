/**
 * Search: the DocSearch UI in both providers. With no Algolia variables the modal and the
 * /search page are answered by the local index the local-search plugin builds; with
 * ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME they query Algolia.
 */
import type {PluginConfig} from '@docusaurus/types';
import type {AlgoliaEnv, SiteEnv} from './env';
import localSearchPlugin from '../plugins/local-search';
import {mergeSources, type PolicySources} from '../plugins/security-headers/policy';
import {LOCAL_API_KEY, LOCAL_APP_ID} from '../plugins/local-search/constants';
import {apiReferenceVersions, docsSearchTag} from './apiVersions';

export const LOCAL_INDEX_NAME = 'unleash-docs';
/** Hits the modal shows per section (DocSearch's maxResultsPerGroup); the search benchmark orders results by it too. */
export const MAX_RESULTS_PER_GROUP = 5;

/** What the site's own SearchBar and SearchPage read from siteConfig.customFields. */
export interface SearchCustomFields {
  provider: 'local' | 'algolia';
  /** Hits shown per section in the modal. */
  maxResultsPerGroup: number;
  missingResultsUrl: string | null;
  /**
   * Search tags (`docs-<instance>-current`) of the older API references: searched only from a
   * page of that reference, so results default to the current version (useContextualFacetFilters).
   */
  olderVersionTags: string[];
}

export interface SearchConfig {
  themeConfig: {algolia: {appId: string; apiKey: string; indexName: string} & Record<string, unknown>};
  plugins: PluginConfig[];
  customFields: SearchCustomFields;
  /** Hosts search needs in the Content-Security-Policy (none for the local index). */
  sources: PolicySources;
}

/**
 * The search-insights script DocSearch (@docsearch/react 3.9) adds when click analytics are
 * on; config/search.test.ts checks that the installed DocSearch still loads this exact URL.
 */
export const SEARCH_INSIGHTS_SCRIPT = 'https://cdn.jsdelivr.net/npm/search-insights@2.15.0/dist/search-insights.min.js';
/** Where search-insights sends its events (its default endpoint; DocSearch sets no region). */
export const SEARCH_INSIGHTS_ENDPOINT = 'https://insights.algolia.io';

/**
 * Algolia's read hosts for the application (algoliasearch's lite client, in DocSearch and in
 * the search page: `<app>-dsn.algolia.net`, then `<app>-1…3.algolianet.com` as fallbacks),
 * and with insights the script and its endpoint.
 */
export function algoliaSources(algolia: AlgoliaEnv): PolicySources {
  const app = algolia.appId.toLowerCase();
  const search: PolicySources = {'connect-src': [`https://${app}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${app}-${n}.algolianet.com`)]};
  if (!algolia.insights) return search;
  return mergeSources(search, {'script-src': [SEARCH_INSIGHTS_SCRIPT], 'connect-src': [SEARCH_INSIGHTS_ENDPOINT]});
}

export function searchConfig(env: SiteEnv): SearchConfig {
  const shared = {
    contextualSearch: true,
    searchPagePath: 'search',
    // Results on the marketing site open with a full page load, not the docs router.
    externalUrlRegex: 'www\\.getunleash\\.io',
    // Records indexed when the docs lived under /docs/ still point at the right page.
    replaceSearchResultPathname: {from: '/docs/', to: '/'},
    searchParameters: {},
  };
  const customFields: SearchCustomFields = {
    provider: env.algolia ? 'algolia' : 'local',
    maxResultsPerGroup: MAX_RESULTS_PER_GROUP,
    missingResultsUrl: env.searchMissingResultsUrl ?? null,
    olderVersionTags: apiReferenceVersions()
      .filter((version) => !version.current)
      .map((version) => docsSearchTag(version.docsPluginId)),
  };
  if (env.algolia) {
    return {
      themeConfig: {
        algolia: {...shared, appId: env.algolia.appId, apiKey: env.algolia.searchApiKey, indexName: env.algolia.indexName, insights: env.algolia.insights},
      },
      plugins: [],
      customFields,
      sources: algoliaSources(env.algolia),
    };
  }
  return {
    themeConfig: {algolia: {...shared, appId: LOCAL_APP_ID, apiKey: LOCAL_API_KEY, indexName: LOCAL_INDEX_NAME, insights: false}},
    plugins: [localSearchPlugin],
    customFields,
    sources: {},
  };
}
