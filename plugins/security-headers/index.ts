/**
 * The site's security headers, computed after the build from the pages it wrote (see
 * policy.ts): every inline script and style attribute the pages carry is allowed by its hash
 * (and the few inline styles the scripts render with a fixed text, bundles.ts),
 * the third-party hosts come from the configuration, and nothing else. Written to
 * `build/_headers` (Netlify, Cloudflare Pages) and `build/security-headers.conf` (included by
 * deploy/nginx/unleash-docs.conf).
 *
 * The plugin also writes the legacy redirect pages, through @docusaurus/plugin-client-redirects
 * followed by a rewrite to one shared script (redirectPages.ts): Docusaurus runs every plugin's
 * postBuild at the same time, so the pages have to be final before this plugin reads them, and
 * doing both here orders them.
 *
 * A page that the policy could not describe stops the build: an inline event handler or a
 * javascript: URL (never allowed), or a script from a host no configuration names.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import clientRedirectsPlugin, {type PluginOptions as RedirectOptions} from '@docusaurus/plugin-client-redirects';
import {bundleStyles} from './bundles';
import {readPage} from './html';
import {
  MAX_HEADER_LINE,
  MAX_STYLE_HASHES,
  hashSource,
  headersFile,
  mergeSources,
  nginxInclude,
  securityHeaders,
  sourceAllows,
  stylesByHash,
  type Headers,
  type PolicySources,
} from './policy';
import {REDIRECT_SCRIPT, isRedirectPage, rewriteRedirectPage} from './redirectPages';

export const HEADERS_FILE = '_headers';
export const NGINX_INCLUDE = 'security-headers.conf';

export interface SecurityHeadersOptions {
  /** Third-party hosts by directive, from the configuration (config/securityHeaders.ts). */
  sources: PolicySources;
  /** Legacy redirects: @docusaurus/plugin-client-redirects' `createRedirects`. */
  createRedirects?: RedirectOptions['createRedirects'];
}

export interface SitePolicy {
  headers: Headers;
  /** Pages read (redirect pages included). */
  pages: number;
  /** Redirect pages rewritten to the shared script. */
  redirectPages: number;
  scriptHashes: string[];
  styleHashes: string[];
  /** Comment lines for the written files. */
  notes: string[];
}

function htmlFiles(outDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === outDir && entry.name === 'assets')) walk(full);
      } else if (entry.name.endsWith('.html')) {
        files.push(full);
      }
    }
  };
  walk(outDir);
  return files.sort();
}

class PolicyError extends Error {
  constructor(problem: string, offenders: string[], advice: string) {
    const listed = offenders.slice(0, 10).map((line) => `  - ${line}`);
    if (offenders.length > 10) listed.push(`  … and ${offenders.length - 10} more`);
    super(`[security-headers] ${problem}:\n${listed.join('\n')}\n${advice}`);
    this.name = 'PolicyError';
  }
}

/**
 * Reads every page under `outDir` (rewriting the redirect plugin's pages on the way) and
 * computes the headers. `siteUrl` resolves relative script URLs (only the origin matters).
 */
