/**
 * Paths of the site that belong to another host (config/helmCharts.ts: `/helm-charts`, the
 * Unleash Helm chart repository), forwarded by the server itself: a static page cannot
 * answer Helm, which reads `index.yaml` and follows redirects but runs no script. Written
 * after the build, under the base URL, for each way the site is served:
 *
 * - `build/_redirects`: Netlify and Cloudflare Pages (beside `_headers`, plugins/security-headers);
 * - `build/redirects.conf`: `location` blocks included by deploy/nginx/unleash-docs.conf
 *   inside its server block, as it includes `security-headers.conf`.
 *
 * The redirects are temporary (302): the address belongs to another project and has moved
 * before, so neither browsers nor CDNs should keep it. A built page under one of these paths
 * stops the build, since the redirect would hide it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {HostRedirect} from '../../config/helmCharts';

export const REDIRECTS_FILE = '_redirects';
export const NGINX_REDIRECTS_INCLUDE = 'redirects.conf';
/** nginx's `rewrite … redirect` answers 302 too. */
export const REDIRECT_STATUS = 302;

const NOTE = 'Written by the build (plugins/host-redirects) from config/helmCharts.ts: rebuild, do not edit.';

function check(redirect: HostRedirect): void {
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(redirect.path)) throw new Error(`[host-redirects] "${redirect.path}" is not a path without slashes at either end.`);
  for (const url of [redirect.target, redirect.landing]) {
    // nginx and the _redirects parsers split on white space; nginx also reads $, ; and quotes.
    if (!/^https:\/\/[^\s"'$;{}\\]+$/.test(url) || url.endsWith('/')) throw new Error(`[host-redirects] "${url}" is not an https URL without a trailing slash.`);
  }
}

/** `_redirects` (Netlify, Cloudflare Pages): the first matching line wins. */
export function redirectsFile(redirects: readonly HostRedirect[], baseUrl: string): string {
  const lines = [`# ${NOTE}`];
  for (const redirect of redirects) {
    check(redirect);
    const from = `${baseUrl}${redirect.path}`;
    lines.push(
      `# ${from}: ${redirect.why}.`,
      `${from} ${redirect.landing} ${REDIRECT_STATUS}`,
      `${from}/ ${redirect.landing} ${REDIRECT_STATUS}`,
      `${from}/* ${redirect.target}/:splat ${REDIRECT_STATUS}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The nginx include: an exact location for the bare path, and a prefix location (`^~`, so no
 * regular-expression location of the server block, such as the trailing-slash rule, takes the
 * request first) whose rewrite keeps the rest of the path and the query.
 */
export function nginxRedirects(redirects: readonly HostRedirect[], baseUrl: string): string {
  const lines = [`# ${NOTE}`, '# Included by deploy/nginx/unleash-docs.conf inside its server block.'];
  for (const redirect of redirects) {
    check(redirect);
    const from = `${baseUrl}${redirect.path}`;
    lines.push(
      '',
      `# ${from}: ${redirect.why}.`,
      `location = ${from} {`,
      `    return ${REDIRECT_STATUS} ${redirect.landing};`,
      '}',
      `location ^~ ${from}/ {`,
      `    rewrite ^${escapeRegExp(from)}/(.+)$ ${redirect.target}/$1 redirect;`,
      `    return ${REDIRECT_STATUS} ${redirect.landing};`,
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Built files the redirects would hide: `<path>`, `<path>.html`, `<path>.md` and the like. */
export function hiddenFiles(outDir: string, redirects: readonly HostRedirect[]): string[] {
  return redirects.flatMap(({path: sitePath}) => {
    const dir = path.join(outDir, path.dirname(sitePath));
    const name = path.basename(sitePath);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((entry) => entry === name || entry.startsWith(`${name}.`))
      .map((entry) => path.posix.join(path.posix.dirname(sitePath), entry).replace(/^\.\//, ''));
  });
}

export function writeHostRedirects(outDir: string, baseUrl: string, redirects: readonly HostRedirect[]): void {
  const hidden = hiddenFiles(outDir, redirects);
  if (hidden.length > 0) {
    throw new Error(
      `[host-redirects] the build has files where the host redirects (config/helmCharts.ts) would hide them: ${hidden.join(', ')}. Move the page, or drop the redirect.`,
    );
  }
  fs.writeFileSync(path.join(outDir, REDIRECTS_FILE), redirectsFile(redirects, baseUrl));
  fs.writeFileSync(path.join(outDir, NGINX_REDIRECTS_INCLUDE), nginxRedirects(redirects, baseUrl));
}

export default function hostRedirectsPlugin(redirects: readonly HostRedirect[]): () => Plugin {
  return () => ({
    name: 'host-redirects',
    async postBuild({outDir, baseUrl}) {
      writeHostRedirects(outDir, baseUrl, redirects);
      console.log(`[host-redirects] ${redirects.map((redirect) => `${baseUrl}${redirect.path}/* → ${redirect.target}`).join(', ')}; wrote ${REDIRECTS_FILE} and ${NGINX_REDIRECTS_INCLUDE}`);
    },
  });
}
