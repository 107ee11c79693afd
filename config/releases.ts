/**
 * Where the release notes live: one page per minor series (`/release-notes/unleash-8.0`), a
 * section per release on it (`#unleash-8-0-3`), and the index of every release at
 * `/release-notes`. The releases themselves are those of `config/releases/facts.json`
 * (`npm run releases:facts`), from 6.0.0 on.
 *
 * The series keeps its dot (`unleash-8.0`, not `unleash-8-0`): Docusaurus 3.10 builds such a
 * page as `unleash-8.0.html`, resolves file links and anchors to it, and `docusaurus serve`
 * and the nginx recipe (`try_files $uri $uri.html`) both answer the clean URL. The anchor
 * uses dashes only, so it needs no escaping in a CSS selector.
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from './paths';

export const RELEASE_NOTES_ROUTE = '/release-notes';
export const RELEASE_NOTES_DIR = 'docs/release-notes';
export const RELEASE_FACTS_FILE = path.join(repoRoot, 'config/releases/facts.json');

/** `8.0.3` → [8, 0, 3]; throws on anything that is not a plain release version. */
export function parseVersion(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a release version (x.y.z)`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Semantic-version order: negative when `a` comes before `b`. */
export function compareVersions(a: string, b: string): number {
  const [left, right] = [parseVersion(a), parseVersion(b)];
  return left[0] - right[0] || left[1] - right[1] || left[2] - right[2];
}

/** The minor series a release belongs to: `8.0.3` → `8.0`. */
export function seriesOf(version: string): string {
  const [major, minor] = parseVersion(version);
  return `${major}.${minor}`;
}

/** The page of a minor series: `/release-notes/unleash-8.0`. */
export function releaseSeriesRoute(series: string): string {
  return `${RELEASE_NOTES_ROUTE}/${releaseSeriesSlug(series)}`;
}

/** The page's file name without `.md`: `unleash-8.0`. */
export function releaseSeriesSlug(series: string): string {
  if (!/^\d+\.\d+$/.test(series)) throw new Error(`"${series}" is not a minor series (x.y)`);
  return `unleash-${series}`;
}

/** The heading id of a release on its series page: `unleash-8-0-3`. */
export function releaseAnchor(version: string): string {
  return `unleash-${parseVersion(version).join('-')}`;
}

/** `releaseNoteRoute('8.0.3')` → `/release-notes/unleash-8.0#unleash-8-0-3`. */
export function releaseNoteRoute(version: string): string {
  return `${releaseSeriesRoute(seriesOf(version))}#${releaseAnchor(version)}`;
}

let knownVersions: Set<string> | undefined;

/** The releases that have notes: those of facts.json (none when the file is absent). */
export function releasesWithNotes(file = RELEASE_FACTS_FILE): Set<string> {
  if (file !== RELEASE_FACTS_FILE) return readVersions(file);
  return (knownVersions ??= readVersions(file));
}

function readVersions(file: string): Set<string> {
  if (!fs.existsSync(file)) return new Set();
  const facts = JSON.parse(fs.readFileSync(file, 'utf8')) as {releases?: Array<{version: string}>};
  return new Set((facts.releases ?? []).map((release) => release.version));
}

/** The route of a release's notes, or undefined for a release without notes (before 6.0.0, or unknown). */
export function releaseNoteRouteIfAny(version: string, versions = releasesWithNotes()): string | undefined {
  return versions.has(version) ? releaseNoteRoute(version) : undefined;
}
