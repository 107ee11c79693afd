import {describe, expect, it} from 'vitest';
import {createRequire} from 'node:module';
import {CLIENT_MODULES, linkApiStyles, NOT_REMOUNTED, SERVER_RENDERED, SHA1_USER, THEME_CSS} from './index';

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
