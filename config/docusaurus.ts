/**
 * Assembles the Docusaurus configuration from the per-concern modules. The real site and
 * the test fixture sites both use this, so tests exercise the configuration we ship.
 */
import path from 'node:path';
import {documentedUnleashVersion} from './unleashVersion';
import {repoRoot} from './paths';
import type {Config} from '@docusaurus/types';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type * as Preset from '@docusaurus/preset-classic';
import type {SiteEnv} from './env';
import {site} from './site';
import {navbar} from './navbar';
import {footer} from './footer';
import {redirectsTo} from './redirects';
import {thirdPartyScripts} from './analytics';
import {docsOptions} from './docs';
import navbarValidationPlugin from '../plugins/navbar-validation';
import announcementBarPlugin from '../plugins/announcement-bar';
import llmsPlugin from '../plugins/llms';
import leanDocsPropsPlugin from '../plugins/lean-docs-props';
import bundleStatsPlugin from '../plugins/bundle-stats';
import codeHighlightPlugin from '../plugins/code-highlight';
import apiPagesPlugin from '../plugins/api-pages';
import leanRoutingPlugin from '../plugins/lean-routing';
import compileHintsPlugin from '../plugins/compile-hints';
import leanStartupPlugin from '../plugins/lean-startup';
import cssPurgePlugin from '../plugins/css-purge';
import {CSS_SAFELIST} from './cssSafelist';
import {PRISM_ADDITIONAL_LANGUAGES, codeHighlighter} from './codeHighlight';
import seoPlugin from '../plugins/seo';
import webManifestPlugin from '../plugins/web-manifest';
import securityHeadersPlugin from '../plugins/security-headers';
import hostRedirectsPlugin from '../plugins/host-redirects';
import {hostRedirects} from './helmCharts';
import {policySources} from './securityHeaders';
import {pwaPlugin} from './pwa';
import {searchConfig} from './search';
import {API_LANGUAGE_TABS, apiDownloadPlugin, apiPlugin, apiVersionDocsPlugins} from './api';
import {apiReferenceVersions} from './apiVersions';
import {socialImageFor} from './socialCards';
import {darkCodeTheme, lightCodeTheme} from './prismThemes';

export interface SiteOptions {
  env: SiteEnv;
  /** Overrides for the docs plugin (fixture sites point it at their own pages). */
  docs?: Partial<DocsOptions>;
  /** Folder of React pages; defaults to the site's src/pages. */
  pagesPath?: string;
  /** Legacy redirects are on for the real site. */
  redirects?: boolean;
}

export function createConfig({env, docs = {}, pagesPath, redirects = true}: SiteOptions): Config {
  const thirdParty = thirdPartyScripts(env);
  const search = searchConfig(env);
  return {
    title: site.title,
    tagline: site.tagline,
    url: env.siteUrl ?? site.url,
    baseUrl: env.baseUrl,
    trailingSlash: false,
    favicon: 'img/favicon.svg',
    staticDirectories: [path.join(repoRoot, 'static')],
    organizationName: 'Unleash',
    projectName: 'unleash',

    onBrokenLinks: 'throw',
    onBrokenAnchors: 'warn',
    onDuplicateRoutes: 'warn',

    future: {v4: true, faster: true},
    // Keep the storage keys the spec names (`theme`, `docusaurus.announcement.*`).
    storage: {type: 'localStorage', namespace: false},

    i18n: {
      defaultLocale: 'en',
      locales: ['en'],
      localeConfigs: {en: {label: 'English', direction: 'ltr', htmlLang: 'en'}},
    },

    markdown: {
      format: 'detect',
      // No `mermaid: true` and no theme-mermaid: diagrams are drawn ahead of time and shown as
      // images (plugins/diagrams, registered with the docs in config/docs.ts).
      hooks: {onBrokenMarkdownLinks: 'throw'},
    },
    themes: ['docusaurus-theme-openapi-docs'],

    presets: [
      [
        'classic',
        {
          docs: docsOptions(site.repository, docs, env.baseUrl),
          blog: false,
          pages: {path: pagesPath ?? path.join(repoRoot, 'src/pages')},
          theme: {customCss: path.join(repoRoot, 'src/css/custom.css')},
          sitemap: {lastmod: null, changefreq: null, priority: null},
        } satisfies Preset.Options,
      ],
    ],

    plugins: [
      navbarValidationPlugin,
      llmsPlugin,
      leanDocsPropsPlugin,
      bundleStatsPlugin,
      codeHighlightPlugin(codeHighlighter),
      apiPagesPlugin,
      // The API references' routes load with their first page shown, not with main.js
      // (plugins/lean-routing), each in 16 parts, so a page loads the data of a sixteenth of
      // them (and an older reference's route table, which leaves main.js too).
      [leanRoutingPlugin, {lazyRouteGroups: docs.path ? [] : apiReferenceVersions().map((version) => ({prefix: version.baseRoute, shards: 16}))}],
      // The runtime and main.js compiled while they download (V8's compile hint).
      compileHintsPlugin,
      // main.js's modules evaluated in a few tasks after it loads, and Docusaurus's client code
      // spared a locale-aware sort and a repeated lookup while a page starts.
      leanStartupPlugin,
      // The stylesheets cut to the rules the scripts and pages can use, before their names are
      // hashed; the build stops if a page uses a rule that went (config/cssSafelist.ts).
      cssPurgePlugin({safelist: CSS_SAFELIST}),
      seoPlugin,
      webManifestPlugin,
      pwaPlugin(),
      apiPlugin(),
      // The older API references (config/apiVersions.ts), each its own docs instance; fixture sites have none.
      ...(docs.path ? [] : apiVersionDocsPlugins(site.repository, env.baseUrl)),
      apiDownloadPlugin(),
      // Writes the legacy redirect pages too (through @docusaurus/plugin-client-redirects), then
      // computes the Content-Security-Policy from every built page: build/_headers and
      // build/security-headers.conf.
      securityHeadersPlugin({sources: policySources(env), createRedirects: redirects ? redirectsTo : undefined}),
      // Paths served by another host (/helm-charts, the Helm chart repository): build/_redirects
      // and build/redirects.conf, the nginx include.
      hostRedirectsPlugin(hostRedirects),
      ...(env.announcementBar ? [announcementBarPlugin(env.announcementBar.id)] : []),
      ...search.plugins,
      ...thirdParty.plugins,
    ],
    headTags: thirdParty.headTags,
    scripts: thirdParty.scripts,

    customFields: {search: search.customFields, unleashVersion: documentedUnleashVersion()},

    themeConfig: {
      ...search.themeConfig,
      // Link-preview image of pages outside the docs; doc pages use their section's.
      image: socialImageFor('/'),
      colorMode: env.colorMode,
      announcementBar: env.announcementBar,
      navbar: navbar(env.navbarHideOnScroll),
      footer: footer(),
      tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
      docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
      prism: {
        theme: lightCodeTheme,
        darkTheme: darkCodeTheme,
        // Pages are highlighted at build time with these (config/codeHighlight.ts); in the
        // browser only code highlighted at run time loads them, in its own chunk.
        additionalLanguages: PRISM_ADDITIONAL_LANGUAGES,
      },
      languageTabs: API_LANGUAGE_TABS,
    } satisfies Preset.ThemeConfig,
  };
}
