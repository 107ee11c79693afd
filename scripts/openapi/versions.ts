/**
 * The older API references (config/apiVersions.ts) beside the current one, in three steps of
 * `npm run api:generate`:
 *
 * 1. writeOlderBundles: each older release's description composed (compose.ts) from what its
 *    server serves, our prose and its overlay, written where the OpenAPI docs plugin's
 *    `versions` option reads it; the plugin then generates every version
 *    (`gen-api-docs all --all-versions`) and its versions.json.
 * 2. finishOlderReference: the older pages made a docs instance of their own: ids and the
 *    sidebar relative to their folder, the introduction at the version's base route, the
 *    version in every page's title.
 * 3. writeVersionPickers: every API page of every version gets the version picker, linking to
 *    the same page in the other versions where they have it (their introduction otherwise).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {apiReferenceVersions, type ApiReferenceVersion} from '../../config/apiVersions';
import {API_VERSION_SIDEBARS} from '../../config/api';
import {repoRoot} from '../../config/paths';
import {compose, readOverlay, type CompositionReport} from './compose';

type Json = Record<string, any>;

export const OPENAPI_VERSIONS_DIR = path.join(repoRoot, 'openapi/versions');

/** Where an older version's own files live: overlay.yaml, introduction.md, exceptions.yaml. */
export function versionDir(version: ApiReferenceVersion): string {
  return path.join(repoRoot, 'openapi', `v${version.major}`);
}

/** What the older server serves, saved by `npm run api:versions`. */
export function servedDescriptionFile(version: ApiReferenceVersion): string {
  return path.join(OPENAPI_VERSIONS_DIR, `unleash-server-${version.version}.json`);
}

const PLACEHOLDERS = (version: ApiReferenceVersion, current: ApiReferenceVersion): Record<string, string> => ({
  '{{unleash-server-version}}': version.version,
  '{{current-version}}': current.version,
  '{{current-base-route}}': current.baseRoute,
  '{{download-route}}': version.downloadRoute,
});

/** The composed description of an older version, with where its prose came from. */
export function composeOlderVersion(version: ApiReferenceVersion, ours: Json, serverUrl = '<your-unleash-url>'): {document: Json; report: CompositionReport} {
  const [current] = apiReferenceVersions();
  const servedFile = servedDescriptionFile(version);
  if (!fs.existsSync(servedFile)) throw new Error(`${path.relative(repoRoot, servedFile)} is missing: run npm run api:versions`);
  const served = JSON.parse(fs.readFileSync(servedFile, 'utf8')) as Json;
  if (served.info?.version !== version.version) throw new Error(`${path.relative(repoRoot, servedFile)} was saved from ${served.info?.version}, not ${version.version}: run npm run api:versions`);
  const introductionFile = path.join(versionDir(version), 'introduction.md');
  let introduction = fs.existsSync(introductionFile) ? fs.readFileSync(introductionFile, 'utf8') : undefined;
  for (const [placeholder, value] of Object.entries(PLACEHOLDERS(version, current!))) introduction = introduction?.split(placeholder).join(value);
  return compose({
    served,
    ours,
    overlay: readOverlay(path.join(versionDir(version), 'overlay.yaml')),
    introduction,
    serverUrl,
    currentBaseRoute: current!.baseRoute,
    baseRoute: version.baseRoute,
  });
}

/** Step 1: every older version's bundle, where the plugin's `versions` option reads it. */
export function writeOlderBundles(ours: Json, serverUrl: string): Array<{version: ApiReferenceVersion; report: CompositionReport}> {
  return apiReferenceVersions()
    .filter((version) => !version.current)
    .map((version) => {
      const {document, report} = composeOlderVersion(version, ours, serverUrl);
      // The plugin writes no page that exists already.
      fs.rmSync(path.join(repoRoot, version.outputDir), {recursive: true, force: true});
      fs.mkdirSync(path.dirname(version.bundleFile), {recursive: true});
      fs.writeFileSync(version.bundleFile, JSON.stringify(document, null, 1));
      if (report.unusedOverlay.length > 0) throw new Error(`openapi/v${version.major}/overlay.yaml names what ${version.version} does not have: ${report.unusedOverlay.join(', ')}`);
      return {version, report};
    });
}

interface SidebarItem {
  type: string;
  id?: string;
  label?: string;
  link?: {type: string; id?: string};
  items?: SidebarItem[];
  [key: string]: unknown;
}

/**
 * The generator gives doc ids a prefix made from the output folder's path; in the version's own
 * docs instance a page's id is its file name, the folder being flat.
 */
export function relativeSidebar(items: readonly SidebarItem[]): SidebarItem[] {
  const strip = (id: string | undefined) => id?.split('/').pop();
  return items.map((item) => ({
    ...item,
    ...(item.id ? {id: strip(item.id)} : {}),
    ...(item.link?.id ? {link: {...item.link, id: strip(item.link.id)}} : {}),
    ...(item.items ? {items: relativeSidebar(item.items)} : {}),
  }));
}

/** The sidebar of an older reference: its introduction with its tags inside, then the way back to the current reference. */
export function olderReferenceSidebar(generated: readonly SidebarItem[], version: ApiReferenceVersion, current: ApiReferenceVersion): SidebarsConfig {
  const [introduction, ...byTag] = generated;
  return {
    [version.docsPluginId]: [
      {type: 'category', label: `API reference (${version.label})`, collapsible: false, link: {type: 'doc', id: introduction!.id!}, items: byTag},
      {type: 'link', label: `Current API reference (${current.label})`, href: current.baseRoute},
      {type: 'link', label: 'Documentation', href: '/'},
    ],
  } as SidebarsConfig;
}

