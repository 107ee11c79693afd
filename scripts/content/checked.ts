/**
 * The `checked` record: front matter naming what a page was read against, claim by claim.
 *
 *   checked:
 *     - unleash-server@8.2.0        an npm package, at the version package.json pins
 *     - Unleash/unleash@v8.1.0      a repository at a tag or a commit
 *
 * Sections whose every page has been read against the source are listed in
 * FINISHED_SECTIONS; the content lint requires a valid record on each of their pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot, type DocPage} from './pages';

/**
 * Route prefixes of the sections read in full against the source. A section joins this list
 * when every page in it has been read; from then on the lint keeps every page of it recorded.
 */
export const FINISHED_SECTIONS: readonly string[] = [
  '/contributing',
  '/how-to',
  '/reference',
  '/using-unleash',
  '/understanding-unleash',
  '/feature-flag-tutorials',
  '/topics',
  '/unleash-academy',
  '/quickstart',
  '/what-is-a-feature-flag',
  '/use-cases',
  '/languages-and-frameworks',
  '/how-to-create-feature-flag',
  '/client-specification',
];

export function inFinishedSection(route: string, sections: readonly string[] = FINISHED_SECTIONS): boolean {
  return sections.some((section) => route === section || route.startsWith(`${section}/`));
}

/** Exact versions of the packages package.json declares. */
export function pinnedPackages(file = path.join(repoRoot, 'package.json')): Map<string, string> {
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {dependencies?: Record<string, string>; devDependencies?: Record<string, string>};
  return new Map(Object.entries({...manifest.dependencies, ...manifest.devDependencies}));
}

const NPM_ENTRY = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)@(\d+\.\d+\.\d+(?:-[\w.]+)?)$/;
/** A tag (any name with a digit in it: `v8.1.0`, `unleash-edge-v20.4.1`, `5.3.0`) or a commit. */
const REPOSITORY_ENTRY = /^([A-Za-z0-9][\w-]*\/[A-Za-z0-9][\w.-]*)@([\w.+-]*\d[\w.+-]*)$/;

export type CheckedSource = {kind: 'npm'; name: string; version: string} | {kind: 'repository'; name: string; ref: string};

/** One entry of the record, or the reason it is not one. */
export function parseCheckedEntry(entry: unknown): CheckedSource | string {
  if (typeof entry !== 'string') return `"${String(entry)}" is not a string`;
  const npm = NPM_ENTRY.exec(entry);
  if (npm) return {kind: 'npm', name: npm[1]!, version: npm[2]!};
  const repository = REPOSITORY_ENTRY.exec(entry);
  if (repository) return {kind: 'repository', name: repository[1]!, ref: repository[2]!};
  return `"${entry}" is neither <npm package>@<version> nor <Owner/repo>@<tag or commit>`;
}

/** Problems with a page's record; none when the page is outside the finished sections. */
export function checkedRecordProblems(page: DocPage, pins = pinnedPackages(), sections: readonly string[] = FINISHED_SECTIONS): string[] {
  const record = page.frontMatter.checked;
  if (record === undefined) {
    return inFinishedSection(page.route, sections) ? ['has no `checked` record (front matter: what the page was read against, e.g. `checked: [unleash-server@8.2.0]`)'] : [];
  }
  if (!Array.isArray(record) || record.length === 0) return ['`checked` must be a non-empty list of <source>@<version>'];
  const problems: string[] = [];
  for (const entry of record) {
    const source = parseCheckedEntry(entry);
    if (typeof source === 'string') {
      problems.push(`checked: ${source}`);
    } else if (source.kind === 'npm') {
      const pinned = pins.get(source.name);
      if (pinned === undefined) problems.push(`checked: ${source.name} is not a package of package.json; pin it, or name its repository at a tag`);
      else if (pinned !== source.version) problems.push(`checked: ${source.name}@${source.version}, but package.json pins ${pinned}; read the page against ${pinned} and update the record`);
    }
  }
  return problems;
}
