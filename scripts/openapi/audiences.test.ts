import fs from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import {apiReferenceVersion, apiReferenceVersions, operationSlug} from '../../config/apiVersions';
import {repoRoot} from '../../config/paths';
import {bundle, OPENAPI_DIR} from './bundle';
import {composeOlderVersion, servedDescriptionFile} from './versions';
import {AUDIENCE_SECTIONS, OUTSIDE_API, audienceOfPath, operationAudiences, type Audience} from './audiences';
import {operationIdsOf, proseFile, renderOverview, splitByAudience, type SidebarItem} from './audienceSections';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const current = apiReferenceVersions()[0]!;
const v7 = apiReferenceVersion(7);
const ours = bundle(OPENAPI_DIR);

/** The descriptions the two references are generated from, and what the two servers serve. */
const DESCRIPTIONS: Array<{name: string; document: Json}> = [
  {name: `unleash-server ${current.version}, as served`, document: JSON.parse(fs.readFileSync(path.join(repoRoot, 'openapi/server/openapi.json'), 'utf8')) as Json},
  {name: `unleash-server ${current.version}, as the reference describes it`, document: ours},
  {name: `unleash-server ${v7.version}, as served`, document: JSON.parse(fs.readFileSync(servedDescriptionFile(v7), 'utf8')) as Json},
  {name: `unleash-server ${v7.version}, as the reference describes it`, document: composeOlderVersion(v7, ours).document},
];

/** Every operation, counted straight from the description: [operationId, path]. */
function operationsOf(document: Json): Array<{id: string; path: string; tags: string[]; summary: string}> {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({id: String(item[method].operationId), path: route, tags: (item[method].tags as string[]) ?? [], summary: String(item[method].summary ?? '')})),
  );
}

/** The sidebar the OpenAPI docs plugin generates (groupPathsBy: tag): a category per tag, linked to its tag page, holding that tag's operation pages. */
function generatedSidebar(document: Json): SidebarItem[] {
  const operations = operationsOf(document);
  const tags = [...new Set(operations.flatMap((operation) => operation.tags))];
  return tags.map((tag) => ({
    type: 'category',
    label: tag,
    link: {type: 'doc', id: `api/${kebabCase(tag)}`},
    items: operations.filter((operation) => operation.tags.includes(tag)).map((operation) => ({type: 'doc', id: `api/${operationSlug(operation.id)}`})),
  }));
}

function split(document: Json) {
  const audiences = new Map(operationAudiences(document).map((operation) => [operationSlug(operation.operationId), operation.audience]));
  return splitByAudience(generatedSidebar(document), (slug) => audiences.get(slug), (section) => `api/${section.slug}`);
}

