/**
 * The installable offline site, for air-gapped teams: @docusaurus/plugin-pwa precaches the
 * whole build in a service worker once the site is installed as an app (or opened with
 * `?offlineMode=true`), and offers a reload when a newer build is waiting. Visitors who never
 * install it get no service worker at all (src/pwa/registerServiceWorker.ts).
 */
import path from 'node:path';
import type {PluginConfig} from '@docusaurus/types';
import {UNPURGED_DIR} from '../plugins/css-purge';
import {repoRoot} from './paths';
import {site} from './site';

export interface AppIcon {
  src: string;
  size: number;
  purpose: 'any' | 'maskable';
}

export const APP_ICONS: readonly AppIcon[] = [
  {src: 'img/pwa/icon-192.png', size: 192, purpose: 'any'},
  {src: 'img/pwa/icon-512.png', size: 512, purpose: 'any'},
  {src: 'img/pwa/icon-maskable-512.png', size: 512, purpose: 'maskable'},
];

export const THEME_COLOR = '#1a4049';
export const WEB_MANIFEST_FILE = 'manifest.webmanifest';

/** URLs are relative to the manifest, so one file works under any base URL. */
export function webManifest(): Record<string, unknown> {
  return {
    name: site.title,
    short_name: 'Unleash Docs',
    description: `${site.tagline}: guides, reference and API documentation, readable offline once installed.`,
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: APP_ICONS.map((icon) => ({src: icon.src, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose})),
  };
}

/** Legacy redirect stubs (`<old path>/index.html`, a few hundred bytes) are not worth caching. */
export function isRedirectStub(entry: {url: string; size: number}): boolean {
  return entry.size < 1024 && /(^|\/)index\.html$/.test(entry.url);
}

/**
 * The not-found page is not precached: a production server answers `/404.html` itself with
 * status 404 (deploy/nginx/unleash-docs.conf), and a single failed precache request stops the
 * offline app from installing. Offline, unknown paths inside the app are drawn by the router,
 * which needs no file.
 */
export function isNotFoundPage(entry: {url: string}): boolean {
  return entry.url === '404.html';
}

const MB = 1024 * 1024;

export function pwaPlugin(): PluginConfig {
  return [
    '@docusaurus/plugin-pwa',
    {
      offlineModeActivationStrategies: ['appInstalled', 'standalone', 'queryString'],
      swRegister: path.join(repoRoot, 'src/pwa/registerServiceWorker.ts'),
      swCustom: path.join(repoRoot, 'src/pwa/serviceWorker.js'),
      pwaHead: [
        {tagName: 'link', rel: 'manifest', href: WEB_MANIFEST_FILE},
        {tagName: 'meta', name: 'theme-color', content: THEME_COLOR},
        {tagName: 'link', rel: 'apple-touch-icon', href: APP_ICONS[0]!.src},
      ],
      injectManifestConfig: {
        // Link-preview images are for other sites' crawlers, not for reading offline; the full
        // stylesheets beside the purged ones are for a browser test (plugins/css-purge).
        globIgnores: ['img/social/**', `${UNPURGED_DIR}/**`],
        // The API explorer's chunk (postman-collection and its code generators, about 5 MB raw)
        // is larger than workbox's 2 MB default. Diagrams are small SVG files (plugins/diagrams).
        maximumFileSizeToCacheInBytes: 8 * MB,
        manifestTransforms: [
          async (entries: Array<{url: string; size: number}>) => ({manifest: entries.filter((entry) => !isRedirectStub(entry) && !isNotFoundPage(entry)), warnings: []}),
        ],
      },
    },
  ];
}
