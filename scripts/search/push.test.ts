/**
 * search:push against a local 127.0.0.1 server that records what the official Algolia
 * client sends.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {pushRecords} from './push';
import {extractRecords} from '../../plugins/local-search/records';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

const recorded: Recorded[] = [];
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body = data ? JSON.parse(data) : undefined;
      const url = new URL(req.url!, 'http://127.0.0.1').pathname;
      recorded.push({method: req.method!, url, headers: req.headers, body});
      res.setHeader('content-type', 'application/json');
      if (url.includes('/task/')) return res.end(JSON.stringify({status: 'published'}));
      if (url.endsWith('/batch')) return res.end(JSON.stringify({taskID: 1, objectIDs: body.requests.map((r: any) => r.body.objectID)}));
      if (url.endsWith('/operation')) return res.end(JSON.stringify({taskID: 2, updatedAt: new Date().toISOString()}));
      if (url.endsWith('/settings')) return res.end(JSON.stringify({taskID: 3, updatedAt: new Date().toISOString()}));
      return res.end(JSON.stringify({taskID: 4}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('search:push', () => {
  it('uploads the build records with the official client, replacing the index atomically', async () => {
    const records = extractRecords({
      url: '/reference/segments',
      html: '<html lang="en"><head><meta name="docsearch:docusaurus_tag" content="docs-default-current"></head><body><main><article><div class="theme-doc-markdown"><header><h1>Segments</h1></header><p>Reusable constraints.</p><h2 id="limits">Limits</h2><p>Five per strategy.</p></div></article></main></body></html>',
    });
    const count = await pushRecords({
      appId: 'TESTAPP',
      adminApiKey: 'admin-key',
      indexName: 'unleash-docs',
      records,
      hosts: [{url: `127.0.0.1:${port}`, protocol: 'http', accept: 'readWrite'}],
    });
    expect(count).toBe(records.length);
    expect(recorded.every((request) => request.headers['x-algolia-api-key'] === 'admin-key' && request.headers['x-algolia-application-id'] === 'TESTAPP')).toBe(true);
    const settings = recorded.find((request) => request.url.startsWith('/1/indexes/unleash-docs/settings'))!;
    expect(settings.body.attributesForFaceting).toEqual(['language', 'docusaurus_tag', 'type']);
    const batch = recorded.find((request) => /\/1\/indexes\/unleash-docs_tmp_\d+\/batch/.test(request.url))!;
    expect(batch.body.requests.map((r: any) => r.body)).toEqual(records);
    const move = recorded.filter((request) => request.url.endsWith('/operation')).map((request) => request.body);
    expect(move).toContainEqual({operation: 'move', destination: 'unleash-docs'});
  });
});
