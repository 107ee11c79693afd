/**
 * The production nginx config (deploy/nginx/unleash-docs.conf) in Debian's nginx, serving the
 * real build: clean URLs, the legacy redirect pages, the not-found page, cache headers,
 * types and compression, in Chromium and over plain HTTP (to see the raw headers).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {expect, test} from '@playwright/test';
import {parse} from 'node-html-parser';
import redirects from '../../contract/redirects.json';
import {HELM_CHART_REPOSITORY} from '../../config/helmCharts';
import {UNPURGED_DIR} from '../../plugins/css-purge';
import {builtHeaders, includedHeaders} from './csp';
import {buildDir, hydrated, serveWithNginx} from './support';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without fetch's automatic decompression, so Content-Encoding is what nginx sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, {headers}, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks)}));
      })
      .on('error', reject);
  });
}

const onDisk = (file: string) => fs.readFileSync(path.join(buildDir(), file));

/** The search index the build's manifest names, relative to the build. */
const searchIndexFile = () => `search/${(JSON.parse(onDisk('search/manifest.json').toString()) as {index: string}).index}`;

/** The scripts and stylesheets a built page loads from /assets/. */
function pageAssets(file: string): string[] {
  const document = parse(onDisk(file).toString());
  return [
    ...document.querySelectorAll('script[src^="/assets/"]').map((element) => element.getAttribute('src')!),
    ...document.querySelectorAll('link[rel=stylesheet][href^="/assets/"]').map((element) => element.getAttribute('href')!),
  ];
}

