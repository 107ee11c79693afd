/**
 * The shape of `config/releases/facts.json` and how to read it back. To stay small the file
 * holds the full lists once, for the first release (6.0.0), and for every later release only
 * what it added and removed against the release it is compared with; `listsAt` replays those
 * steps to give any release's full lists.
 */
import fs from 'node:fs';
import {compareVersions, RELEASE_FACTS_FILE} from '../../config/releases';
import type {ReleaseLists} from './extract';

export const LIST_KINDS = ['operations', 'settings', 'migrations', 'flags'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export interface ListChange {
  added: string[];
  removed: string[];
}

/**
 * How the release it is compared with was chosen:
 * - `ancestor`: the nearest lower release whose tag is in this release's history;
 * - `branch-point`: no lower release's tag is in its history (it was tagged on a release
 *   branch), so the lower release whose history it shares most, and of those the one with the
 *   fewest commits of its own: the release its line branched from;
 * - `previous-release`: a release without a tag (read from its npm package), compared with the
 *   newest tagged release below it.
 */
export type Relation = 'ancestor' | 'branch-point' | 'previous-release';

export interface ReleaseFacts {
  version: string;
  /** ISO 8601, UTC. */
  date: string;
  /** `tag`: the tag's creator date in the repository; `npm-registry`: the time the npm registry gives for the version. */
  dateSource: 'tag' | 'npm-registry';
  /** Where the code was read: `Unleash/unleash@v8.1.0`, `unleash-server@8.2.0`. */
  readFrom: string;
  comparedWith?: {version: string; relation: Relation};
  /** Sizes of the full lists at this release. */
  counts: Record<ListKind, number>;
  /** Against `comparedWith`; absent for the first release. */
  changes?: Record<ListKind, ListChange>;
}

export interface ReadingCheck {
  version: string;
  /** The served description it was compared with, relative to the repository. */
  served: string;
  servedCount: number;
  /** Per reading: how many operationIds it finds, which served ones it misses, which it has that are not served. */
  readings: Record<'literal' | 'declared' | 'chosen', {count: number; missing: string[]; extra: string[]}>;
}

export interface AgreementCheck {
  version: string;
  source: string;
  package: string;
  /** Per list: names only the repository's sources have, and only the package's build has. */
  differences: Record<ListKind, {onlyInSource: string[]; onlyInPackage: string[]}>;
}

export interface ReleaseFactsFile {
  about: string;
  /** How each list and each comparison is read, in a sentence or two. */
  method: Record<ListKind | 'comparison' | 'dates', string>;
  sources: {repository: string; mirrorHead: string; packages: string[]};
  checks: {sourceAgainstPackage: AgreementCheck[]; operationsAgainstServed: ReadingCheck[]};
  baseline: ReleaseLists & {version: string};
  /** In version order, oldest first. */
  releases: ReleaseFacts[];
}

export function loadFacts(file = RELEASE_FACTS_FILE): ReleaseFactsFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ReleaseFactsFile;
}

export function listChange(before: readonly string[], after: readonly string[]): ListChange {
  const [old, current] = [new Set(before), new Set(after)];
  return {added: after.filter((name) => !old.has(name)), removed: before.filter((name) => !current.has(name))};
}

function applyChange(list: readonly string[], change: ListChange): string[] {
  const removed = new Set(change.removed);
  return [...list.filter((name) => !removed.has(name)), ...change.added].sort();
}

/** A release's full lists, replayed from the baseline along its chain of comparisons. */
export function listsAt(facts: ReleaseFactsFile, version: string): ReleaseLists {
  const byVersion = new Map(facts.releases.map((release) => [release.version, release]));
  const chain: ReleaseFacts[] = [];
  for (let current = byVersion.get(version); current && current.version !== facts.baseline.version; current = byVersion.get(current.comparedWith?.version ?? '')) {
    if (!current.changes || !current.comparedWith) throw new Error(`facts.json: ${current.version} has no comparison`);
    if (chain.includes(current)) throw new Error(`facts.json: the comparisons of ${version} go round in a circle`);
    chain.unshift(current);
  }
  if (!byVersion.has(version)) throw new Error(`facts.json has no release ${version}`);
  const start = chain[0]?.comparedWith?.version ?? version;
  if (start !== facts.baseline.version) throw new Error(`facts.json: the comparisons of ${version} end at ${start}, not at the baseline ${facts.baseline.version}`);
  const lists: ReleaseLists = {operations: facts.baseline.operations, settings: facts.baseline.settings, migrations: facts.baseline.migrations, flags: facts.baseline.flags};
  return chain.reduce(
    (current, release) => Object.fromEntries(LIST_KINDS.map((kind) => [kind, applyChange(current[kind], release.changes![kind])])) as unknown as ReleaseLists,
    lists,
  );
}

/** The releases, newest first. */
export function newestFirst(releases: readonly ReleaseFacts[]): ReleaseFacts[] {
  return [...releases].sort((a, b) => compareVersions(b.version, a.version));
}
