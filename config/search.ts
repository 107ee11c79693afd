/**
 * Search: the DocSearch UI in both providers. With no Algolia variables the modal and the
 * /search page are answered by the local index the local-search plugin builds; with
 * ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME they query Algolia.
 */
import type {PluginConfig} from '@docusaurus/types';
import type {SiteEnv} from './env';
import localSearchPlugin from '../plugins/local-search';
import {LOCAL_API_KEY, LOCAL_APP_ID} from '../plugins/local-search/constants';

export const LOCAL_INDEX_NAME = 'unleash-docs';

/** What the site's own SearchBar and SearchPage read from siteConfig.customFields. */
export interface SearchCustomFields {
  provider: 'local' | 'algolia';
  /** Hits shown per section in the modal. */
  maxResultsPerGroup: number;
  missingResultsUrl: string | null;
}

export interface SearchConfig {
  themeConfig: {algolia: {appId: string; apiKey: string; indexName: string} & Record<string, unknown>};
  plugins: PluginConfig[];
  customFields: SearchCustomFields;
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
    maxResultsPerGroup: 5,
    missingResultsUrl: env.searchMissingResultsUrl ?? null,
  };
  if (env.algolia) {
    return {
      themeConfig: {
        algolia: {...shared, appId: env.algolia.appId, apiKey: env.algolia.searchApiKey, indexName: env.algolia.indexName, insights: env.algolia.insights},
      },
      plugins: [],
      customFields,
    };
  }
  return {
    themeConfig: {algolia: {...shared, appId: LOCAL_APP_ID, apiKey: LOCAL_API_KEY, indexName: LOCAL_INDEX_NAME, insights: false}},
    plugins: [localSearchPlugin],
    customFields,
  };
}
