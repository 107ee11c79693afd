import {describe, expect, it} from 'vitest';
import {compareDescriptions, operationCount} from './changelog';
import {computeChangelog, renderChangelog} from './changelogPage';
import {readDescription, recordedServers} from './servers';

const schema = (properties: string[], required: string[] = []) => ({type: 'object', properties: Object.fromEntries(properties.map((p) => [p, {type: 'string'}])), required});

function description(paths: Record<string, any>, schemas: Record<string, any> = {}) {
  return {openapi: '3.0.3', paths, components: {schemas}};
}

describe('changes between two descriptions', () => {
  const before = description(
    {
      '/api/admin/things/{id}': {
        get: {operationId: 'getThing', parameters: [{in: 'path', name: 'id', required: true}, {in: 'query', name: 'q'}], responses: {'200': {content: {'application/json': {schema: {$ref: '#/components/schemas/thing'}}}}, '404': {}}},
        put: {operationId: 'updateThing', requestBody: {required: true, content: {'application/json': {schema: schema(['name', 'colour'], ['name'])}}}, responses: {'200': {}}},
      },
      '/api/admin/old': {get: {operationId: 'getOld', responses: {'200': {}}}},
    },
    {thing: schema(['name', 'colour'])},
  );
  const after = description(
    {
      '/api/admin/things/{thingId}': {
        get: {operationId: 'getThing', deprecated: true, parameters: [{in: 'path', name: 'thingId', required: true}, {in: 'query', name: 'q', required: true}, {in: 'query', name: 'page'}], responses: {'200': {content: {'application/json': {schema: {$ref: '#/components/schemas/thing'}}}}, '401': {}}},
        put: {operationId: 'replaceThing', requestBody: {required: true, content: {'application/json': {schema: {allOf: [schema(['name'], ['name']), schema(['size'], ['size'])]}}}}, responses: {'200': {}}},
      },
      '/api/admin/new': {post: {operationId: 'createNew', responses: {'201': {}}}},
    },
    {thing: schema(['name', 'weight'])},
  );
  const step = compareDescriptions({version: '1.0.0', document: before}, {version: '2.0.0', document: after});
  const changesOf = (method: string) => step.changed.find((entry) => entry.operation.method === method)!.changes.map((change) => change.detail);

  it('finds added and removed operations, matching paths whatever their parameters are called', () => {
    expect(step.added).toEqual([{method: 'POST', path: '/api/admin/new', operationId: 'createNew'}]);
    expect(step.removed).toEqual([{method: 'GET', path: '/api/admin/old', operationId: 'getOld'}]);
    expect(step.changed.map((entry) => entry.operation.method)).toEqual(['GET', 'PUT']);
  });

  it('reports parameters, response codes, response properties, deprecation and renames', () => {
    expect(changesOf('GET')).toEqual([
      'path parameters renamed: /api/admin/things/{id} → /api/admin/things/{thingId}',
      'query parameter `page` added',
      'query parameter `q` now required',
      'response codes added: 401',
      'response codes removed: 404',
      '200 response properties added: `weight`',
      '200 response properties removed: `colour`',
      'deprecated',
    ]);
  });

  it('reports request body properties and required fields through allOf, and a changed operationId', () => {
    expect(changesOf('PUT')).toEqual([
      'path parameters renamed: /api/admin/things/{id} → /api/admin/things/{thingId}',
      'operationId `updateThing` → `replaceThing`',
      'body properties added: `size`',
      'body properties removed: `colour`',
      'now required: `size`',
    ]);
  });
});

describe('the API changelog of the recorded servers', () => {
  const servers = recordedServers();
  const changelog = computeChangelog(() => undefined);

  it('has one step per major version, newest first, from the newest release of each', () => {
    expect(servers.map((s) => s.major)).toEqual([5, 6, 7, 8]);
    expect(changelog.steps.map((s) => `${s.from}→${s.to}`)).toEqual(servers.slice(1).reverse().map((s, i) => `${servers[servers.length - 2 - i]!.version}→${s.version}`));
  });

  it('is correct operation by operation from 7.6.5 to 8.2.0: added and removed are exactly the method-and-path differences', () => {
    // An independent reading: every METHOD + path with parameter names dropped, as plain strings.
    const seven = servers.find((s) => s.major === 7)!;
    const eight = servers.find((s) => s.major === 8)!;
    const keys = (document: any) =>
      new Set(Object.entries<any>(document.paths).flatMap(([p, item]) => Object.keys(item).filter((m) => ['get', 'put', 'post', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${p.split('/').map((part) => (part.startsWith('{') ? '*' : part)).join('/')}`)));
    const a = keys(readDescription(seven));
    const b = keys(readDescription(eight));
    const step = changelog.steps.find((s) => s.from === seven.version && s.to === eight.version)!;
    const key = (op: {method: string; path: string}) => `${op.method} ${op.path.split('/').map((part) => (part.startsWith('{') ? '*' : part)).join('/')}`;
    expect(step.added.map(key).sort()).toEqual([...b].filter((k) => !a.has(k)).sort());
    expect(step.removed.map(key).sort()).toEqual([...a].filter((k) => !b.has(k)).sort());
    expect(operationCount(readDescription(seven))).toBe(a.size);
    console.log(`API changelog: ${changelog.versions.map((v) => `${v.version} ${v.operations} operations`).join(', ')}; ${changelog.steps.map((s) => `${s.from}→${s.to}: +${s.added.length} −${s.removed.length} ~${s.changed.length}`).join('; ')}`);
  });

  it('renders a page that names every step and every operation, and links only what has a page', () => {
    const withLinks = computeChangelog((major, id) => (major === 8 && id ? `/reference/api/unleash/${id}` : undefined));
    const page = renderChangelog(withLinks);
    for (const step of withLinks.steps) {
      expect(page).toContain(`## ${step.from} to ${step.to}`);
      for (const op of [...step.added, ...step.removed, ...step.changed.map((c) => c.operation)]) expect(page).toContain(`\`${op.method} ${op.path}\``);
    }
    const newest = withLinks.steps[0]!;
    const section = page.slice(page.indexOf(`## ${newest.from} to ${newest.to}`), page.indexOf('\n## ', page.indexOf(`## ${newest.from} to ${newest.to}`) + 3));
    // Removed in 8: no 8.x page describes them, and this call has no 7.x reference, so plain text.
    expect(newest.removed.length).toBeGreaterThan(0);
    for (const op of newest.removed) {
      expect(section).toContain(`- \`${op.method} ${op.path}\``);
      expect(section).not.toContain(`[\`${op.method} ${op.path}\`]`);
    }
    for (const entry of newest.changed) expect(section).toContain(`[\`${entry.operation.method} ${entry.operation.path}\`](/reference/api/unleash/${entry.operation.operationId})`);
  });
});
