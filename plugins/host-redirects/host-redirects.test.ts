import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {HELM_CHART_REPOSITORY, helmChartsRedirect, hostRedirects} from '../../config/helmCharts';
import hostRedirectsPlugin, {NGINX_REDIRECTS_INCLUDE, REDIRECTS_FILE, nginxRedirects, redirectsFile, writeHostRedirects} from './index';

const REPOSITORY = 'https://raw.githubusercontent.com/Unleash/helm-charts/gh-pages';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, {recursive: true, force: true});
});

function outDir(files: Record<string, string> = {'index.html': '<!doctype html><title>Home</title>'}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-redirects-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** The rule lines of a `_redirects` file: [from, to, status]. */
const rules = (file: string) =>
  file
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/));

describe('the Helm chart repository address', () => {
  it('is the gh-pages branch of Unleash/helm-charts, the address the sources show', () => {
    expect(HELM_CHART_REPOSITORY).toBe(REPOSITORY);
    expect(hostRedirects).toContain(helmChartsRedirect);
    expect(helmChartsRedirect).toMatchObject({path: 'helm-charts', target: REPOSITORY, landing: `${REPOSITORY}/README.md`});
  });
});

describe('_redirects (Netlify, Cloudflare Pages)', () => {
  it('is written by postBuild and sends /helm-charts and every path under it to the repository', async () => {
    const dir = outDir();
    const plugin = hostRedirectsPlugin(hostRedirects)();
    await plugin.postBuild!({outDir: dir, baseUrl: '/'} as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
    const file = fs.readFileSync(path.join(dir, REDIRECTS_FILE), 'utf8');
    expect(rules(file)).toEqual([
      ['/helm-charts', `${REPOSITORY}/README.md`, '302'],
      ['/helm-charts/', `${REPOSITORY}/README.md`, '302'],
      ['/helm-charts/*', `${REPOSITORY}/:splat`, '302'],
    ]);
    expect(file).toMatch(/^# Written by the build \(plugins\/host-redirects\)/);
    expect(fs.existsSync(path.join(dir, NGINX_REDIRECTS_INCLUDE))).toBe(true);
  });

  it('puts the rules under the base URL', () => {
    expect(rules(redirectsFile(hostRedirects, '/docs/')).map(([from]) => from)).toEqual(['/docs/helm-charts', '/docs/helm-charts/', '/docs/helm-charts/*']);
  });
});

describe('the nginx include', () => {
  it('redirects the bare path to the README and keeps the rest of any other path', () => {
    const include = nginxRedirects(hostRedirects, '/');
    expect(include).toContain(`location = /helm-charts {\n    return 302 ${REPOSITORY}/README.md;\n}`);
    expect(include).toContain(`location ^~ /helm-charts/ {\n    rewrite ^/helm-charts/(.+)$ ${REPOSITORY}/$1 redirect;\n    return 302 ${REPOSITORY}/README.md;\n}`);
  });

  it('puts the locations under the base URL', () => {
    const include = nginxRedirects(hostRedirects, '/docs.v2/');
    expect(include).toContain('location = /docs.v2/helm-charts {');
    expect(include).toContain('location ^~ /docs.v2/helm-charts/ {');
    expect(include).toContain(`rewrite ^/docs\\.v2/helm-charts/(.+)$ ${REPOSITORY}/$1 redirect;`);
  });

  it('refuses addresses nginx or _redirects would misread', () => {
    for (const target of ['http://example.com/charts', 'https://example.com/charts/', 'https://example.com/a b', 'https://example.com/$x']) {
      expect(() => nginxRedirects([{...helmChartsRedirect, target}], '/'), target).toThrow(/not an https URL/);
    }
    expect(() => redirectsFile([{...helmChartsRedirect, path: '/helm-charts/'}], '/')).toThrow(/not a path/);
  });
});

describe('a page under a redirected path', () => {
  it('stops the build, since the redirect would hide it', () => {
    for (const file of ['helm-charts.html', 'helm-charts/index.html', 'helm-charts.md']) {
      const dir = outDir({'index.html': '<!doctype html>', [file]: 'x'});
      expect(() => writeHostRedirects(dir, '/', hostRedirects), file).toThrow(/would hide them: helm-charts/);
      expect(fs.existsSync(path.join(dir, REDIRECTS_FILE)), file).toBe(false);
    }
  });

  it('is not confused with pages that only start with the same letters', () => {
    const dir = outDir({'index.html': '<!doctype html>', 'helm-charts-guide.html': 'x'});
    writeHostRedirects(dir, '/', hostRedirects);
    expect(fs.existsSync(path.join(dir, REDIRECTS_FILE))).toBe(true);
  });
});
