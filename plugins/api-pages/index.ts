/**
 * Operation pages rendered by the server, and hydrated without being thrown away.
 *
 * The API theme wraps the parameters, request body and responses of an operation in
 * <BrowserOnly>: the server writes skeletons and the browser renders the whole operation
 * after hydration, so the text is missing from the HTML and all of it is rendered on the
 * reader's phone. Those three components get a <BrowserOnly> that renders its content on the
 * server too (renderEverywhere.tsx); their descriptions arrive as HTML
 * (scripts/openapi/prerender.ts), nested schema levels render when opened and tab panels when
 * chosen (src/theme/Details, src/theme/ApiTabs, SchemaTabs, MimeTabs).
 *
 * The theme's tab components also key themselves on useIsBrowser(), which remounts every tab
 * set, and everything in it, right after hydration (a workaround for an old Docusaurus
 * hydration issue; the tabs sync their selection in a layout effect anyway). For those
 * modules useIsBrowser answers the same on server and client (sameOnServer.ts), so the
 * hydrated tree stays.
 *
 * Both are resolve aliases scoped to the theme modules that import them. A third gives the
 * theme's storage-utils crypto-js's SHA-1 alone instead of the whole library (sha1.cjs).
 *
 * The theme's stylesheet (its styles.scss and the CSS of its components, about 95 KB of the
 * site's 194 KB of CSS) was a client module, part of the one stylesheet every page blocks
 * its first paint on. It is taken out of the client modules and imported by the operation
 * pages instead (src/theme/StatusCodes, src/theme/SchemaTabs), into a CSS file of its own
 * (`api-styles`). Their chunks load it on client-side navigation; Docusaurus links only
 * main's stylesheet in the HTML it writes, so after the build the pages that use the theme's
 * classes get a <link> to it next to main's (linkApiStyles).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

type Rule = {test: RegExp; resolve: {alias: Record<string, string>}};

/** The stylesheet the theme registers as a client module (lib/index.js). */
export function themeStylesheet(): string {
  return path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs')), 'theme', 'styles.scss');
}

/** The module Docusaurus generates to import every plugin's client modules. */
export const CLIENT_MODULES = /[\\/]\.docusaurus[\\/]client-modules\.js$/;

/** CSS of the theme and of the site's request column, gathered into one file of its own. */
export const THEME_CSS = /[\\/](?:docusaurus-theme-openapi-docs[\\/].*\.s?css|src[\\/]components[\\/]ApiRequest[\\/]styles\.css)$/;

/** An operation page (scripts/openapi/requestColumn.ts). */
export const OPERATION_PAGE = /\.api\.mdx$/;
/** What an operation page imports as data: its components' props, its request column and the explorer's operation. */
export const PAGE_DATA = /\.(?:ParamsDetails|RequestSchema|StatusCodes|RequestColumn|Explorer)\.json$/;
/** Where the browser build writes the pages' data (lazyProps.cjs), named by content. */
export const PAGE_DATA_FILENAME = 'assets/api-data/[name].[contenthash:10][ext]';
/** The explorer's operation, which the server does not use. */
export const EXPLORER_DATA = /\.Explorer\.json$/;
/** The operation components an operation page renders as islands (src/components/ApiIsland). */
export const ISLANDS = ['ParamsDetails', 'RequestSchema', 'StatusCodes'] as const;

/**
 * The page's imports of the operation components, per build: on the server the theme's
 * components inside islands, in the browser islands that load them when acted on.
 */
export function islandAliases(isServer: boolean): Record<string, string> {
  const side = isServer ? 'server' : 'client';
  return Object.fromEntries(ISLANDS.map((name) => [`@theme/${name}`, path.resolve(__dirname, '../../src/components/ApiIsland', side, `${name}.tsx`)]));
}

const theme = (...names: string[]) => new RegExp(`docusaurus-theme-openapi-docs[\\\\/]lib[\\\\/]theme[\\\\/](?:${names.join('|')})[\\\\/]index\\.js$`);

