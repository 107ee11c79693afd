/**
 * Assembles the Docusaurus configuration from the per-concern modules. The real site and
 * the test fixture sites both use this, so tests exercise the configuration we ship.
 */
import path from 'node:path';
import {documentedUnleashVersion} from './unleashVersion';
import {repoRoot} from './paths';
import type {Config, PluginConfig} from '@docusaurus/types';
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
import seoPlugin from '../plugins/seo';
import webManifestPlugin from '../plugins/web-manifest';
import {pwaPlugin} from './pwa';
import {searchConfig} from './search';
import {API_LANGUAGE_TABS, apiDownloadPlugin, apiPlugin} from './api';
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
      mermaid: true,
      hooks: {onBrokenMarkdownLinks: 'throw'},
    },
    themes: ['@docusaurus/theme-mermaid', 'docusaurus-theme-openapi-docs'],

    presets: [
      [
        'classic',
        {
          docs: docsOptions(site.repository, docs),
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
      seoPlugin,
      webManifestPlugin,
      pwaPlugin(),
      apiPlugin(),
      apiDownloadPlugin(),
      ...(redirects ? [['@docusaurus/plugin-client-redirects', {createRedirects: redirectsTo}] as PluginConfig] : []),
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
        // Grammars the hand-written pages use beyond Prism's defaults; PowerShell,
        // used only by API code samples, is registered in the API chunk (src/theme/ApiItem).
        additionalLanguages: ['bash', 'java', 'dart', 'ruby', 'php', 'csharp', 'sql', 'nginx', 'ini', 'docker'],
      },
      mermaid: {theme: {light: 'neutral', dark: 'dark'}},
      languageTabs: API_LANGUAGE_TABS,
    } satisfies Preset.ThemeConfig,
  };
}
