import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {refresh, sourceUrl} from './fetch';

/** A small upstream description, written for this test. */
const upstream = {
  openapi: '3.0.3',
  info: {title: 'Fixture Unleash', version: '7.1.0'},
  servers: [{url: 'http://10.0.0.5:4242'}],
  paths: {
    '/api/admin/projects': {get: {operationId: 'getProjects', responses: {'200': {description: 'ok'}}}},
    '/api/admin/brand-new': {post: {operationId: 'brandNew', responses: {'200': {description: 'ok'}}}},
  },
};
const local = {
  paths: {
    '/api/admin/projects': {get: {operationId: 'getProjects'}},
    '/api/admin/retired': {delete: {operationId: 'retired'}},
  },
};

let server: http.Server;
let base = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-fetch-'));
const target = path.join(dir, 'remote/openapi.json');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/good/docs/openapi.json') return res.end(JSON.stringify(upstream));
    if (req.url === '/broken/docs/openapi.json') return res.end('{"openapi": "3.0.3", "paths": ');
    if (req.url === '/not-openapi/docs/openapi.json') return res.end(JSON.stringify({swagger: '2.0'}));
    res.statusCode = 404;
    return res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api:fetch', () => {
  it('finds /docs/openapi.json under an instance URL', () => {
    expect(sourceUrl('https://unleash.example.com/')).toBe('https://unleash.example.com/docs/openapi.json');
    expect(sourceUrl('https://unleash.example.com/base')).toBe('https://unleash.example.com/base/docs/openapi.json');
    expect(sourceUrl('https://x.example.com/spec.json')).toBe('https://x.example.com/spec.json');
    expect(() => sourceUrl('unleash.local')).toThrow('"unleash.local" is not a URL');
  });

  it('saves the description with normalised servers and reports added and removed operations', async () => {
    const report = await refresh(`${base}/good`, target, local);
    expect(report.missingHere).toEqual(['POST /api/admin/brand-new']);
    expect(report.notUpstream).toEqual(['DELETE /api/admin/retired']);
    const saved = JSON.parse(fs.readFileSync(target, 'utf8'));
    expect(saved.servers).toEqual([{url: '<your-unleash-url>', description: 'Your Unleash instance'}]);
    expect(saved.paths).toEqual(upstream.paths);
  });

  it.each([
    ['/broken', /did not return JSON/],
    ['/not-openapi', /is not an OpenAPI 3 description/],
    ['/missing', /answered 404/],
  ])('fails clearly for %s and leaves the saved file untouched', async (suffix, message) => {
    const before = fs.readFileSync(target, 'utf8');
    await expect(refresh(`${base}${suffix}`, target, local)).rejects.toThrow(message);
    expect(fs.readFileSync(target, 'utf8')).toBe(before);
  });

  it('fails clearly when the instance is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(refresh(`http://127.0.0.1:${port}`, target, local)).rejects.toThrow(/Could not reach http:\/\/127\.0\.0\.1:\d+\/docs\/openapi\.json: ECONNREFUSED/);
  });
});
