/**
 * Local search plugin: after the production build, reads every built page, extracts
 * DocSearch records, and writes the local index the browser searches (see engine.ts).
 * The same records are saved for `npm run search:push` (Algolia).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {extractRecords} from './records';
import {buildIndex, writeIndex, type OlderBuiltIndex} from './indexer';
import type {SearchRecord} from './types';
import type {SearchCustomFields} from '../../config/search';

export const RECORDS_FILE = 'search-records.json';

/** The HTML file of a route in a trailingSlash:false build. */
function htmlFile(outDir: string, route: string): string {
  return route === '/' || route.endsWith('/') ? path.join(outDir, route, 'index.html') : path.join(outDir, `${route}.html`);
}

export function collectRecords(outDir: string, routes: readonly string[]): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const route of [...new Set(routes)].sort()) {
    if (route === '/404' || route.endsWith('/search') || route === '/search') continue;
    const file = htmlFile(outDir, route);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    // Client redirects and pages marked noindex are not searchable content.
    if (html.includes('http-equiv="refresh"') || /<meta[^>]+name="?robots"?[^>]+noindex/.test(html)) continue;
    records.push(...extractRecords({url: route, html}));
  }
  return records;
}

export default function localSearchPlugin(context: LoadContext): Plugin {
  return {
    name: 'local-search',
    async postBuild({outDir, routesPaths}) {
      const started = Date.now();
      const records = collectRecords(outDir, routesPaths);
      const olderTags = (context.siteConfig.customFields?.search as SearchCustomFields | undefined)?.olderVersionTags ?? [];
      // The current index leaves the older references out (a fifth of the sections, in the file
      // every first search loads); their pages search an index of everything.
      const current = records.filter((record) => !olderTags.includes(record.docusaurus_tag));
      const older: OlderBuiltIndex[] = olderTags
        .filter((tag) => records.some((record) => record.docusaurus_tag === tag))
        .map((tag) => ({tag, built: buildIndex(records.filter((record) => !olderTags.includes(record.docusaurus_tag) || record.docusaurus_tag === tag))}));
      const manifest = writeIndex(outDir, buildIndex(current), current.length, older);
      fs.writeFileSync(path.join(context.generatedFilesDir, RECORDS_FILE), JSON.stringify(records));
      console.log(
        `[local-search] indexed ${current.length} records in ${manifest.sections} sections from ${new Set(current.map((r) => r.url_without_anchor)).size} pages${older.map(({tag, built}) => `; ${tag}: ${built.core.headings.length} sections with the current ones`).join('')} in ${Date.now() - started} ms`,
      );
    },
  };
}
