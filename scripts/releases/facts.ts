/**
 * `npm run releases:facts`: writes `config/releases/facts.json`, the figures the release-notes
 * pages show (scripts/releases/page.ts), read from the code of every Unleash release from
 * 6.0.0 on:
 *
 * - the release tags of a local git mirror of Unleash/unleash (`--mirror <git dir>`, default
 *   `../.mirror/Unleash+unleash/repo`; pre-release tags such as `-beta.0` are left out);
 * - the pinned `unleash-server` package in node_modules when its version has no tag there
 *   (8.2.0), dated by the npm registry (`npm view unleash-server time`).
 *
 * It also records two checks of the reading: the repository's sources and the published build
 * of the same release give the same lists (every installed `unleash-server-<major>` whose
 * version has a tag), and the operations read from a package are those its server serves
 * (the descriptions saved in openapi/). facts.test.ts holds the file to the packages without
 * the mirror.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {compareVersions, RELEASE_FACTS_FILE} from '../../config/releases';
import {repoRoot} from '../../config/paths';
import {LIST_KINDS, listChange, loadFacts, type AgreementCheck, type ReadingCheck, type ReleaseFacts, type ReleaseFactsFile, type Relation} from './data';
import {extractRelease, readOperationsOf, type Extraction, type ReleaseLists} from './extract';
import {gitTree, packageTree, packageVersion} from './trees';

export const FIRST_VERSION = '6.0.0';
export const REPOSITORY = 'Unleash/unleash';
export const DEFAULT_MIRROR = path.resolve(repoRoot, '../.mirror/Unleash+unleash/repo');
const NODE_MODULES = path.join(repoRoot, 'node_modules');

/** The installed server packages: `unleash-server` (the pinned release) and `unleash-server-<major>`. */
export function serverPackages(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {devDependencies?: Record<string, string>; dependencies?: Record<string, string>};
  return Object.keys({...manifest.dependencies, ...manifest.devDependencies})
    .filter((name) => /^unleash-server(-\d+)?$/.test(name))
    .sort();
}

export const packageDir = (name: string) => path.join(NODE_MODULES, name);

/** The OpenAPI description a real server of this version served, saved in openapi/ (`npm run api:real`, `npm run api:versions`). */
export function servedDescriptionFile(version: string): string | undefined {
  const candidates = [path.join(repoRoot, `openapi/versions/unleash-server-${version}.json`), path.join(repoRoot, 'openapi/server/openapi.json')];
  return candidates.find((file) => fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as {info?: {version?: string}}).info?.version === version);
}

export function servedOperationIds(file: string): string[] {
  const document = JSON.parse(fs.readFileSync(file, 'utf8')) as {paths: Record<string, Record<string, {operationId?: string}>>};
  const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((operation) => (operation && typeof operation === 'object' && operation.operationId ? [operation.operationId] : [])));
  return [...new Set(ids)].sort();
}

/** How each reading of one package's operations compares with what its server served. */
export function checkReadingAgainstServed(packageName: string): ReadingCheck | undefined {
  const version = packageVersion(packageDir(packageName));
  const served = servedDescriptionFile(version);
  if (!served) return undefined;
  const servedIds = servedOperationIds(served);
  const reading = readOperationsOf(packageTree(packageDir(packageName)));
  const compare = (ids: string[]) => ({count: ids.length, missing: servedIds.filter((id) => !ids.includes(id)), extra: ids.filter((id) => !servedIds.includes(id))});
  return {
    version,
    served: path.relative(repoRoot, served),
    servedCount: servedIds.length,
    readings: {literal: compare(reading.literal), declared: compare(reading.declared), chosen: compare(reading.served)},
  };
}

export function compareLists(source: ReleaseLists, build: ReleaseLists): AgreementCheck['differences'] {
  return Object.fromEntries(
    LIST_KINDS.map((kind) => [kind, {onlyInSource: source[kind].filter((name) => !build[kind].includes(name)), onlyInPackage: build[kind].filter((name) => !source[kind].includes(name))}]),
  ) as AgreementCheck['differences'];
}

const git = (gitDir: string, args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], {encoding: 'utf8', maxBuffer: 1 << 28}).trim();

function isAncestor(gitDir: string, older: string, newer: string): boolean {
  try {
    execFileSync('git', [`--git-dir=${gitDir}`, 'merge-base', '--is-ancestor', older, newer], {stdio: 'ignore'});
    return true;
  } catch (error) {
    if ((error as {status?: number}).status === 1) return false;
    throw error;
  }
}

interface Tag {
  name: string;
  version: string;
  date: string;
}

/** Release tags `vX.Y.Z` from FIRST_VERSION on, oldest first, with their creator dates. */
export function releaseTags(gitDir: string, first = FIRST_VERSION): Tag[] {
  return git(gitDir, ['for-each-ref', '--format=%(refname:short)%09%(creatordate:iso-strict)', 'refs/tags'])
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([name]) => /^v\d+\.\d+\.\d+$/.test(name ?? ''))
    .map(([name, date]) => ({name: name!, version: name!.slice(1), date: new Date(date!).toISOString()}))
    .filter((tag) => compareVersions(tag.version, first) >= 0)
    .sort((a, b) => compareVersions(a.version, b.version));
}

