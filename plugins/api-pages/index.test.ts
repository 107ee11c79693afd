import {describe, expect, it} from 'vitest';
import {createRequire} from 'node:module';
import path from 'node:path';
import {CLIENT_MODULES, islandAliases, linkApiStyles, NOT_REMOUNTED, OPERATION_PAGE, PAGE_DATA, PAGE_DATA_FILENAME, SERVER_RENDERED, SHA1_USER, THEME_CSS} from './index';

const page = (body: string) => `<html><head><link rel=stylesheet href=/assets/css/styles.3cb6e6db.css /><title>x</title></head><body>${body}</body></html>`;

describe('API theme stylesheet', () => {
  it('is linked after main stylesheet by pages that use the theme, once', () => {
    const html = page('<h1 class=openapi__heading>Get a flag</h1>');
    const linked = linkApiStyles(html, '/assets/css/api-styles.88537e9e.css');
    expect(linked).toContain('<link rel=stylesheet href=/assets/css/styles.3cb6e6db.css /><link rel=stylesheet href=/assets/css/api-styles.88537e9e.css />');
    expect(linkApiStyles(linked, '/assets/css/api-styles.88537e9e.css')).toBe(linked);
  });

  it('is not linked by other pages', () => {
    const html = page('<p>OpenAPI is mentioned <code>openapi.json</code></p>');
    expect(linkApiStyles(html, '/assets/css/api-styles.88537e9e.css')).toBe(html);
  });

  it('selects the theme modules it changes and nothing else', () => {
    const theme = (name: string) => `/site/node_modules/docusaurus-theme-openapi-docs/lib/theme/${name}/index.js`;
    expect(SERVER_RENDERED.test(theme('ResponseSchema'))).toBe(true);
    expect(SERVER_RENDERED.test(theme('ApiItem'))).toBe(false);
    expect(NOT_REMOUNTED.test(theme('ApiTabs'))).toBe(true);
    expect(NOT_REMOUNTED.test('/site/node_modules/@docusaurus/theme-classic/lib/theme/Tabs/index.js')).toBe(false);
    expect(THEME_CSS.test('/site/node_modules/docusaurus-theme-openapi-docs/lib/theme/styles.scss')).toBe(true);
    expect(THEME_CSS.test('/site/src/css/custom.css')).toBe(false);
    expect(THEME_CSS.test('/site/src/components/ApiRequest/styles.css')).toBe(true);
    expect(CLIENT_MODULES.test('/site/.docusaurus/client-modules.js')).toBe(true);
    expect(SHA1_USER.test('/site/node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/storage-utils.js')).toBe(true);
  });

  it('hashes as crypto-js does, with its SHA-1 alone', () => {
    const load = createRequire(import.meta.url);
    const full = load('crypto-js') as {SHA1: (message: string) => {toString(): string}};
    const lean = load('./sha1.cjs') as typeof full;
    for (const message of ['', 'apiKey', 'Bearer,apiKey']) expect(lean.SHA1(message).toString()).toBe(full.SHA1(message).toString());
  });
});

describe('operation pages in the two builds', () => {
  it('import islands instead of the theme\'s operation components: the theme\'s inside them on the server, loaders in the browser', () => {
    const server = islandAliases(true);
    const client = islandAliases(false);
    expect(Object.keys(server)).toEqual(['@theme/ParamsDetails', '@theme/RequestSchema', '@theme/StatusCodes']);
    expect(server['@theme/StatusCodes']).toBe(path.resolve(__dirname, '../../src/components/ApiIsland/server/StatusCodes.tsx'));
    expect(client['@theme/StatusCodes']).toBe(path.resolve(__dirname, '../../src/components/ApiIsland/client/StatusCodes.tsx'));
  });

  it('load their data when it is needed in the browser', () => {
    expect(OPERATION_PAGE.test('/site/docs/reference/api/unleash/get-feature.api.mdx')).toBe(true);
    expect(OPERATION_PAGE.test('/site/docs/reference/api/unleash/unleash-api.info.mdx')).toBe(false);
    for (const file of ['get-feature.ParamsDetails.json', 'get-feature.RequestSchema.json', 'get-feature.StatusCodes.json', 'get-feature.RequestColumn.json']) expect(PAGE_DATA.test(`/site/${file}`), file).toBe(true);
    expect(PAGE_DATA.test('/site/get-feature.Explorer.json')).toBe(true);
    const loader = createRequire(import.meta.url)('./lazyProps.cjs') as {(this: object, source: string): string; SERVER_STUB: string};
    const context = {resourcePath: '/site/docs/get-feature.StatusCodes.json', getOptions: () => ({})};
    // The data becomes a file of the build (its `?url` is an asset module, named by content); the page fetches it, once.
    const module = loader.call(context, '{"responses": {}}');
    expect(module).toContain('var url = require("/site/docs/get-feature.StatusCodes.json?url");');
    expect(module).toContain('loading = loading || fetch(url)');
    expect(PAGE_DATA_FILENAME).toBe('assets/api-data/[name].[contenthash:10][ext]');
    expect(loader.call({...context, getOptions: () => ({server: true})}, '{}')).toBe(loader.SERVER_STUB);
  });
});
