/**
 * Holds an SDK page to its manifest entry: the `checked` record names the release read, the
 * lead sentence names its version, and every place the page pins the SDK's package pins that
 * version. History (an "Upgrading from" section) may name older versions.
 */
import fs from 'node:fs';
import path from 'node:path';
import {docsDir, parsePage, type DocPage} from '../content/pages';
import {parseCheckedEntry} from '../content/checked';
import {checkedEntryOf, PRE_RENAME_REPOSITORY, type SdkEntry} from './manifest';

/** The page file of a route, `.md` or `.mdx`, as a folder index or not. */
export function pageFileOf(route: string): string | undefined {
  const base = path.join(docsDir, route);
  return [`${base}.md`, `${base}.mdx`, path.join(base, 'index.md'), path.join(base, 'index.mdx')].find((file) => fs.existsSync(file));
}

/** Checked-record entries that name a repository by its pre-rename name. */
export function preRenameSources(page: DocPage): string[] {
  const record = Array.isArray(page.frontMatter.checked) ? page.frontMatter.checked : [];
  return record.filter((item): item is string => {
    const source = parseCheckedEntry(item);
    return typeof source !== 'string' && source.kind === 'repository' && PRE_RENAME_REPOSITORY.test(source.name);
  });
}

/** The page body with the sections that tell history (`## Upgrading from …` and what is under them) taken out. */
export function withoutHistory(body: string): string {
  const kept: string[] = [];
  let historyLevel = 0;
  for (const line of body.split('\n')) {
    const heading = /^(#{2,6}) /.exec(line);
    if (heading && historyLevel > 0 && heading[1]!.length <= historyLevel) historyLevel = 0;
    if (heading && historyLevel === 0 && /^#{2,6} Upgrading from\b/.test(line)) historyLevel = heading[1]!.length;
    if (historyLevel === 0) kept.push(line);
  }
  return kept.join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Versions written right after a package coordinate: `io.getunleash:unleash-java-sdk:12.2.3`,
 * `UnleashClient==6.9.1`, `gem 'unleash', '~> 6.6.0'`, `<artifactId>x</artifactId><version>1.2.3</version>`,
 * `"unleash/client": "^2.10.1"`, `module/v6@v6.0.0`. Only a name that ends where the coordinate
 * ends counts (`unleash-client` in `unleash-client-java` does not).
 */
export function pinnedVersions(text: string, packageName: string): string[] {
  const pattern = new RegExp(`${escape(packageName)}(?![\\w.-]*[\\w])(?:["'\\s:=@,>^~v]|</?[\\w.-]+>|--version|[Vv]ersion){0,10}?(\\d+\\.\\d+(?:\\.\\d+)?)(?![\\w.])`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[1]!);
}

export function pageVersionProblems(entry: SdkEntry, page: DocPage = parsePage(pageFileOf(entry.page) ?? path.join(docsDir, `${entry.page}.md`))): string[] {
  const problems: string[] = [];
  const record = Array.isArray(page.frontMatter.checked) ? (page.frontMatter.checked as unknown[]) : [];
  const expected = checkedEntryOf(entry);
  if (!record.includes(expected)) problems.push(`checked record lacks "${expected}" (the manifest's release of ${entry.repository})`);
  for (const old of preRenameSources(page).filter((source) => source !== entry.behind?.checkedAs)) problems.push(`checked record names "${old}", a pre-rename repository; read ${entry.repository} instead`);

  const lead = [...page.body.matchAll(/This page describes \*\*([^*]+)\*\*/g)].map((match) => match[1]!);
  if (lead.length === 0) problems.push(`no "This page describes **<name> ${entry.version}**" sentence`);
  for (const named of lead) {
    if (!named.endsWith(` ${entry.version}`) && !named.endsWith(` v${entry.version}`)) problems.push(`the lead names "${named}", but the manifest's version is ${entry.version}`);
  }

  if (entry.behind && !page.body.includes(entry.behind.pageNames)) problems.push(`is behind ${entry.behind.newest} but does not name "${entry.behind.pageNames}" for the reader`);

  const current = withoutHistory(page.body);
  for (const pkg of entry.packages) {
    for (const version of pinnedVersions(current, pkg.name)) {
      if (version !== entry.version) problems.push(`pins ${pkg.name} at ${version}, but the manifest's version is ${entry.version}`);
    }
  }
  return problems;
}