test.describe('the production nginx config, serving the build', () => {
  const url = serveWithNginx(buildDir);

  test('a clean URL serves its page with 200, which renders and hydrates', async ({page}) => {
    const response = await page.goto(url('/reference/segments'));
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(page.url()).toBe(url('/reference/segments'));
    await expect(page.locator('article h1')).toHaveText('Segments');
    await hydrated(page);
  });

  test('client-side navigation reaches another page without a reload', async ({page}) => {
    await page.goto(url('/reference/segments'));
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, {loadedOnce: true}));
    const next = page.locator('a.pagination-nav__link--next');
    const target = (await next.getAttribute('href'))!;
    await next.click();
    await expect(page).toHaveURL(url(target));
    await expect(page.locator('article h1')).not.toHaveText('Segments');
    await expect(page.locator('article h1')).toBeVisible();
    expect(await page.evaluate(() => (window as {loadedOnce?: boolean}).loadedOnce)).toBe(true);
  });

  test('an unknown path answers 404 with the site’s not-found page', async ({page}) => {
    const response = await page.goto(url('/no/such/page'));
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
    // The page itself is never served with 200 under its file name.
    expect((await get(url('/404.html'))).status).toBe(404);
  });

  test('a legacy path, also with .html, ends at its target', async ({page}) => {
    const pair = redirects.find(({from, to}) => fs.existsSync(path.join(buildDir(), `${to}.html`)) && fs.existsSync(path.join(buildDir(), from, 'index.html')));
    expect(pair, 'a legacy redirect whose target page is in the build').toBeDefined();
    for (const from of [pair!.from, `${pair!.from}.html`]) {
      await page.goto(url(from));
      await expect(page).toHaveURL(url(pair!.to));
      await expect(page.locator('article h1')).toBeVisible();
    }
  });

  test('.html files are served as they are; other .html and trailing-slash URLs redirect to the clean URL', async () => {
    const html = await get(url('/reference/segments.html'));
    expect(html.status).toBe(200);
    expect(html.body.equals(onDisk('reference/segments.html'))).toBe(true);
    for (const [from, to] of [
      ['/quickstart/index.html', '/quickstart'],
      ['/reference/segments/', '/reference/segments'],
      ['/reference/segments/?tab=1', '/reference/segments?tab=1'],
    ]) {
      const response = await get(url(from));
      expect(response.status, from).toBe(301);
      // A path only, so the redirect keeps the host and scheme the CDN was asked for.
      expect(response.headers.location, from).toBe(to);
    }
  });

  test('hashed files are cached for good; pages and unhashed files are revalidated', async () => {
    const assets = pageAssets('reference/segments.html');
    expect(assets.length).toBeGreaterThan(1);
    for (const file of [...assets, `/${searchIndexFile()}`]) {
      const response = await get(url(file));
      expect(response.status, file).toBe(200);
      expect(response.headers['cache-control'], file).toBe(IMMUTABLE);
    }
    for (const file of ['/reference/segments', '/', '/search/manifest.json', '/sitemap.xml', '/llms.txt', '/reference/segments.md', '/img/logo.svg']) {
      const response = await get(url(file));
      expect(response.status, file).toBe(200);
      expect(response.headers['cache-control'], file).toBe('no-cache');
      expect(response.headers.etag ?? response.headers['last-modified'], file).toBeTruthy();
    }
    // A hashed name that is not in this build gets the not-found page, which must not stick.
    const missing = await get(url('/assets/js/main.0123abcd.js'));
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  test('text files for assistants come with text types, and every answer with the security headers', async () => {
    const types: Record<string, string> = {'/llms.txt': 'text/plain; charset=utf-8', '/reference/segments.md': 'text/markdown; charset=utf-8'};
    for (const [file, type] of Object.entries(types)) {
      const response = await get(url(file));
      expect(response.status, file).toBe(200);
      expect(response.headers['content-type'], file).toBe(type);
    }
    // The build's headers (the nginx include repeats _headers) on pages, assets, the not-found
    // page and redirects alike.
    const expected = builtHeaders(buildDir());
    expect(includedHeaders(buildDir())).toEqual(expected);
    expect(expected.map(([name]) => name)).toEqual(['Content-Security-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy', 'X-Content-Type-Options', 'Referrer-Policy']);
    const script = pageAssets('reference/segments.html').find((asset) => asset.endsWith('.js'))!;
    for (const file of ['/reference/segments', '/no/such/page', '/quickstart/index.html', script, '/sitemap.xml']) {
      const {headers} = await get(url(file));
      for (const [name, value] of expected) expect(headers[name.toLowerCase()], `${name} of ${file}`).toBe(value);
    }
    const policy = expected[0]![1];
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '))!;
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  test('/helm-charts, the Helm chart repository the docs name, redirects to where it is published', async () => {
    // `helm repo add unleash <site>/helm-charts` fetches <site>/helm-charts/index.yaml and
    // follows the redirect; the rest of any path is kept. Only the Location is checked: the
    // published repository is not fetched.
    const cases: Array<[string, string]> = [
      ['/helm-charts/index.yaml', `${HELM_CHART_REPOSITORY}/index.yaml`],
      ['/helm-charts/unleash-edge-3.1.4.tgz', `${HELM_CHART_REPOSITORY}/unleash-edge-3.1.4.tgz`],
      ['/helm-charts/unleash-5.6.6.tgz?download=1', `${HELM_CHART_REPOSITORY}/unleash-5.6.6.tgz?download=1`],
      // The bare path is for a browser: the repository's README, as the official site did.
      ['/helm-charts', `${HELM_CHART_REPOSITORY}/README.md`],
      ['/helm-charts/', `${HELM_CHART_REPOSITORY}/README.md`],
    ];
    for (const [from, to] of cases) {
      const response = await get(url(from));
      expect(response.status, from).toBe(302);
      expect(response.headers.location, from).toBe(to);
      // Like every answer of the server block, with the security headers and revalidated.
      expect(response.headers['content-security-policy'], from).toBeTruthy();
      expect(response.headers['cache-control'], from).toBe('no-cache');
    }
    // Nothing in the build sits under the path the redirect takes.
    expect(fs.existsSync(path.join(buildDir(), 'helm-charts'))).toBe(false);
  });

  test('the files the build writes for hosts are not served', async () => {
    const [fullStylesheet] = fs.readdirSync(path.join(buildDir(), UNPURGED_DIR, 'assets', 'css'));
    for (const file of ['/_headers', '/security-headers.conf', '/_redirects', '/redirects.conf', `/${UNPURGED_DIR}/assets/css/${fullStylesheet}`]) {
      expect(fs.existsSync(path.join(buildDir(), file)), file).toBe(true);
      expect((await get(url(file))).status, file).toBe(404);
    }
  });

  test('text responses are gzipped when the request accepts it', async () => {
    const script = pageAssets('reference/segments.html').find((asset) => asset.startsWith('/assets/js/main.'))!;
    const searchIndex = searchIndexFile();
    const files: Record<string, string> = {
      '/reference/segments': 'reference/segments.html',
      [script]: script.slice(1),
      [`/${searchIndex}`]: searchIndex,
      '/reference/segments.md': 'reference/segments.md',
      '/llms.txt': 'llms.txt',
      '/img/logo.svg': 'img/logo.svg',
    };
    for (const [file, source] of Object.entries(files)) {
      const expected = onDisk(source);
      const gzipped = await get(url(file), {'Accept-Encoding': 'gzip'});
      expect(gzipped.headers['content-encoding'], file).toBe('gzip');
      // CDNs must keep the compressed and the plain copy apart.
      expect(gzipped.headers.vary, file).toMatch(/Accept-Encoding/);
      expect(zlib.gunzipSync(gzipped.body).equals(expected), file).toBe(true);
      expect(gzipped.body.length, file).toBeLessThan(expected.length);
      // A CDN's request carries a Via header, which by default turns compression off.
      const throughCdn = await get(url(file), {'Accept-Encoding': 'gzip', Via: '1.1 cdn.example'});
      expect(throughCdn.headers['content-encoding'], `${file} through a CDN`).toBe('gzip');
      const plain = await get(url(file));
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.body.equals(expected), file).toBe(true);
    }
  });
});

test.describe('the production nginx config, for files the offline app adds', () => {
  // The build has no service worker or web app manifest yet: serve stand-ins with their names.
  let root = '';
  const url = serveWithNginx(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'unleash-docs-pwa-'));
    fs.chmodSync(root, 0o755);
    const manifest = JSON.stringify({name: 'Unleash Documentation', description: 'x'.repeat(300)});
    fs.writeFileSync(path.join(root, 'sw.js'), `self.addEventListener('fetch', () => {});\n// ${'x'.repeat(300)}\n`);
    fs.writeFileSync(path.join(root, 'manifest.webmanifest'), manifest);
    fs.writeFileSync(path.join(root, 'manifest.json'), manifest);
    fs.mkdirSync(path.join(root, 'search'), {mode: 0o755});
    fs.writeFileSync(path.join(root, 'search/manifest.json'), manifest);
    // The server block includes the build's security headers and host redirects.
    for (const file of ['security-headers.conf', 'redirects.conf']) fs.copyFileSync(path.join(buildDir(), file), path.join(root, file));
    return root;
  });
  test.afterAll(() => fs.rmSync(root, {recursive: true, force: true}));

  test('the service worker is always revalidated; manifests get the manifest type, compressed', async () => {
    const worker = await get(url('/sw.js'));
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const types: Record<string, string> = {
      '/manifest.webmanifest': 'application/manifest+json; charset=utf-8',
      '/manifest.json': 'application/manifest+json; charset=utf-8',
      '/search/manifest.json': 'application/json; charset=utf-8',
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await get(url(file), {'Accept-Encoding': 'gzip'});
      expect(response.status, file).toBe(200);
      expect(response.headers['content-type'], file).toBe(type);
      expect(response.headers['content-encoding'], file).toBe('gzip');
      expect(response.headers['cache-control'], file).toBe('no-cache');
    }
  });
});
