/**
 * Byte accounting of one page load: every response the browser receives, bucketed by what it
 * is, each URL counted once, raw (as decoded) and gzip (level 9, as bench:search counts).
 */
import zlib from 'node:zlib';

export const GZIP_LEVEL = 9;

export type WeightKind = 'html' | 'js' | 'css' | 'prefetch' | 'image' | 'font' | 'other';
export const WEIGHT_KINDS: readonly WeightKind[] = ['html', 'js', 'css', 'prefetch', 'image', 'font', 'other'];

export interface Resource {
  url: string;
  kind: WeightKind;
  raw: number;
  gzip: number;
}

export interface KindTotal {
  count: number;
  raw: number;
  gzip: number;
}

export type Totals = Record<WeightKind, KindTotal>;

export function gzipSize(body: Buffer): number {
  return zlib.gzipSync(body, {level: GZIP_LEVEL}).length;
}

/**
 * Chromium's resource types, as Playwright reports them. Docusaurus prefetches the chunks of
 * every route linked in the viewport with <link rel="prefetch">; those arrive as type "other"
 * with `Sec-Purpose: prefetch` and are code the page does not run, so they get their own bucket.
 */
export function kindOf(resourceType: string, secPurpose?: string): WeightKind {
  switch (resourceType) {
    case 'document':
      return 'html';
    case 'script':
      return 'js';
    case 'stylesheet':
      return 'css';
    case 'image':
      return 'image';
    case 'font':
      return 'font';
    default:
      return secPurpose?.startsWith('prefetch') ? 'prefetch' : 'other';
  }
}

/**
 * Adds a response to the page's resources. A URL downloads once (a second request is answered
 * from the cache), so it is counted once; when a chunk was prefetched and then run as a script
 * (or the other way round), it counts as the script, because the page uses it.
 */
export function addResource(resources: Map<string, Resource>, resource: Resource): void {
  const known = resources.get(resource.url);
  if (!known) {
    resources.set(resource.url, resource);
    return;
  }
  if (known.kind === 'prefetch' && resource.kind !== 'prefetch') known.kind = resource.kind;
}

export function totals(resources: Iterable<Resource>): Totals {
  const result = Object.fromEntries(WEIGHT_KINDS.map((kind) => [kind, {count: 0, raw: 0, gzip: 0}])) as Totals;
  for (const {kind, raw, gzip} of resources) {
    result[kind].count += 1;
    result[kind].raw += raw;
    result[kind].gzip += gzip;
  }
  return result;
}
