/**
 * Issue #37: every screen of the pinned Admin UI, every feature module of the server and every
 * tag of its API is documented on a page (and section) or excluded with a reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../content/pages';
import {adminRoutes, headings, inventoryChanges, inventoryProblems, loadInventory, shippedBy, type Shipped} from './inventory';

const packageDir = path.join(repoRoot, 'node_modules/unleash-server');
const openapi = JSON.parse(fs.readFileSync(path.join(repoRoot, 'openapi/server/openapi.json'), 'utf8')) as {tags: Array<{name: string}>};

describe('the feature inventory of the pinned unleash-server', () => {
  const shipped = shippedBy(packageDir, openapi);

  it('reads the Admin UI route table, the feature modules and the API tags', () => {
    expect(shipped.routes.get('/admin/sessions')).toBe('Active sessions');
    expect(shipped.routes.get('/whats-new')).toBe("What's new");
    expect(shipped.routes.size).toBe(73);
    expect(shipped.modules.has('feature-links')).toBe(true);
    expect(shipped.tags.has('Release Templates')).toBe(true);
  });

  it('maps every entry to a page and section that exist, or to an exclusion with its reason', () => {
    expect(inventoryProblems(shipped, loadInventory())).toEqual([]);
  });
});

describe('the inventory check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-'));
  fs.mkdirSync(path.join(dir, 'reference'));
  fs.writeFileSync(path.join(dir, 'reference/sessions.md'), '---\ntitle: Sessions\n---\n\n## Sign out everyone {#sign-out}\n\n```md\n## Not a heading\n```\n');
  const shipped: Shipped = {routes: new Map([['/admin/sessions', 'Active sessions'], ['/new', 'New screen']]), modules: new Map([['pat', 'pat']]), tags: new Map()};

  it('names an undocumented entry, a stale one, a missing page or heading, and a bare exclusion', () => {
    const problems = inventoryProblems(
      shipped,
      {
        routes: {'/admin/sessions': {page: 'reference/sessions', section: 'Not a heading'}, '/gone': {excluded: 'a screen that was removed from the product'}},
        modules: {pat: {excluded: 'internal'}},
        tags: {Ghost: {page: 'reference/ghost'}},
      },
      dir,
    );
    expect(problems).toEqual([
      'routes /new (New screen): shipped, but neither documented nor excluded in inventory.yaml',
      'routes /admin/sessions: reference/sessions has no heading "Not a heading"',
      'routes /gone: in inventory.yaml, but the pinned release no longer ships it',
      'modules pat: an exclusion needs its reason (a sentence)',
      'tags Ghost: in inventory.yaml, but the pinned release no longer ships it',
      'tags Ghost: page reference/ghost does not exist under docs/',
    ]);
    expect(inventoryProblems(shipped, {routes: {'/admin/sessions': {page: 'reference/sessions', section: 'Sign out everyone'}, '/new': {excluded: 'a screen only the hosted edition shows'}}, modules: {pat: {page: 'reference/sessions'}}, tags: {}}, dir)).toEqual([]);
  });

  it('reads headings outside code fences, without their ids; and lists what another release adds and drops', () => {
    expect(headings('## A {#a}\n```\n## B\n```\n### C')).toEqual(['A', 'C']);
    const other: Shipped = {routes: new Map([['/new', 'New screen'], ['/newer', 'Newer']]), modules: new Map(), tags: new Map([['Edge', 'Edge']])};
    expect(inventoryChanges(shipped, other)).toEqual({
      routes: {added: ['/newer (Newer)'], removed: ['/admin/sessions (Active sessions)']},
      modules: {added: [], removed: ['pat']},
      tags: {added: ['Edge'], removed: []},
    });
  });

  it('reads route entries in any quote style', () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-ui-'));
    fs.writeFileSync(path.join(staticDir, 'a.js'), 'x=[{path:`/admin/sessions`,title:`Active sessions`},{path:"/search",title:"Flags overview"},{path:`/whats-new`,title:`What\'s new`}]');
    expect([...adminRoutes(staticDir)]).toEqual([
      ['/admin/sessions', 'Active sessions'],
      ['/search', 'Flags overview'],
      ['/whats-new', "What's new"],
    ]);
  });
});