/** The release a tagged release is compared with (see `Relation` in data.ts). */
export function chooseComparison(gitDir: string, tag: Tag, lower: readonly Tag[]): {version: string; relation: Relation} | undefined {
  const newestFirst = [...lower].sort((a, b) => compareVersions(b.version, a.version));
  const ancestor = newestFirst.find((candidate) => isAncestor(gitDir, candidate.name, tag.name));
  if (ancestor) return {version: ancestor.version, relation: 'ancestor'};
  const scored = newestFirst.map((candidate) => {
    const mergeBase = git(gitDir, ['merge-base', candidate.name, tag.name]);
    return {
      candidate,
      shared: Number(git(gitDir, ['rev-list', '--count', mergeBase])),
      own: Number(git(gitDir, ['rev-list', '--count', `${tag.name}..${candidate.name}`])),
    };
  });
  scored.sort((a, b) => b.shared - a.shared || a.own - b.own || compareVersions(b.candidate.version, a.candidate.version));
  return scored[0] ? {version: scored[0].candidate.version, relation: 'branch-point'} : undefined;
}

/** When the npm registry says a version was published; undefined when the registry cannot be reached. */
function registryTime(packageName: string, version: string): string | undefined {
  try {
    const times = JSON.parse(execFileSync('npm', ['view', packageName, 'time', '--json'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 120_000})) as Record<string, string>;
    return times[version] ? new Date(times[version]).toISOString() : undefined;
  } catch {
    return undefined;
  }
}

const counts = (lists: ReleaseLists) => Object.fromEntries(LIST_KINDS.map((kind) => [kind, lists[kind].length])) as ReleaseFacts['counts'];
const listsOf = (extraction: Extraction): ReleaseLists => ({operations: extraction.operations, settings: extraction.settings, migrations: extraction.migrations, flags: extraction.flags});

export const METHOD: ReleaseFactsFile['method'] = {
  operations:
    'operationIds the server declares for its routes in src/lib (dist/lib in a package), tests left out: plain strings, and ids built by a helper of the same file (the context-field controller adds "ForProject" for its project routes since 7.4.1). Operations marked release: {alpha: true} are left out, because from 7.4.2 on the server leaves them out of the description it serves. This is the reading that equals the served descriptions of 5.12.8, 6.10.1, 7.6.5 and 8.2.0 (see checks); plain strings alone miss the helper-built ids. One caveat: 8.0.0 computed a stability level for operations without release metadata against a cut-off of 7.7.7, which in production left those operations out of its served description; 8.0.1 moved the cut-off to 8.1.0 (#12307). The routes themselves stayed registered, so the figures follow the declarations and do not count that as a removal.',
  settings: 'Environment variable names (process.env.NAME) read by create-config and by the modules it imports, one level down; the experimental-flag module is one of them, so the variables that switch flags on are included.',
  migrations: 'File names of the database migrations (<timestamp>-<name>.js) in src/migrations (dist/migrations in a package).',
  flags: 'Keys of the flags object in types/experimental: the experimental flags a release gives a default. The IFlagKey type lists a few more names, but types do not survive compilation, so only the object can be read in a package as well.',
  comparison: 'Each release is compared with the nearest lower release whose tag is in its history. 6.1.0 to 6.5.0 were tagged on release branches, so no lower tag is in their history; each is compared with the lower release its line branched from (the one whose history it shares most, then the one with the fewest commits of its own). 8.2.0 has no tag in the mirror and is compared with 8.1.0.',
  dates: 'The creator date of the release tag (the tagger date of an annotated tag, the commit date of a lightweight one); for 8.2.0, which has no tag, the time the npm registry gives for that version.',
};

