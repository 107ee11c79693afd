import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {REGISTRY_MODULE, ROUTES_MODULE} from './index';

const load = createRequire(import.meta.url);
const {dropModulePaths} = load('./loader.cjs') as {dropModulePaths: (source: string) => string};
const {lazyRouteComponents} = load('./routesLoader.cjs') as {lazyRouteComponents: (source: string) => string};

describe('lean route registry', () => {
  it('empties the module path of every entry and keeps the loader and the module id', () => {
    const source = [
      'export default {',
      '  "004d0203": [() => import(/* webpackChunkName: "004d0203" */ "@site/docs/ruby/index.md"), "@site/docs/ruby/index.md", require.resolveWeak("@site/docs/ruby/index.md")],',
      '  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],',
      '};',
    ].join('\n');
    const lean = dropModulePaths(source);
    expect(lean).toContain('[() => import(/* webpackChunkName: "004d0203" */ "@site/docs/ruby/index.md"), "", require.resolveWeak("@site/docs/ruby/index.md")]');
    expect(lean).toContain('[() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "", require.resolveWeak("@theme/DocItem")]');
    expect(lean.match(/""/g)).toHaveLength(2);
  });

  it('matches the generated registry only', () => {
    expect(REGISTRY_MODULE.test('/site/.docusaurus/registry.js')).toBe(true);
    expect(REGISTRY_MODULE.test('C:\\site\\.docusaurus\\registry.js')).toBe(true);
    expect(REGISTRY_MODULE.test('/site/.docusaurus/routes.js')).toBe(false);
  });
});

describe('lean route table', () => {
  const source = [
    "import React from 'react';",
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    '',
    'export default [',
    "  {path: '/search', component: ComponentCreator('/search', '5de'), exact: true},",
    "  {path: '/', component: ComponentCreator('/', '234'), routes: [{path: '/it\\'s', component: ComponentCreator('/it\\'s', 'ba9'), exact: true}]},",
    '];',
  ].join('\n');

  it('creates each route component when the route is first used, once', async () => {
    const lean = lazyRouteComponents(source);
    expect(lean).not.toMatch(/component: ComponentCreator\(/);
    const created: string[] = [];
    const body = lean.replace("import React from 'react';", '').replace("import ComponentCreator from '@docusaurus/ComponentCreator';", '').replace('export default', 'return');
    const routes = new Function('ComponentCreator', body)((path: string, hash: string) => {
      created.push(`${path}-${hash}`);
      return {path, hash};
    }) as Array<{path: string; component: unknown; routes?: Array<{component: unknown}>}>;
    expect(created).toEqual([]);
    expect(routes[0]!.component).toEqual({path: '/search', hash: '5de'});
    expect(routes[0]!.component).toBe(routes[0]!.component);
    expect(routes[1]!.routes![0]!.component).toEqual({path: "/it's", hash: 'ba9'});
    expect(created).toEqual(['/search-5de', "/it's-ba9"]);
  });

  it('matches the generated route table only', () => {
    expect(ROUTES_MODULE.test('/site/.docusaurus/routes.js')).toBe(true);
    expect(ROUTES_MODULE.test('/site/.docusaurus/routesChunkNames.json')).toBe(false);
  });
});
