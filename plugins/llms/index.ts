/**
 * Pages for AI assistants and tools, written after the build from the real content:
 * `/llms.txt` (every page with its one-line description, by section), a Markdown twin of each
 * page at `<route>.md` (hand-written pages from their source; generated API pages from the
 * OpenAPI description, see apiTwin.ts), and `/llms-full.txt` (all twins).
 */
import fs from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {DocMetadata, LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {API_BUNDLE} from '../../config/api';
import {apiReferenceVersions, type ApiReferenceVersion} from '../../config/apiVersions';
import {apiOperations, operationTwin, tagTwin, type OpenApiDocument} from './apiTwin';
import {twinPath} from './twinPath';
import {availabilityOfDoc, availabilityText, type Availability} from '../../config/availability';

export interface PageEntry {
  route: string;
  title: string;
  description: string;
  /** The page's Markdown twin. */
  markdown: () => string;
}

/** What a twin says where its page embeds the evaluation sandbox (plugins/evaluation-sandbox). */
export const SANDBOX_NOTE = '_The web page has an evaluation sandbox here: a form that evaluates one flag for one Unleash context in the browser, as the SDKs do, and explains the decision._';

/** The Markdown of a page without its front matter and MDX import lines, headed by its title. */
export function markdownTwin(source: string, title: string, availability?: Availability): string {
  const body = source
    .replace(/^---\n[\s\S]*?\n---\n?/, '')
    .replace(/^import\s.+from\s.+;?\s*$/gm, '')
    // Screen labels are a component in the source; in Markdown they are bold text.
    .replace(/<UiLabel(?:\s+app="[^"]*")?\s*>([\s\S]*?)<\/UiLabel>/g, '**$1**')
    // The sandbox is a form that runs in the browser; the twin says what the page offers there.
    .replace(/<EvaluationSandbox\b[^>]*>\s*<\/EvaluationSandbox>/g, SANDBOX_NOTE)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // Which editions have the feature, as the page shows it under its title (config/availability.ts).
  return `# ${title}\n\n${availability ? `_${availabilityText(availability)}_\n\n` : ''}${body}\n`;
}

export function section(route: string): string {
  // Each older API reference is listed apart from the current one.
  const older = apiReferenceVersions().find((version) => !version.current && (route === version.baseRoute || route.startsWith(`${version.baseRoute}/`)));
  if (older) return `API reference (${older.label})`;
  if (route.startsWith('/reference/api/')) return 'API reference';
  return route.split('/').filter(Boolean)[0] ?? '';
}

export function llmsIndex(siteTitle: string, tagline: string, siteUrl: string, pages: PageEntry[]): string {
  const groups = new Map<string, PageEntry[]>();
  for (const page of pages) groups.set(section(page.route), [...(groups.get(section(page.route)) ?? []), page]);
  const lines = [`# ${siteTitle}`, '', `> ${tagline}. Every page below is also available as Markdown at its address plus \`.md\`; ${siteUrl}/llms-full.txt holds them all.`, ''];
  for (const [name, entries] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`## ${name || 'Start'}`, '');
    for (const entry of entries.sort((a, b) => a.route.localeCompare(b.route))) {
      lines.push(`- [${entry.title}](${siteUrl}${twinPath(entry.route)}): ${entry.description}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Hand-written pages: their Markdown source. */
function handWrittenPage(doc: DocMetadata, siteDir: string): PageEntry['markdown'] {
  const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
  return () => markdownTwin(fs.readFileSync(file, 'utf8'), doc.title, availabilityOfDoc(doc.id));
}

/**
 * What an older reference's twin says under its heading: the version it documents, and the same
 * page in the current reference where there is one.
 */
export function olderVersionNote(version: ApiReferenceVersion, current: ApiReferenceVersion, currentTwin: string | undefined): string {
  const elsewhere = currentTwin ? `the same page for the current version, ${current.label}, is ${currentTwin}` : `the current version is ${current.label} (${twinPath(current.baseRoute)})`;
  return `> This page documents the API of ${version.label}; ${elsewhere}.`;
}

/** An older reference's twin: the page's title (with its version) as heading, and the note. */
export function olderTwin(twin: string, title: string, note: string): string {
  return twin.replace(/^# .*\n/, `# ${title}\n\n${note}\n`);
}

/**
 * Generated API pages: operation, tag and introduction twins from the OpenAPI bundle. For an
 * older reference (`version`), from its own bundle, titled with its version.
 */
function apiPageTwins(docs: readonly DocMetadata[], routeOf: (doc: DocMetadata) => string, version?: ApiReferenceVersion, currentRoutes?: ReadonlySet<string>): Map<string, PageEntry['markdown']> {
  const twins = new Map<string, PageEntry['markdown']>();
  const apiDocs = version ? [...docs] : docs.filter((doc) => doc.source.includes('/reference/api/unleash/'));
  if (apiDocs.length === 0) return twins;
  const document = JSON.parse(fs.readFileSync(version ? version.bundleFile : API_BUNDLE, 'utf8')) as OpenApiDocument;
  const serverUrl = document.servers?.[0]?.url ?? '';
  const operations = new Map(apiOperations(document).map((operation) => [operation.id, operation]));
  const routeById = new Map(apiDocs.map((doc) => [doc.id.split('/').pop()!, routeOf(doc)]));
  for (const doc of apiDocs) {
    const id = doc.id.split('/').pop()!;
    if (doc.source.endsWith('.api.mdx')) {
      const operation = operations.get(id);
      if (!operation) throw new Error(`[llms] ${doc.source}: no operation "${id}" in ${API_BUNDLE}`);
      twins.set(doc.id, () => operationTwin(document, operation, serverUrl));
    } else if (doc.source.endsWith('.tag.mdx')) {
      const tag = document.tags?.find((candidate) => kebabCase(candidate.name) === id);
      const own = [...operations.values()]
        .filter((operation) => kebabCase(String((operation.operation.tags as string[] | undefined)?.[0] ?? '')) === id)
        .map((operation) => ({title: String(operation.operation.summary), method: operation.method, path: operation.path, twin: twinPath(routeById.get(operation.id) ?? '')}));
      twins.set(doc.id, () => tagTwin(doc.title, tag?.description ?? doc.description, own));
    } else if (doc.source.endsWith('.info.mdx')) {
      twins.set(doc.id, () => `# ${doc.title}\n\n${(document.info.description ?? doc.description).trim()}\n`);
    }
  }
  if (!version) return twins;
  const current = apiReferenceVersions().find((candidate) => candidate.current)!;
  for (const doc of apiDocs) {
    const twin = twins.get(doc.id);
    if (!twin) continue;
    const route = routeOf(doc);
    const counterpart = route === version.baseRoute ? current.baseRoute : `${current.baseRoute}${route.slice(version.baseRoute.length)}`;
    const note = olderVersionNote(version, current, currentRoutes?.has(counterpart) ? twinPath(counterpart) : undefined);
    twins.set(doc.id, () => olderTwin(twin(), doc.title, note));
  }
  return twins;
}

export default function llmsPlugin(context: LoadContext): Plugin {
  let pages: PageEntry[] = [];
  return {
    name: 'llms',
    async allContentLoaded({allContent}) {
      const instances = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent | undefined>;
      const docsOf = (id: string) => (instances[id]?.loadedVersions ?? []).flatMap((version) => version.docs);
      const docs = docsOf('default');
      // Section landing pages carry a trailing slash here; the site serves them without.
      const routeOf = (doc: DocMetadata) => doc.permalink.replace(/(.)\/$/, '$1');
      const apiTwins = apiPageTwins(docs, routeOf);
      pages = docs.map((doc) => ({
        route: routeOf(doc),
        title: doc.title,
        description: doc.description,
        markdown: apiTwins.get(doc.id) ?? handWrittenPage(doc, context.siteDir),
      }));
      // The older API references, each a docs instance of its own (config/api.ts).
      const currentRoutes = new Set(pages.map((page) => page.route));
      for (const version of apiReferenceVersions().filter((candidate) => !candidate.current)) {
        const olderDocs = docsOf(version.docsPluginId);
        const twins = apiPageTwins(olderDocs, routeOf, version, currentRoutes);
        pages.push(
          ...olderDocs.map((doc) => ({
            route: routeOf(doc),
            title: doc.title,
            description: doc.description,
            markdown: twins.get(doc.id) ?? handWrittenPage(doc, context.siteDir),
          })),
        );
      }
    },
    async postBuild({outDir}) {
      const {siteConfig} = context;
      const siteUrl = `${siteConfig.url}${siteConfig.baseUrl}`.replace(/\/$/, '');
      const twins: string[] = [];
      for (const page of pages) {
        const twin = page.markdown();
        const target = path.join(outDir, twinPath(page.route).slice(1));
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, twin);
        twins.push(`<!-- ${siteUrl}${page.route} -->\n${twin}`);
      }
      fs.writeFileSync(path.join(outDir, 'llms.txt'), llmsIndex(siteConfig.title, siteConfig.tagline, siteUrl, pages));
      fs.writeFileSync(path.join(outDir, 'llms-full.txt'), twins.join('\n'));
    },
  };
}
