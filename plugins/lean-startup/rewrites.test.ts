import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import leanStartupPlugin, {LEAN_ENTRY} from './index';
import {REWRITES, rewrite} from './rewrites.cjs';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '../..');
/** The installed files the rewrites are for. */
const libOf = (name: string) => path.dirname(require.resolve(name, {paths: [root]}));
const DOCS_CLIENT_UTILS = path.join(libOf('@docusaurus/plugin-content-docs'), 'client/docsClientUtils.js');
const REACT_UTILS = path.join(libOf('@docusaurus/theme-common'), 'utils/reactUtils.js');

/**
 * Writes the rewritten module inside the repository, so its imports resolve, and imports it.
 * `@docusaurus/router` is an alias the bundler gives the browser code for React Router's exports.
 */
async function importRewritten(file: string, name: string): Promise<Record<string, (...args: never[]) => unknown>> {
  const dir = path.join(root, 'tests/.tmp/lean-startup');
  mkdirSync(dir, {recursive: true});
  const out = path.join(dir, `${name}-${process.pid}.mjs`);
  writeFileSync(out, rewrite(file, readFileSync(file, 'utf8')).replace("from '@docusaurus/router'", "from 'react-router-dom'"));
  return import(out);
}

describe('lean-startup rewrites of the installed Docusaurus', () => {
  it('apply to each file they name, and leave no locale-aware sort in either', () => {
    for (const file of [DOCS_CLIENT_UTILS, REACT_UTILS]) {
      expect(REWRITES.some((entry) => entry.file.test(file))).toBe(true);
      const source = readFileSync(file, 'utf8');
      expect(source).toContain('localeCompare(');
      expect(rewrite(file, source)).not.toContain('localeCompare(');
    }
  });

  it('leave other files alone', () => {
    expect(rewrite('/x/node_modules/@docusaurus/core/lib/client/App.js', 'a.localeCompare(b)')).toBe('a.localeCompare(b)');
  });

  it('stop the build when the text they replace is gone, naming the file', () => {
    const changed = readFileSync(DOCS_CLIENT_UTILS, 'utf8').replace('b[1].path.localeCompare(a[1].path)', 'compare(a, b)');
    expect(() => rewrite(DOCS_CLIENT_UTILS, changed)).toThrow(/docsClientUtils\.js.*review plugins\/lean-startup/);
  });

  it('keep what the docs client answers: the most specific plugin, the page’s doc, the same context object for the same path', async () => {
    const utils = await importRewritten(DOCS_CLIENT_UTILS, 'docsClientUtils');
    const doc = (id: string, docPath: string) => ({id, path: docPath, sidebar: 'main'});
    const current = {name: 'current', label: 'Next', isLast: true, path: '/', mainDocId: 'intro', docs: [doc('intro', '/intro'), doc('reference/segments', '/reference/segments')]};
    const older = {name: '7', label: '7', isLast: false, path: '/7', mainDocId: 'intro', docs: [doc('intro', '/7/intro')]};
    const data = {path: '/', versions: [current, older]};
    const plugins = {default: data, 'api-7': {path: '/reference/api/unleash/7', versions: []}, api: {path: '/reference/api', versions: []}};

    const getActivePlugin = utils.getActivePlugin as (all: object, pathname: string) => {pluginId: string} | undefined;
    expect(getActivePlugin(plugins, '/reference/api/unleash/7/get-feature')?.pluginId).toBe('api-7');
    expect(getActivePlugin(plugins, '/reference/api/get-feature')?.pluginId).toBe('api');
    expect(getActivePlugin(plugins, '/reference/segments')?.pluginId).toBe('default');

    const getActiveDocContext = utils.getActiveDocContext as (d: object, pathname: string) => {activeVersion?: {name: string}; activeDoc?: {id: string}; alternateDocVersions: Record<string, {path: string}>};
    const first = getActiveDocContext(data, '/reference/segments');
    expect(first.activeVersion?.name).toBe('current');
    expect(first.activeDoc?.id).toBe('reference/segments');
    expect(getActiveDocContext(data, '/reference/segments')).toBe(first);
    const intro = getActiveDocContext(data, '/7/intro');
    expect(intro.activeVersion?.name).toBe('7');
    expect(Object.fromEntries(Object.entries(intro.alternateDocVersions).map(([name, d]) => [name, d.path]))).toEqual({current: '/intro', '7': '/7/intro'});
    expect(getActiveDocContext(data, '/nowhere').activeDoc).toBeUndefined();
    // Another plugin's data is another key, even for the same path.
    expect(getActiveDocContext({path: '/', versions: [{...current, docs: []}]}, '/reference/segments').activeDoc).toBeUndefined();
  });
});

describe('lean-startup plugin', () => {
  const plugin = leanStartupPlugin();
  const configure = (isServer: boolean) => plugin.configureWebpack!({} as never, isServer, {} as never, {} as never) as Record<string, unknown>;

  it('replaces the browser entry with the staged one and loads the rewrites', () => {
    const config = configure(false);
    expect(config.entry).toBe(LEAN_ENTRY);
    expect(config.mergeStrategy).toEqual({entry: 'replace'});
    const rules = (config.module as {rules: Array<{test: RegExp}>}).rules;
    expect(rules.map((rule) => rule.test)).toEqual(REWRITES.map((entry) => entry.file));
    expect(rules.some((rule) => rule.test.test(DOCS_CLIENT_UTILS))).toBe(true);
  });

  it('leaves the server build alone', () => {
    expect(configure(true)).toEqual({});
  });
});