export function buildFacts(gitDir: string, log: (line: string) => void = () => {}): ReleaseFactsFile {
  const tags = releaseTags(gitDir);
  if (tags.length === 0) throw new Error(`${gitDir} has no release tags from ${FIRST_VERSION} on`);
  const extractions = new Map<string, Extraction>();
  const releases: ReleaseFacts[] = [];
  for (const [index, tag] of tags.entries()) {
    const extraction = extractRelease(gitTree(gitDir, tag.name, REPOSITORY));
    if (extraction.operationReading.unresolved.length) throw new Error(`${tag.name}: operationIds that cannot be worked out: ${extraction.operationReading.unresolved.join('; ')}`);
    extractions.set(tag.version, extraction);
    const comparedWith = index === 0 ? undefined : chooseComparison(gitDir, tag, tags.slice(0, index));
    releases.push({
      version: tag.version,
      date: tag.date,
      dateSource: 'tag',
      readFrom: `${REPOSITORY}@${tag.name}`,
      ...(comparedWith ? {comparedWith} : {}),
      counts: counts(extraction),
      ...(comparedWith ? {changes: changesBetween(extractions.get(comparedWith.version)!, extraction)} : {}),
    });
    log(`${tag.name}: ${comparedWith ? `against ${comparedWith.version} (${comparedWith.relation})` : 'the baseline'}`);
  }

  // The pinned package, when it is newer than every tag (a release the mirror does not have yet).
  const pinned = packageTree(packageDir('unleash-server'));
  const pinnedVersion = packageVersion(packageDir('unleash-server'));
  const newestTag = tags[tags.length - 1]!;
  if (compareVersions(pinnedVersion, newestTag.version) > 0) {
    const extraction = extractRelease(pinned);
    const previous = loadPrevious();
    const date = registryTime('unleash-server', pinnedVersion) ?? previous?.releases.find((release) => release.version === pinnedVersion && release.dateSource === 'npm-registry')?.date;
    if (!date) throw new Error(`the npm registry gives no time for unleash-server ${pinnedVersion}, and facts.json has none to keep`);
    releases.push({
      version: pinnedVersion,
      date,
      dateSource: 'npm-registry',
      readFrom: pinned.label,
      comparedWith: {version: newestTag.version, relation: 'previous-release'},
      counts: counts(extraction),
      changes: changesBetween(extractions.get(newestTag.version)!, extraction),
    });
    log(`${pinned.label}: against ${newestTag.version} (previous-release)`);
  }

  const sourceAgainstPackage: AgreementCheck[] = serverPackages().flatMap((name) => {
    const version = packageVersion(packageDir(name));
    const tag = tags.find((candidate) => candidate.version === version);
    if (!tag) return [];
    const build = packageTree(packageDir(name));
    return [{version, source: `${REPOSITORY}@${tag.name}`, package: build.label, differences: compareLists(listsOf(extractions.get(version)!), listsOf(extractRelease(build)))}];
  });
  const operationsAgainstServed = serverPackages().flatMap((name) => checkReadingAgainstServed(name) ?? []);

  const baseline = extractions.get(tags[0]!.version)!;
  return {
    about: 'Figures for the Unleash release notes, read from the code of each release by scripts/releases/facts.ts (npm run releases:facts). Full lists for the first release; for each later one, what it added and removed against the release it is compared with.',
    method: METHOD,
    sources: {repository: REPOSITORY, mirrorHead: git(gitDir, ['log', '-1', '--format=%H %cs', 'HEAD']), packages: serverPackages().map((name) => packageTree(packageDir(name)).label)},
    checks: {sourceAgainstPackage, operationsAgainstServed},
    baseline: {version: tags[0]!.version, ...listsOf(baseline)},
    releases,
  };
}

function changesBetween(before: ReleaseLists, after: ReleaseLists): ReleaseFacts['changes'] {
  return Object.fromEntries(LIST_KINDS.map((kind) => [kind, listChange(before[kind], after[kind])])) as ReleaseFacts['changes'];
}

function loadPrevious(): ReleaseFactsFile | undefined {
  return fs.existsSync(RELEASE_FACTS_FILE) ? loadFacts() : undefined;
}

/** One line per major: releases and the changes of each list, added/removed. */
export function summarize(facts: ReleaseFactsFile): string[] {
  const majors = [...new Set(facts.releases.map((release) => release.version.split('.')[0]!))];
  return majors.map((major) => {
    const own = facts.releases.filter((release) => release.version.startsWith(`${major}.`));
    const totals = LIST_KINDS.map((kind) => {
      const added = own.reduce((sum, release) => sum + (release.changes?.[kind].added.length ?? 0), 0);
      const removed = own.reduce((sum, release) => sum + (release.changes?.[kind].removed.length ?? 0), 0);
      return `${kind} +${added} -${removed}`;
    });
    return `Unleash ${major}: ${own.length} releases; ${totals.join(', ')}`;
  });
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const gitDir = path.resolve(argument('--mirror') ?? DEFAULT_MIRROR);
  if (!fs.existsSync(gitDir)) {
    console.error(`No git mirror of ${REPOSITORY} at ${gitDir}; pass --mirror <git dir>`);
    process.exit(1);
  }
  const facts = buildFacts(gitDir, (line) => console.log(line));
  fs.mkdirSync(path.dirname(RELEASE_FACTS_FILE), {recursive: true});
  fs.writeFileSync(RELEASE_FACTS_FILE, `${JSON.stringify(facts, null, 1)}\n`);
  console.log(`Wrote ${path.relative(repoRoot, RELEASE_FACTS_FILE)}: ${facts.releases.length} releases`);
  for (const line of summarize(facts)) console.log(line);
  for (const check of facts.checks.sourceAgainstPackage) {
    const disagreements = LIST_KINDS.filter((kind) => check.differences[kind].onlyInSource.length + check.differences[kind].onlyInPackage.length > 0);
    console.log(`${check.source} against ${check.package}: ${disagreements.length ? `differ in ${disagreements.join(', ')}` : 'the same four lists'}`);
  }
  for (const check of facts.checks.operationsAgainstServed) {
    const line = (['literal', 'declared', 'chosen'] as const).map((reading) => `${reading} ${check.readings[reading].count} (missing ${check.readings[reading].missing.length}, extra ${check.readings[reading].extra.length})`);
    console.log(`${check.version} serves ${check.servedCount} operations; ${line.join('; ')}`);
  }
}
