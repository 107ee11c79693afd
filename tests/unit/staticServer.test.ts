import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStaticServer, type StaticServer} from '../support/staticServer';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, not fetch: fetch would decode the body and hide what went over the wire. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, {headers}, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
      })
      .on('error', reject);
  });
}

describe('static server with gzip', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-gzip-'));
  const script = 'console.log("a chunk of the site");\n'.repeat(500);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
  let server: StaticServer;
  let plain: StaticServer;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/main.js'), script);
    fs.writeFileSync(path.join(dir, 'logo.png'), png);
    fs.writeFileSync(path.join(dir, 'guide.html'), '<html><body>Guide</body></html>');
    fs.writeFileSync(path.join(dir, '404.html'), '<html><body>Not found</body></html>');
    server = await startStaticServer(dir, {gzip: true});
    plain = await startStaticServer(dir);
  });
  afterAll(async () => {
    await server.close();
    await plain.close();
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('sends text files gzip-encoded with a matching length', async () => {
    const response = await get(`${server.url}/assets/main.js`, {'accept-encoding': 'gzip, deflate, br'});
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 10);
    expect(zlib.gunzipSync(response.body).toString()).toBe(script);
  });

  it('keeps clean URLs and the 404 page, compressed too', async () => {
    expect(zlib.gunzipSync((await get(`${server.url}/guide`, {'accept-encoding': 'gzip'})).body).toString()).toContain('Guide');
    const missing = await get(`${server.url}/nowhere`, {'accept-encoding': 'gzip'});
    expect(missing.status).toBe(404);
    expect(zlib.gunzipSync(missing.body).toString()).toContain('Not found');
  });

  it('sends binary files, and everything to clients without gzip, as they are', async () => {
    const image = await get(`${server.url}/logo.png`, {'accept-encoding': 'gzip'});
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.equals(png)).toBe(true);
    const identity = await get(`${server.url}/assets/main.js`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(script);
  });

  it('compresses nothing unless asked to', async () => {
    const response = await get(`${plain.url}/assets/main.js`, {'accept-encoding': 'gzip'});
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(script);
  });
});

describe('static server rewriting HTML', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-rewrite-'));
  const page = '<html><head><script src=/main.js defer></script></head><body>Guide</body></html>';
  const script = 'console.log("runs");\n';
  const upperCase = (html: string) => html.replace('Guide', 'GUIDE');
  let gzipped: StaticServer;
  let plain: StaticServer;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'guide.html'), page);
    fs.writeFileSync(path.join(dir, 'main.js'), script);
    gzipped = await startStaticServer(dir, {gzip: true, transformHtml: upperCase});
    plain = await startStaticServer(dir, {transformHtml: upperCase});
  });
  afterAll(async () => {
    await gzipped.close();
    await plain.close();
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('sends every HTML file rewritten, compressed or not, with the rewritten length', async () => {
    const compressed = await get(`${gzipped.url}/guide`, {'accept-encoding': 'gzip'});
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(compressed.body).toString()).toBe(upperCase(page));
    for (const response of [await get(`${gzipped.url}/guide`), await get(`${plain.url}/guide`, {'accept-encoding': 'gzip'})]) {
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(upperCase(page));
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
    }
  });

  it('leaves other files as they are', async () => {
    expect((await get(`${plain.url}/main.js`)).body.toString()).toBe(script);
    expect(zlib.gunzipSync((await get(`${gzipped.url}/main.js`, {'accept-encoding': 'gzip'})).body).toString()).toBe(script);
  });
});