/** Theme modules that hide their content from the server behind <BrowserOnly>. */
export const SERVER_RENDERED = theme('ParamsDetails', 'RequestSchema', 'ResponseSchema');
/** The theme module that imports all of crypto-js for SHA-1. */
export const SHA1_USER = /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]storage-utils\.js$/;
/** Theme modules that remount after hydration (key={String(useIsBrowser())}). */
export const NOT_REMOUNTED = theme('ApiTabs', 'SchemaTabs', 'MimeTabs', 'DiscriminatorTabs', 'OperationTabs', 'Tabs');

/** Any of the API theme's classes in a page's HTML. */
const USES_THEME = /class="?[^">]*\bopenapi[-_]/;
const MAIN_STYLESHEET = /<link rel="?stylesheet"? href="?[^" >]*\/assets\/css\/styles\.[0-9a-f]+\.css"?\s*\/?>/;

/** Adds the link to the theme's stylesheet after main's in a page that uses the theme's classes. */
export function linkApiStyles(html: string, href: string): string {
  if (html.includes(href) || !USES_THEME.test(html)) return html;
  return html.replace(MAIN_STYLESHEET, (main) => `${main}<link rel=stylesheet href=${href} />`);
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export default function apiPagesPlugin(context: LoadContext): Plugin {
  return {
    name: 'api-pages',
    async postBuild({outDir}) {
      const cssDir = path.join(outDir, 'assets', 'css');
      const file = fs.readdirSync(cssDir).find((name) => /^api-styles\.[0-9a-f]+\.css$/.test(name));
      if (!file) throw new Error('[api-pages] no api-styles CSS file in the build');
      const href = `${context.baseUrl}assets/css/${file}`;
      let linked = 0;
      for (const page of htmlFiles(outDir)) {
        const html = fs.readFileSync(page, 'utf8');
        const updated = linkApiStyles(html, href);
        if (updated !== html) {
          fs.writeFileSync(page, updated);
          linked += 1;
        }
      }
      console.log(`[api-pages] ${linked} pages link ${href}`);
    },
    configureWebpack(_config, isServer) {
      const rules: Rule[] = [
        {test: SERVER_RENDERED, resolve: {alias: {'@docusaurus/BrowserOnly': path.join(__dirname, 'renderEverywhere.tsx')}}},
        {test: NOT_REMOUNTED, resolve: {alias: {'@docusaurus/useIsBrowser': path.join(__dirname, 'sameOnServer.ts')}}},
        {test: SHA1_USER, resolve: {alias: {'crypto-js$': path.join(__dirname, 'sha1.cjs')}}},
      ];
      // The client modules' import of the stylesheet resolves to nothing; the pages' imports are untouched.
      rules.push({test: CLIENT_MODULES, resolve: {alias: {[`${themeStylesheet()}$`]: path.join(__dirname, 'empty.css')}}});
      // Operation pages: islands instead of the theme's components; in the browser their data is
      // fetched when it is needed (lazyProps.cjs), and the server leaves the explorer's alone.
      rules.push({test: OPERATION_PAGE, resolve: {alias: islandAliases(isServer)}});
      const lazyProps = (test: RegExp, options: {server?: boolean}) => ({test, issuer: OPERATION_PAGE, type: 'javascript/auto', use: [{loader: path.join(__dirname, 'lazyProps.cjs'), options}]}) as unknown as Rule;
      if (isServer) rules.push(lazyProps(EXPLORER_DATA, {server: true}));
      else rules.push(lazyProps(PAGE_DATA, {}), {test: PAGE_DATA, resourceQuery: /url/, type: 'asset/resource', generator: {filename: PAGE_DATA_FILENAME}} as unknown as Rule);
      return {
        module: {rules},
        ...(isServer
          ? {}
          : {
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    // Above Docusaurus's `styles` group (priority 50), which puts all CSS in one file.
                    apiStyles: {name: 'api-styles', test: THEME_CSS, type: 'css/mini-extract', chunks: 'all', enforce: true, priority: 60},
                  },
                },
              },
            }),
      };
    },
  };
}
