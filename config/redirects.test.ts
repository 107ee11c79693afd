import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {legacyRedirects, redirectsTo} from './redirects';

const routes = new Set(
  fs
    .readFileSync(path.join(__dirname, '../contract/routes.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t')[1]!.trim()),
);

describe('legacy redirects', () => {
  it('send every legacy path to a route of the contract in one hop', () => {
    const froms = new Set(legacyRedirects.map((pair) => pair.from));
    for (const {from, to} of legacyRedirects) {
      expect(routes.has(to), `${from} -> ${to}`).toBe(true);
      expect(froms.has(to), `${to} is itself redirected`).toBe(false);
      expect(routes.has(from), `${from} shadows a page`).toBe(false);
    }
  });

  it('adds the /docs prefix and .htm variants of a legacy path', () => {
    const froms = redirectsTo('/reference/events');
    expect(froms).toEqual(expect.arrayContaining(['/advanced/audit_log', '/docs/advanced/audit_log', '/advanced/audit_log.htm', '/docs/advanced/audit_log.htm']));
  });

  it('gives every page a /docs twin and an .htm variant', () => {
    expect(redirectsTo('/reference/segments')).toEqual(expect.arrayContaining(['/docs/reference/segments', '/reference/segments.htm', '/docs/reference/segments.htm']));
    expect(redirectsTo('/')).toEqual(expect.arrayContaining(['/docs', '/docs.htm']));
  });

  it('does not double a /docs prefix that a legacy path already has', () => {
    const pair = legacyRedirects.find((p) => p.from.startsWith('/docs/'))!;
    const froms = redirectsTo(pair.to);
    expect(froms).toContain(pair.from);
    expect(froms).not.toContain(`/docs${pair.from}`);
  });

  it('never redirects a page to itself, and leaves the 404 page alone', () => {
    for (const route of routes) expect(redirectsTo(route)).not.toContain(route);
    expect(redirectsTo('/404')).toEqual([]);
    expect(redirectsTo('/404.html')).toEqual([]);
  });

  it('produces each legacy path for one target only', () => {
    const seen = new Map<string, string>();
    for (const route of routes) {
      for (const from of redirectsTo(route)) {
        expect(seen.get(from), `${from} claimed by ${seen.get(from)} and ${route}`).toBeUndefined();
        seen.set(from, route);
      }
    }
  });
});