describe('the API audiences', () => {
  for (const {name, document} of DESCRIPTIONS) {
    it(`give every operation of ${name} exactly one audience`, () => {
      const operations = operationsOf(document);
      const assigned = operationAudiences(document);
      expect(assigned.map((operation) => operation.operationId).sort()).toEqual(operations.map((operation) => operation.id).sort());
      expect(new Set(assigned.map((operation) => operation.operationId)).size).toBe(assigned.length);
      for (const operation of assigned) expect(['client', 'frontend', 'admin']).toContain(operation.audience);
      const counts = Object.fromEntries(AUDIENCE_SECTIONS.map((section) => [section.label, assigned.filter((operation) => operation.audience === section.audience).length]));
      console.log(`[audiences] ${name}: ${operations.length} operations; ${Object.entries(counts).map(([label, count]) => `${label} ${count}`).join(', ')}`);
    });

    it(`put exactly the /api/client and /api/frontend operations of ${name} in the Client and Frontend sections, and every other one in the Admin section, once`, () => {
      const operations = operationsOf(document);
      const {sections} = split(document);
      const idsIn = (audience: Audience) => operationIdsOf(sections[AUDIENCE_SECTIONS.findIndex((section) => section.audience === audience)]!).map((id) => id.replace(/^api\//, '')).sort();
      const slugsWhere = (test: (path: string) => boolean) => operations.filter((operation) => test(operation.path)).map((operation) => operationSlug(operation.id)).sort();
      expect(idsIn('client')).toEqual(slugsWhere((route) => route.startsWith('/api/client')));
      expect(idsIn('frontend')).toEqual(slugsWhere((route) => route.startsWith('/api/frontend')));
      expect(idsIn('admin')).toEqual(slugsWhere((route) => !route.startsWith('/api/client') && !route.startsWith('/api/frontend')));
      const placed = sections.flatMap(operationIdsOf);
      expect(placed).toHaveLength(operations.length);
      expect(new Set(placed).size).toBe(operations.length);
      expect(idsIn('client').length).toBeGreaterThan(0);
      expect(idsIn('frontend').length).toBeGreaterThan(0);
    });
  }

  it('decide every family of paths outside /api that the servers describe, and no family they do not', () => {
    const paths = DESCRIPTIONS.flatMap(({document}) => Object.keys(document.paths as Json)).filter((route) => !route.startsWith('/api/'));
    expect(paths.length).toBeGreaterThan(0);
    for (const route of paths) expect(audienceOfPath(route), route).toBe('admin');
    for (const {prefix} of OUTSIDE_API) expect(paths.some((route) => route === prefix.replace(/\/$/, '') || route.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || route === prefix), prefix).toBe(true);
  });

  it('refuse to guess the audience of a path nobody decided', () => {
    expect(() => audienceOfPath('/api/streaming')).toThrow(/no API audience is decided/);
    expect(() => audienceOfPath('/logout')).toThrow(/no API audience is decided/);
    expect(() => audienceOfPath('/healthz')).toThrow(/no API audience is decided/);
    expect(audienceOfPath('/api/frontend')).toBe('frontend');
    expect(audienceOfPath('/api/client/features/{featureName}')).toBe('client');
    expect(audienceOfPath('/api/admin/projects')).toBe('admin');
    expect(audienceOfPath('/edge/validate')).toBe('admin');
    expect(audienceOfPath('/health')).toBe('admin');
  });
});

describe('the sections of the sidebar', () => {
  it('replace the tag pages named after a section by its overview, and link every other tag page once', () => {
    const {sections, replacedTagPages} = split(ours);
    expect(replacedTagPages.sort()).toEqual(['api/client-api', 'api/frontend-api']);
    const [client, frontend, admin] = sections;
    expect(client).toMatchObject({type: 'category', label: 'Client API', link: {type: 'doc', id: 'api/client-api'}});
    expect(client!.items!.every((item) => item.type === 'doc')).toBe(true);
    expect(frontend!.items!.every((item) => item.type === 'doc')).toBe(true);
    expect(admin!.link).toEqual({type: 'doc', id: 'api/admin-api'});
    const links = sections.flatMap((section) => (section.items ?? []).flatMap((item) => (item.link?.id ? [item.link.id] : [])));
    expect(new Set(links).size).toBe(links.length);
    expect(links).toContain('api/events');
    expect(links).not.toContain('api/client-api');
  });

  it('split a tag whose operations have several audiences, keeping its page where most of them are', () => {
    const {sections, replacedTagPages} = split(composeOlderVersion(v7, ours).document);
    expect(replacedTagPages).toEqual(['api/frontend-api']);
    const edgeIn = (index: number) => sections[index]!.items!.find((item) => item.label === 'Unleash Edge');
    expect(edgeIn(0)).toMatchObject({items: [{id: 'api/client-bulk-metrics'}]});
    expect(edgeIn(0)!.link).toBeUndefined();
    expect(edgeIn(2)).toMatchObject({link: {id: 'api/unleash-edge'}});
    expect(operationIdsOf({type: 'category', items: [edgeIn(2)!]}).sort()).toEqual(['api/edge-create-or-return-tokens', 'api/get-valid-tokens']);
  });

  it('fail on a tag category holding a page that is not an operation of the description', () => {
    const sidebar = [{type: 'category', label: 'X', link: {type: 'doc', id: 'api/x'}, items: [{type: 'doc', id: 'api/not-an-operation'}]}];
    expect(() => splitByAudience(sidebar, () => undefined, (section) => section.slug)).toThrow(/not an operation/);
  });
});

describe('the overview pages', () => {
  for (const version of apiReferenceVersions()) {
    const document = version.current ? ours : composeOlderVersion(version, ours).document;
    const operations = new Map(operationAudiences(document).map((operation) => [operationSlug(operation.operationId), operation]));
    const {sections} = split(document);
    const tags = new Map(((document.tags as Array<{name: string; description?: string}>) ?? []).map((tag) => [tag.name, tag.description ?? '']));
    AUDIENCE_SECTIONS.forEach((section, index) => {
      it(`${version.label} ${section.label}: its own prose, with every operation or area of the section listed and linked`, () => {
        const page = renderOverview({section, prose: fs.readFileSync(proseFile(version, section), 'utf8'), sidebarSection: sections[index]!, operations, tagDescriptions: tags, version});
        const frontMatter = YAML.parse(/^---\n([\s\S]*?)\n---/.exec(page)![1]!) as Json;
        expect(frontMatter.id).toBe(section.slug);
        expect(frontMatter.title).toBe(version.current ? section.label : `${section.label} (${version.label})`);
        expect(String(frontMatter.description).length).toBeGreaterThan(40);
        expect(page).not.toMatch(/\{\{[^}]+\}\}/);
        expect(page).toContain(`Unleash ${version.version}`);
        for (const heading of ['## Who calls it', '## Token and how to send it', '## Rate and size limits', '## Related']) expect(page).toContain(heading);
        const ids = operationIdsOf(sections[index]!);
        if (section.listing === 'operations') {
          for (const id of ids) {
            const operation = operations.get(id.replace(/^api\//, ''))!;
            expect(page).toContain(`](${version.baseRoute}/${id.replace(/^api\//, '')}) | \`${operation.method} ${operation.path}\` |`);
          }
        } else {
          for (const category of sections[index]!.items!) expect(page).toContain(`[${category.label}](${version.baseRoute}/${category.link!.id!.replace(/^api\//, '')}) | ${category.items!.length} |`);
          expect(page).toContain(`This section holds ${ids.length} operations`);
          for (const id of ids.filter((candidate) => !operations.get(candidate.replace(/^api\//, ''))!.path.startsWith('/api/'))) {
            expect(page).toContain(`](${version.baseRoute}/${id.replace(/^api\//, '')})`);
          }
        }
      });
    });
  }
});