/** `title: "Get a feature flag"` → `title: "Get a feature flag (Unleash 7.6.5)"`, in the front matter and the page's heading. */
export function withVersionInTitle(source: string, label: string): string {
  const suffix = ` (${label})`;
  return source
    .replace(/^title: "(.*)"$/m, (line, title: string) => (title.endsWith(suffix) ? line : `title: ${JSON.stringify(title + suffix)}`))
    .replace(/(<Heading\n\s+as=\{"h1"\}\n\s+className=\{"openapi__heading"\}\n\s+children=\{)("(?:[^"\\]|\\.)*")\}/, (whole, start: string, children: string) => {
      const text = JSON.parse(children) as string;
      return text.endsWith(suffix) ? whole : `${start}${JSON.stringify(text + suffix)}}`;
    });
}

/** Step 2, for one older version; returns the generated sidebar (with its ids relative to the version's folder). */
export function finishOlderReference(version: ApiReferenceVersion, current: ApiReferenceVersion): SidebarItem[] {
  const dir = path.join(repoRoot, version.outputDir);
  const info = fs.readdirSync(dir).find((file) => file.endsWith('.info.mdx'));
  if (!info) throw new Error(`gen-api-docs wrote no introduction page into ${version.outputDir}`);
  const infoFile = path.join(dir, info);
  fs.writeFileSync(infoFile, fs.readFileSync(infoFile, 'utf8').replace(/^---\n/, '---\nslug: /\n'));
  const sidebarFile = path.join(dir, 'sidebar.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const generated = relativeSidebar(require(sidebarFile).default as SidebarItem[]);
  fs.rmSync(sidebarFile);
  fs.writeFileSync(path.join(dir, API_VERSION_SIDEBARS), `${JSON.stringify(olderReferenceSidebar(generated, version, current), null, 1)}\n`);
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.mdx'))) {
    const target = path.join(dir, file);
    let source = withVersionInTitle(fs.readFileSync(target, 'utf8'), version.label);
    // The explorer links its authentication note to the introduction's section of that name.
    source = source.replace(/^info_path: .*$/m, `info_path: ${version.baseRoute.slice(1)}`);
    fs.writeFileSync(target, source);
  }
  return generated;
}

export interface PickerVersion {
  label: string;
  version: string;
  /** The version the site documents. */
  current?: boolean;
  /** The same page in that version, or its introduction when it has no such page. */
  to: string;
  /** The version of the page the picker is on. */
  active?: boolean;
  /** That version has no such page; `to` is its introduction. */
  missing?: boolean;
}

/** What the plugin's versions.json says: each version with its label and base URL, the current one first. */
export function readPluginVersions(currentDir: string): Array<{version: string; label: string; baseUrl: string}> {
  const file = path.join(currentDir, 'versions.json');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: gen-api-docs runs with --all-versions`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{version: string; label: string; baseUrl: string}>;
}

const PICKER_IMPORT = "import ApiVersionPicker from '@site/src/components/ApiVersionPicker';";

/** Inserts the picker into one generated page: below the heading of an operation or the introduction, first on a tag page. */
export function withVersionPicker(source: string, versions: readonly PickerVersion[]): string {
  if (source.includes(PICKER_IMPORT)) return source;
  const element = `<ApiVersionPicker versions={${JSON.stringify(versions)}} />`;
  const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(source);
  if (!frontMatter) throw new Error('a generated API page without front matter');
  const head = `${frontMatter[0]}\n${PICKER_IMPORT}\n`;
  const body = source.slice(frontMatter[0].length);
  const heading = /<Heading\n\s+as=\{"h1"\}[\s\S]*?<\/Heading>\n/.exec(body);
  if (heading) return `${head}${body.slice(0, heading.index + heading[0].length)}\n${element}\n${body.slice(heading.index + heading[0].length)}`;
  return `${head}\n${element}\n${body}`;
}

/** The page's key in every version: `api:get-feature`, `tag:features`, `info`. */
function pageKey(file: string): string | undefined {
  if (file.endsWith('.info.mdx')) return 'info';
  const match = /^(.+)\.(api|tag)\.mdx$/.exec(file);
  return match ? `${match[2]}:${match[1]}` : undefined;
}

/** Step 3: the picker on every page of every version. Returns how many pages got one. */
export function writeVersionPickers(versions = apiReferenceVersions()): number {
  const current = versions.find((version) => version.current)!;
  const plugin = readPluginVersions(path.join(repoRoot, current.outputDir));
  const label = (version: ApiReferenceVersion) => plugin.find((entry) => entry.version === version.version)?.label ?? version.label;
  const pages = new Map(
    versions.map((version) => {
      const dir = path.join(repoRoot, version.outputDir);
      const keys = new Map(fs.readdirSync(dir).flatMap((file) => (pageKey(file) ? [[pageKey(file)!, file] as const] : [])));
      return [version.version, {dir, keys}] as const;
    }),
  );
  const routeOf = (version: ApiReferenceVersion, key: string): string | undefined => {
    if (key === 'info') return version.baseRoute;
    return pages.get(version.version)!.keys.has(key) ? `${version.baseRoute}/${key.split(':')[1]}` : undefined;
  };
  let written = 0;
  for (const version of versions) {
    const {dir, keys} = pages.get(version.version)!;
    for (const [key, file] of keys) {
      const picker: PickerVersion[] = versions.map((other) => {
        const route = routeOf(other, key);
        return {
          label: label(other),
          version: other.version,
          to: route ?? other.baseRoute,
          ...(other.current ? {current: true} : {}),
          ...(other === version ? {active: true} : {}),
          ...(route ? {} : {missing: true}),
        };
      });
      const target = path.join(dir, file);
      fs.writeFileSync(target, withVersionPicker(fs.readFileSync(target, 'utf8'), picker));
      written += 1;
    }
  }
  return written;
}
