/**
 * The API reference by audience (scripts/openapi/audiences.ts decides who calls what): step of
 * `npm run api:generate` that turns each version's generated sidebar, one list of tags, into
 * three sections, Client API, Frontend API and Admin API, each opened by an overview page.
 *
 * - A tag category moves into the section of its operations. A tag whose operations have
 *   several audiences (7.6.5's "Unleash Edge": /api/client/metrics/bulk beside /edge/*) is split:
 *   each section gets a category with its own operations, and the tag page stays the link of the
 *   category that holds most of them.
 * - A tag named after its section (8.2.0's "Client API" and "Frontend API", 7.6.5's "Frontend
 *   API") gives way to the overview: its operations sit directly in the section and its tag page
 *   is replaced by the overview, at the same address (`<slug>` is the same).
 * - The overview's prose is written in openapi/audiences/<slug>.md (current version) and
 *   openapi/v<major>/audiences/<slug>.md (older ones); the generator fills in the list of the
 *   section's operations or tags where the prose says `{{operations}}`, and the operations
 *   outside /api where it says `{{outside-api}}`.
 *
 * Operation pages keep their addresses: only the sidebar and the overview pages change.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from '../../config/paths';
import {apiReferenceVersions, operationSlug, type ApiReferenceVersion} from '../../config/apiVersions';
import {API_VERSION_SIDEBARS} from '../../config/api';
import {AUDIENCE_SECTIONS, outsideApiFamily, operationAudiences, type Audience, type AudienceOperation, type AudienceSection} from './audiences';

export interface SidebarItem {
  type: string;
  id?: string;
  label?: string;
  href?: string;
  link?: {type: string; id?: string};
  items?: SidebarItem[];
  [key: string]: unknown;
}

/** The hand-written reference of the Edge API, the fourth section (docs/reference/unleash-edge/api.md). */
export const EDGE_API_DOC = 'reference/unleash-edge/api';
export const EDGE_API_ROUTE = `/${EDGE_API_DOC}`;
export const EDGE_API_LABEL = 'Unleash Edge API';

const lastSegment = (id: string) => id.split('/').pop()!;

export interface SplitResult {
  /** One category per section, in AUDIENCE_SECTIONS order, linked to its overview. */
  sections: SidebarItem[];
  /** Doc ids of the tag pages the overviews replace. */
  replacedTagPages: string[];
}

/**
 * Splits the generated tag categories (the generated sidebar without its introduction) into the
 * three sections. `audienceOf` gives the audience of an operation page by its slug; every
 * operation page must have one. `overviewId` is the doc id of a section's overview.
 */
export function splitByAudience(byTag: readonly SidebarItem[], audienceOf: (slug: string) => Audience | undefined, overviewId: (section: AudienceSection) => string): SplitResult {
  const slugs = new Set(AUDIENCE_SECTIONS.map((section) => section.slug));
  const audienceOfItem = (item: SidebarItem): Audience => {
    if (item.type !== 'doc' || !item.id) throw new Error(`a tag category holds something other than an operation page: ${JSON.stringify(item)}`);
    const audience = audienceOf(lastSegment(item.id));
    if (!audience) throw new Error(`${item.id} is not an operation of the description the pages were generated from`);
    return audience;
  };
  for (const category of byTag) {
    if (category.type !== 'category') throw new Error(`the generated sidebar has a ${category.type} where a tag category belongs: ${JSON.stringify(category)}`);
  }
  const tagPageOf = (category: SidebarItem) => (category.link?.type === 'doc' ? category.link.id : undefined);
  const replacedTagPages = byTag.flatMap((category) => {
    const tagPage = tagPageOf(category);
    return tagPage && slugs.has(lastSegment(tagPage)) ? [tagPage] : [];
  });
  // The section that keeps a split tag's page as the link of its category: the one holding most of its operations.
  const homeOf = (category: SidebarItem): Audience => {
    const counts = AUDIENCE_SECTIONS.map((section) => (category.items ?? []).filter((item) => audienceOfItem(item) === section.audience).length);
    return AUDIENCE_SECTIONS[counts.indexOf(Math.max(...counts))]!.audience;
  };
  const sections = AUDIENCE_SECTIONS.map((section): SidebarItem => {
    const items: SidebarItem[] = [];
    for (const category of byTag) {
      const own = (category.items ?? []).filter((item) => audienceOfItem(item) === section.audience);
      if (own.length === 0) continue;
      const tagPage = tagPageOf(category);
      if (tagPage && lastSegment(tagPage) === section.slug) {
        items.push(...own);
        continue;
      }
      const {link, ...rest} = category;
      const keepsLink = tagPage !== undefined && !replacedTagPages.includes(tagPage) && homeOf(category) === section.audience;
      items.push({...rest, ...(keepsLink ? {link} : {}), items: own});
    }
    return {type: 'category', label: section.label, link: {type: 'doc', id: overviewId(section)}, items};
  });
  return {sections, replacedTagPages};
}

