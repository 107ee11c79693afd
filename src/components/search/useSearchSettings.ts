/**
 * Search settings and helpers shared by the modal and the search page: which provider
 * answers, the contextual facet filters (language and docs version), and how result URLs
 * are rewritten.
 */
import {useCallback, useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useActivePlugin, useDocsContextualSearchTags} from '@docusaurus/plugin-content-docs/client';
import type {SearchCustomFields} from '@site/config/search';

export interface AlgoliaThemeConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch: boolean;
  searchPagePath: string;
  externalUrlRegex?: string;
  replaceSearchResultPathname?: {from: string; to: string};
  searchParameters?: {facetFilters?: FacetFilters};
  insights?: boolean;
}

export type FacetFilters = Array<string | string[]>;

export function useSearchSettings(): SearchCustomFields & {baseUrl: string; algolia: AlgoliaThemeConfig} {
  const {siteConfig} = useDocusaurusContext();
  const fields = (siteConfig.customFields as {search: SearchCustomFields}).search;
  const algolia = (siteConfig.themeConfig as {algolia: AlgoliaThemeConfig}).algolia;
  return {...fields, baseUrl: siteConfig.baseUrl, algolia};
}

/**
 * `language:<locale>` AND any of the search tags of the current context (DocSearch's convention).
 * An older API reference (its own docs instance, config/api.ts) is searched only from its own
 * pages: everywhere else results come from the current version.
 */
export function useContextualFacetFilters(): FacetFilters {
  const {i18n} = useDocusaurusContext();
  const activeTag = `docs-${useActivePlugin()?.pluginId}-`;
  const {algolia, olderVersionTags} = useSearchSettings();
  const docsTags = useDocsContextualSearchTags().filter((tag) => !olderVersionTags?.includes(tag) || tag.startsWith(activeTag));
  // The tags hook returns a new array on every render: key the memo on its content so the
  // filters (and the searches that depend on them) stay stable.
  const tagsKey = docsTags.join(',');
  return useMemo(() => {
    const tags = tagsKey ? tagsKey.split(',') : [];
    const contextual: FacetFilters = [`language:${i18n.currentLocale}`, ['docusaurus_tag:default', ...tags.map((tag) => `docusaurus_tag:${tag}`)]];
    return algolia.contextualSearch ? [...contextual, ...(algolia.searchParameters?.facetFilters ?? [])] : (algolia.searchParameters?.facetFilters ?? []);
  }, [i18n.currentLocale, tagsKey, algolia]);
}

export function isExternalUrl(regex: string | undefined, url: string): boolean {
  return Boolean(regex) && new RegExp(regex!).test(url);
}

/** Makes result URLs relative to this site, applying replaceSearchResultPathname. */
export function useResultUrl(): (url: string) => string {
  const {algolia, baseUrl} = useSearchSettings();
  return useCallback(
    (url: string) => {
      if (isExternalUrl(algolia.externalUrlRegex, url)) return url;
      const parsed = new URL(url, 'https://site.invalid');
      let pathname = parsed.pathname;
      const replace = algolia.replaceSearchResultPathname;
      if (replace && pathname.startsWith(replace.from)) pathname = replace.to + pathname.slice(replace.from.length);
      if (!pathname.startsWith(baseUrl)) pathname = baseUrl + pathname.replace(/^\//, '');
      return `${pathname}${parsed.hash}`;
    },
    [algolia, baseUrl],
  );
}