export function computeSitePolicy(outDir: string, {sources, siteUrl}: {sources: PolicySources; siteUrl: string}): SitePolicy {
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  const forbidden: string[] = [];
  const unknownScripts: string[] = [];
  const imageHosts = new Set<string>();
  const strayRedirectScripts: string[] = [];
  let redirectPages = 0;
  const files = htmlFiles(outDir);
  const origin = new URL(siteUrl).origin;
  for (const file of files) {
    const relative = path.relative(outDir, file).split(path.sep).join('/');
    let html = fs.readFileSync(file, 'utf8');
    if (isRedirectPage(html)) {
      const rewritten = rewriteRedirectPage(html);
      if (rewritten !== undefined) {
        fs.writeFileSync(file, rewritten);
        html = rewritten;
        redirectPages += 1;
      }
    }
    const page = readPage(html);
    if (isRedirectPage(html) && page.scripts.some((script) => script !== REDIRECT_SCRIPT)) strayRedirectScripts.push(relative);
    for (const script of page.scripts) scriptHashes.add(hashSource(script));
    for (const style of [...page.styles, ...page.styleAttributes]) styleHashes.add(hashSource(style));
    forbidden.push(...page.forbidden.map((what) => `${relative}: ${what}`));
    for (const src of page.externalScripts) {
      let url: URL;
      try {
        url = new URL(src, `${origin}/${relative}`);
      } catch {
        unknownScripts.push(`${relative}: ${src} (not a URL)`);
        continue;
      }
      if (url.origin === origin) continue;
      if (!(sources['script-src'] ?? []).some((source) => sourceAllows(source, url))) unknownScripts.push(`${relative}: ${url.href}`);
    }
    // Images the pages show from other hosts (badges and pictures of readmes pulled with
    // REMOTE_CONTENT=fetch): an image runs nothing, so its host is allowed as it is found.
    for (const src of page.images) {
      try {
        const url = new URL(src, `${origin}/${relative}`);
        if (url.origin !== origin && /^https?:$/.test(url.protocol)) imageHosts.add(url.origin);
      } catch {
        // Not a URL: the browser would not load it either.
      }
    }
  }
  // Styles the scripts render with a fixed text (bundles.ts).
  for (const style of bundleStyles(outDir)) styleHashes.add(hashSource(style));
  if (strayRedirectScripts.length > 0) {
    throw new PolicyError(
      'redirect pages with a script of their own (each would need its own hash)',
      strayRedirectScripts,
      'plugins/security-headers/redirectPages.ts no longer recognises the pages @docusaurus/plugin-client-redirects writes: update PLUGIN_PAGE to its template.',
    );
  }
  if (forbidden.length > 0) {
    throw new PolicyError(
      'inline event handlers or javascript: URLs, which the Content-Security-Policy does not allow',
      forbidden,
      'Move the code into a script (a plugin\'s injectHtmlTags or a client module) instead of an attribute.',
    );
  }
  if (unknownScripts.length > 0) {
    throw new PolicyError(
      'scripts from hosts the Content-Security-Policy does not name',
      unknownScripts,
      'Add the host where the script is configured (config/analytics.ts, config/search.ts), next to the script, so the policy allows it.',
    );
  }

  const allSources = imageHosts.size ? mergeSources(sources, {'img-src': [...imageHosts]}) : sources;
  const input = {scriptHashes: [...scriptHashes], styleHashes: [...styleHashes], sources: allSources};
  const headers = securityHeaders(input);
  const byHash = stylesByHash(input.styleHashes);
  const notes = [
    'Written by the build (plugins/security-headers) from the pages in this folder: rebuild, do not edit.',
    `Content-Security-Policy: the site's own files, and ${scriptHashes.size} inline script(s) by SHA-256 hash`,
    "(no 'unsafe-inline', no 'unsafe-eval' in script-src).",
    ...(byHash
      ? [
          `Styles: ${styleHashes.size} by hash with 'unsafe-hashes' (the style attributes server rendering writes, and`,
          "inline styles of the pages and scripts), so style-src has no 'unsafe-inline' either.",
        ]
      : [
          `Styles: the pages carry ${styleHashes.size} distinct inline styles, more than ${MAX_STYLE_HASHES} hashes fit in one header line,`,
          "so style-src allows them with 'unsafe-inline' (scripts are still allowed by hash only).",
        ]),
    'Third-party hosts: only those of the services this build was configured with (config/securityHeaders.ts)',
    imageHosts.size ? `and, for images, the ${imageHosts.size} host(s) the pages show images from.` : 'and no other.',
  ];
  for (const [name, value] of headers) {
    const line = `  ${name}: ${value}`;
    if (line.length > MAX_HEADER_LINE) {
      console.warn(`[security-headers] the ${name} line of ${HEADERS_FILE} is ${line.length} characters; Cloudflare Pages reads at most ${MAX_HEADER_LINE}.`);
    }
  }
  return {headers, pages: files.length, redirectPages, scriptHashes: [...scriptHashes].sort(), styleHashes: [...styleHashes].sort(), notes};
}

export function writeSecurityHeaders(outDir: string, baseUrl: string, policy: SitePolicy): void {
  fs.writeFileSync(path.join(outDir, HEADERS_FILE), headersFile(policy.headers, baseUrl, policy.notes));
  fs.writeFileSync(path.join(outDir, NGINX_INCLUDE), nginxInclude(policy.headers, [...policy.notes, 'Included by deploy/nginx/unleash-docs.conf inside its server block.']));
}

export default function securityHeadersPlugin({sources, createRedirects}: SecurityHeadersOptions): (context: LoadContext) => Plugin {
  return (context) => {
    const redirects = createRedirects
      ? clientRedirectsPlugin(context, {id: 'default', fromExtensions: [], toExtensions: [], redirects: [], createRedirects})
      : null;
    return {
      name: 'security-headers',
      async postBuild(props) {
        await redirects?.postBuild?.({...props, content: undefined});
        const policy = computeSitePolicy(props.outDir, {sources, siteUrl: props.siteConfig.url});
        writeSecurityHeaders(props.outDir, props.baseUrl, policy);
        console.log(
          `[security-headers] ${policy.pages} pages (${policy.redirectPages} redirect pages share one script): ${policy.scriptHashes.length} inline script hashes, ${policy.styleHashes.length} style hashes; wrote ${HEADERS_FILE} and ${NGINX_INCLUDE}`,
        );
      },
    };
  };
}