/** The operation pages of a section, in sidebar order. */
export function operationIdsOf(section: SidebarItem): string[] {
  return (section.items ?? []).flatMap((item) => (item.type === 'doc' && item.id ? [item.id] : (item.items ?? []).flatMap((inner) => (inner.type === 'doc' && inner.id ? [inner.id] : []))));
}

const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

export interface OverviewInput {
  section: AudienceSection;
  /** The prose of openapi/…/audiences/<slug>.md: front matter and Markdown with the placeholders. */
  prose: string;
  /** The section as splitByAudience made it. */
  sidebarSection: SidebarItem;
  /** The version's operations, by the slug of their page. */
  operations: ReadonlyMap<string, AudienceOperation>;
  /** Tag descriptions by tag name. */
  tagDescriptions: ReadonlyMap<string, string>;
  version: ApiReferenceVersion;
}

/** The overview page of one section: its own front matter, the prose, the generated lists. */
export function renderOverview({section, prose, sidebarSection, operations, tagDescriptions, version}: OverviewInput): string {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(prose);
  if (!match) throw new Error(`the ${section.label} overview prose has no front matter`);
  const own = YAML.parse(match[1]!) as {title?: string; description?: string; keywords?: string[]};
  if (!own.title || !own.description) throw new Error(`the ${section.label} overview prose needs a title and a description`);
  const routeOf = (id: string) => `${version.baseRoute}/${lastSegment(id)}`;
  const operationOf = (id: string) => {
    const operation = operations.get(lastSegment(id));
    if (!operation) throw new Error(`${id} is not an operation of Unleash ${version.version}`);
    return operation;
  };
  const operationRow = (id: string, extra: string[] = []) => {
    const operation = operationOf(id);
    return `| [${cell(operation.summary)}](${routeOf(id)}) | \`${operation.method} ${operation.path}\` |${extra.map((value) => ` ${cell(value)} |`).join('')}`;
  };
  const ids = operationIdsOf(sidebarSection);
  let listing: string;
  if (section.listing === 'operations') {
    listing = ['| Operation | Method and path |', '| --- | --- |', ...ids.map((id) => operationRow(id))].join('\n');
  } else {
    const categories = (sidebarSection.items ?? []).filter((item) => item.type === 'category');
    const rows = categories.map((category) => {
      const name = category.label ?? '';
      const title = category.link?.id ? `[${cell(name)}](${routeOf(category.link.id)})` : cell(name);
      return `| ${title} | ${(category.items ?? []).length} | ${cell(tagDescriptions.get(name) ?? '')} |`;
    });
    const direct = (sidebarSection.items ?? []).flatMap((item) => (item.type === 'doc' && item.id ? [item.id] : []));
    listing = ['| Area | Operations | What it covers |', '| --- | --- | --- |', ...rows].join('\n');
    if (direct.length > 0) listing += `\n\n${['| Operation | Method and path |', '| --- | --- |', ...direct.map((id) => operationRow(id))].join('\n')}`;
  }
  const outside = ids.filter((id) => !operationOf(id).path.startsWith('/api/'));
  const outsideTable =
    outside.length === 0
      ? `Unleash ${version.version} describes no operation of this section outside \`/api\`.`
      : ['| Operation | Method and path | Called by |', '| --- | --- | --- |', ...outside.map((id) => operationRow(id, [outsideApiFamily(operationOf(id).path)?.calledBy ?? '']))].join('\n');
  const body = match[2]!
    .split('{{operations}}')
    .join(listing)
    .split('{{outside-api}}')
    .join(outsideTable)
    .split('{{operation-count}}')
    .join(String(ids.length))
    .split('{{unleash-server-version}}')
    .join(version.version);
  if (!match[2]!.includes('{{operations}}')) throw new Error(`the ${section.label} overview prose has no {{operations}} placeholder`);
  const leftover = /\{\{[^}]+\}\}/.exec(body);
  if (leftover) throw new Error(`the ${section.label} overview prose has an unknown placeholder ${leftover[0]}`);
  const frontMatter = {
    id: section.slug,
    title: version.current ? own.title : `${own.title} (${version.label})`,
    sidebar_label: section.label,
    description: own.description,
    ...(own.keywords ? {keywords: own.keywords} : {}),
    custom_edit_url: null,
  };
  return `---\n${YAML.stringify(frontMatter, {lineWidth: 0}).trim()}\n---\n\n${body.trim()}\n`;
}

/** Where a version's overview prose is written: openapi/audiences (current) or openapi/v<major>/audiences. */
export function proseFile(version: ApiReferenceVersion, section: AudienceSection): string {
  return path.join(repoRoot, 'openapi', ...(version.current ? [] : [`v${version.major}`]), 'audiences', `${section.slug}.md`);
}

