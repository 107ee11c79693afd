import {describe, expect, it} from 'vitest';
import {createRequire} from 'node:module';
import {DOCS_PROPS_MODULE} from './index';

const {stripDocTexts} = createRequire(import.meta.url)('./loader.cjs') as {stripDocTexts: (source: string) => string};

describe('lean docs props', () => {
  it('drops every doc title and description from version props and keeps the rest', () => {
    const props = {
      version: {
        pluginId: 'default',
        docsSidebars: {documentation: [{type: 'link', href: '/a', label: 'A', docId: 'a'}]},
        docs: {
          a: {id: 'a', title: 'A', description: 'Long text about A', sidebar: 'documentation'},
          b: {id: 'b', title: 'B', description: 'Long text about B'},
        },
      },
    };
    const lean = JSON.parse(stripDocTexts(JSON.stringify(props)));
    expect(lean.version.docs).toEqual({a: {id: 'a', sidebar: 'documentation'}, b: {id: 'b'}});
    expect(lean.version.docsSidebars).toEqual(props.version.docsSidebars);
    expect(lean.version.pluginId).toBe('default');
  });

  it('leaves other props modules untouched', () => {
    const tagProps = JSON.stringify({tag: {label: 'x', items: [{description: 'kept'}]}});
    expect(stripDocTexts(tagProps)).toBe(tagProps);
  });

  it('matches the docs plugin props files and nothing else', () => {
    expect(DOCS_PROPS_MODULE.test('/site/.docusaurus/docusaurus-plugin-content-docs/default/p/index-466.json')).toBe(true);
    expect(DOCS_PROPS_MODULE.test('C:\\site\\.docusaurus\\docusaurus-plugin-content-docs\\default\\p\\index-466.json')).toBe(true);
    expect(DOCS_PROPS_MODULE.test('/site/.docusaurus/docusaurus-plugin-content-pages/default/p/index.json')).toBe(false);
    expect(DOCS_PROPS_MODULE.test('/site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-a-md-123.json')).toBe(false);
  });
});
