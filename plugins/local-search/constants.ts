/** Credentials the local search client presents; nothing checks them, no host is contacted. */
export const LOCAL_APP_ID = 'LOCALSEARCH';
export const LOCAL_API_KEY = 'local-index';

const TAG_FILTER = 'docusaurus_tag:';

/** The search tags (`docusaurus_tag:<tag>`) in facet filters, nested as Algolia nests them. */
export function searchTagsOf(filters: unknown): string[] {
  const tags = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'string' && value.startsWith(TAG_FILTER)) tags.add(value.slice(TAG_FILTER.length));
  };
  visit(filters);
  return [...tags];
}