/** The file an overview page is generated into. */
export function overviewFile(version: ApiReferenceVersion, section: AudienceSection): string {
  return path.join(repoRoot, version.outputDir, `${section.slug}.audience.md`);
}

export interface AudienceReport {
  version: string;
  operations: Record<Audience, number>;
  replacedTagPages: string[];
}

type OpenApiDocument = {paths?: Record<string, Record<string, unknown>>; tags?: Array<{name: string; description?: string}>};

/**
 * For one version whose pages are generated (and whose tag pages are rewritten): the overview
 * pages, the tag pages they replace removed, and the sidebar in sections. The current version's
 * sidebar is the generated sidebar.ts, read by sidebars.ts; an older one's is its sidebars.json,
 * where the sections go into its "API reference" category, followed by a link to the Edge API.
 */
export function writeAudienceSections(version: ApiReferenceVersion, document: OpenApiDocument): AudienceReport {
  const dir = path.join(repoRoot, version.outputDir);
  const docIdPrefix = version.current ? version.outputDir.replace(/^docs\//, '') : '';
  const docId = (slug: string) => (docIdPrefix ? `${docIdPrefix}/${slug}` : slug);
  const all = operationAudiences(document);
  const operations = new Map(all.map((operation) => [operationSlug(operation.operationId), operation]));
  const tagDescriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));

  let generated: SidebarItem[];
  let olderSidebar: Record<string, SidebarItem[]> | undefined;
  const sidebarTs = path.join(dir, 'sidebar.ts');
  const sidebarsJson = path.join(dir, API_VERSION_SIDEBARS);
  if (version.current) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    generated = require(sidebarTs).default as SidebarItem[];
  } else {
    olderSidebar = JSON.parse(fs.readFileSync(sidebarsJson, 'utf8')) as Record<string, SidebarItem[]>;
    const reference = olderSidebar[version.docsPluginId]?.[0];
    if (!reference?.link?.id || !reference.items) throw new Error(`${path.relative(repoRoot, sidebarsJson)} does not open with the reference's category`);
    generated = [{type: 'doc', id: reference.link.id}, ...reference.items];
  }
  const [introduction, ...byTag] = generated;
  const {sections, replacedTagPages} = splitByAudience(byTag, (slug) => operations.get(slug)?.audience, (section) => docId(section.slug));

  for (const tagPage of replacedTagPages) fs.rmSync(path.join(dir, `${lastSegment(tagPage)}.tag.mdx`));
  const counts = {client: 0, frontend: 0, admin: 0} as Record<Audience, number>;
  AUDIENCE_SECTIONS.forEach((section, index) => {
    const sidebarSection = sections[index]!;
    counts[section.audience] = operationIdsOf(sidebarSection).length;
    const prose = fs.readFileSync(proseFile(version, section), 'utf8');
    fs.writeFileSync(overviewFile(version, section), renderOverview({section, prose, sidebarSection, operations, tagDescriptions, version}));
  });
  const placed = Object.values(counts).reduce((a, b) => a + b, 0);
  if (placed !== all.length) throw new Error(`the sections of Unleash ${version.version} hold ${placed} operations, the description ${all.length}`);

  if (version.current) {
    fs.writeFileSync(
      sidebarTs,
      [
        '// Generated by npm run api:generate: the introduction, then the reference by API audience (scripts/openapi/audienceSections.ts).',
        `const sidebar = ${JSON.stringify([introduction, ...sections], null, 1)};`,
        '',
        'export default sidebar;',
        '',
      ].join('\n'),
    );
  } else {
    const edgeApi = fs.existsSync(path.join(repoRoot, 'docs', `${EDGE_API_DOC}.md`)) ? [{type: 'link', label: EDGE_API_LABEL, href: EDGE_API_ROUTE}] : [];
    const [reference, ...rest] = olderSidebar![version.docsPluginId]!;
    olderSidebar![version.docsPluginId] = [{...reference!, items: [...sections, ...edgeApi]}, ...rest];
    fs.writeFileSync(sidebarsJson, `${JSON.stringify(olderSidebar, null, 1)}\n`);
  }
  return {version: version.version, operations: counts, replacedTagPages};
}

/** Every version's report line, for the generator's log. */
export function describeReport(report: AudienceReport): string {
  const label = apiReferenceVersions().find((version) => version.version === report.version)?.label ?? report.version;
  return `${label}: ${AUDIENCE_SECTIONS.map((section) => `${section.label} ${report.operations[section.audience]}`).join(', ')}${report.replacedTagPages.length ? `; overviews replace the tag pages ${report.replacedTagPages.map(lastSegment).join(', ')}` : ''}`;
}
