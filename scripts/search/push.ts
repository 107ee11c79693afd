/**
 * npm run search:push: uploads the records of the last build (the same records the local
 * index is built from) to Algolia with the official client, replacing the index content.
 * Needs ALGOLIA_APP_ID, ALGOLIA_INDEX_NAME and ALGOLIA_ADMIN_API_KEY.
 */
import fs from 'node:fs';
import path from 'node:path';
import {algoliasearch} from 'algoliasearch';
import type {SearchRecord} from '../../plugins/local-search/types';
import {RECORDS_FILE} from '../../plugins/local-search';

/** Written by the local-search plugin into the generated-files folder at each build. */
export const RECORDS_PATH = path.resolve(__dirname, '../../.docusaurus', RECORDS_FILE);

export interface PushOptions {
  appId: string;
  adminApiKey: string;
  indexName: string;
  records: SearchRecord[];
  /** Hosts to talk to instead of Algolia's (tests point this at a local server). */
  hosts?: Array<{url: string; protocol: 'http' | 'https'; accept: 'read' | 'write' | 'readWrite'}>;
}

export async function pushRecords({appId, adminApiKey, indexName, records, hosts}: PushOptions): Promise<number> {
  const client = algoliasearch(appId, adminApiKey, hosts ? {hosts} : undefined);
  await client.setSettings({
    indexName,
    indexSettings: {
      searchableAttributes: ['unordered(hierarchy.lvl0)', 'unordered(hierarchy.lvl1)', 'unordered(hierarchy.lvl2)', 'unordered(hierarchy.lvl3)', 'unordered(hierarchy.lvl4)', 'unordered(hierarchy.lvl5)', 'unordered(hierarchy.lvl6)', 'content'],
      attributesForFaceting: ['language', 'docusaurus_tag', 'type'],
      attributesToSnippet: ['content:10'],
      distinct: true,
      attributeForDistinct: 'url',
      customRanking: ['desc(weight.level)', 'asc(weight.position)'],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    },
  });
  const responses = await client.replaceAllObjects({indexName, objects: records as unknown as Array<Record<string, unknown>>, batchSize: 1000});
  return responses.batchResponses.reduce((count, batch) => count + batch.objectIDs.length, 0);
}

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`[search:push] ${name} is not set: it must name the Algolia ${name === 'ALGOLIA_ADMIN_API_KEY' ? 'admin (write) API key' : name === 'ALGOLIA_APP_ID' ? 'application id' : 'index'}.`);
    process.exit(2);
  }
  return value;
}

if (require.main === module) {
  const appId = required('ALGOLIA_APP_ID');
  const indexName = required('ALGOLIA_INDEX_NAME');
  const adminApiKey = required('ALGOLIA_ADMIN_API_KEY');
  if (!fs.existsSync(RECORDS_PATH)) {
    console.error(`[search:push] No records at ${RECORDS_PATH}: run "npm run build" first.`);
    process.exit(2);
  }
  const records = JSON.parse(fs.readFileSync(RECORDS_PATH, 'utf8')) as SearchRecord[];
  pushRecords({appId, adminApiKey, indexName, records}).then(
    (count) => console.log(`[search:push] uploaded ${count} records to ${appId}/${indexName}`),
    (error: unknown) => {
      console.error(`[search:push] ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
