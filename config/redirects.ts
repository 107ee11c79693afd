/**
 * Legacy paths: every pair of contract/redirects.json, each `from` also under a `/docs`
 * prefix, `/docs/<path>` for every page, and `.htm` variants of all of them. A `.html`
 * variant needs no entry: with trailingSlash false each redirect and each page is written
 * as `<path>.html`, which static servers answer for `<path>.html` and for `<path>`.
 *
 * Redirects are produced per existing page (createRedirects), so a legacy path whose
 * target page does not exist yet is skipped rather than failing the build; the route
 * check reports those.
 */
import redirectPairs from '../contract/redirects.json';
import {apiReferenceVersions} from './apiVersions';

export interface RedirectPair {
  from: string;
  to: string;
}

export const legacyRedirects: readonly RedirectPair[] = redirectPairs;

function withDocsPrefix(path: string): string[] {
  return path.startsWith('/docs/') || path === '/docs' ? [path] : [path, `/docs${path === '/' ? '' : path}`];
}

function withHtm(paths: string[]): string[] {
  return paths.flatMap((path) => (path === '/' ? [path] : [path, `${path}.htm`]));
}

/** Legacy `from` paths pointing at each target, built once. */
const fromsByTarget = new Map<string, string[]>();
for (const {from, to} of legacyRedirects) {
  fromsByTarget.set(to, [...(fromsByTarget.get(to) ?? []), from]);
}

/** All paths that should redirect to `existingPath` (never `existingPath` itself). */
/** The older API references (/reference/api/unleash/v7) are new: no legacy path ever led to them. */
const newSections = apiReferenceVersions()
  .filter((version) => !version.current)
  .map((version) => version.baseRoute);

export function redirectsTo(existingPath: string): string[] {
  // The not-found page is served for unknown paths; it has nothing to redirect from.
  if (/\/404(\.html)?$/.test(existingPath)) return [];
  if (newSections.some((base) => existingPath === base || existingPath.startsWith(`${base}/`))) return [];
  const legacy = fromsByTarget.get(existingPath) ?? [];
  const candidates = withHtm([...withDocsPrefix(existingPath), ...legacy.flatMap(withDocsPrefix)]);
  return [...new Set(candidates)].filter((path) => path !== existingPath && path !== '/');
}
