/**
 * The SDK source manifest (`scripts/sdks/manifest.yaml`): for every SDK page, the repository
 * it was read from (by its current name), the release and commit read, and the coordinates a
 * reader installs. The pages' `checked` records and the version each page names are held to it
 * by `manifest.test.ts`; `npm run sdks:check` compares it with the newest releases it can see.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from '../content/pages';

export const MANIFEST_FILE = path.join(repoRoot, 'scripts/sdks/manifest.yaml');

export const REGISTRIES = ['npm', 'maven', 'nuget', 'pypi', 'crates', 'rubygems', 'packagist', 'go', 'swift', 'cocoapods', 'pub'] as const;
export type Registry = (typeof REGISTRIES)[number];

export interface PackageCoordinate {
  registry: Registry;
  name: string;
}

export interface SdkEntry {
  /** Key in the manifest, e.g. `java`. */
  key: string;
  /** Route of the page without the leading slash, e.g. `reference/sdks/java`. */
  page: string;
  name: string;
  /** `Owner/name`, the repository's current name. */
  repository: string;
  /** The release read: a repository tag, or `npm` for a package read from node_modules. */
  release: string;
  /** The version the page names (X.Y.Z). */
  version: string;
  /** The commit of the release tag, when the release was read from the repository. */
  commit?: string;
  /** How the source was read (git mirror at the tag, search index, the pinned npm package). */
  read: string;
  packages: PackageCoordinate[];
  /** The version the page described before it was read at this release. */
  previous?: string;
  /**
   * Set when the newest release could not be read here: the page keeps describing `version`,
   * says so where it opens, and names the newest release (`pageNames`).
   */
  behind?: Behind;
}

export interface Behind {
  /** The newest release, as far as it is known. */
  newest: string;
  /** Why it could not be read. */
  reason: string;
  /** The `checked` entry the page carries instead of `<repository>@<release>` (what was really read). */
  checkedAs?: string;
  /** Text the page must contain, naming the newest release for the reader. */
  pageNames: string;
}

/**
 * Repository names from before Unleash renamed its SDK repositories in 2025. Copies under these
 * names stop at the last release before the move, so a page read from one describes an old SDK.
 */
export const PRE_RENAME_REPOSITORY = /^Unleash\/(unleash-client-[\w-]+|unleash-proxy-client-(swift|js)|unleash-android|unleash_proxy_client_flutter|proxy-client-(react|vue|svelte))$/i;

const SEMVER = /^\d+\.\d+\.\d+$/;
const COMMIT = /^[0-9a-f]{40}$/;
const REPOSITORY = /^[A-Za-z0-9][\w-]*\/[A-Za-z0-9][\w.-]*$/;

export class ManifestError extends Error {}

/** Every entry of the manifest, or a ManifestError naming each malformed field. */
export function loadManifest(file = MANIFEST_FILE): SdkEntry[] {
  const raw = YAML.parse(fs.readFileSync(file, 'utf8')) as {sdks?: Record<string, Record<string, unknown>>} | null;
  const sdks = raw?.sdks;
  if (!sdks || typeof sdks !== 'object') throw new ManifestError(`${path.relative(repoRoot, file)}: expected a top-level \`sdks:\` map`);
  const problems: string[] = [];
  const entries: SdkEntry[] = [];
  for (const [key, value] of Object.entries(sdks)) {
    const where = `sdks.${key}`;
    const text = (field: string): string => {
      const v = value?.[field];
      if (typeof v !== 'string' || v.trim() === '') {
        problems.push(`${where}.${field} must be a non-empty string`);
        return '';
      }
      return v;
    };
    const entry: SdkEntry = {
      key,
      page: text('page'),
      name: text('name'),
      repository: text('repository'),
      release: text('release'),
      version: text('version'),
      read: text('read'),
      packages: [],
    };
    if (entry.repository && !REPOSITORY.test(entry.repository)) problems.push(`${where}.repository "${entry.repository}" is not Owner/name`);
    if (entry.version && !SEMVER.test(entry.version)) problems.push(`${where}.version "${entry.version}" is not X.Y.Z`);
    if (value?.commit !== undefined) {
      if (typeof value.commit !== 'string' || !COMMIT.test(value.commit)) problems.push(`${where}.commit must be a 40-digit hexadecimal commit`);
      else entry.commit = value.commit;
    } else if (entry.release !== 'npm') {
      problems.push(`${where}.commit is required when the release is a repository tag`);
    }
    if (value?.previous !== undefined) entry.previous = String(value.previous);
    if (value?.behind !== undefined) {
      const behind = value.behind as Record<string, unknown>;
      const field = (name: string) => (typeof behind?.[name] === 'string' && (behind[name] as string).trim() !== '' ? (behind[name] as string) : undefined);
      const newest = field('newest');
      const reason = field('reason');
      const pageNames = field('page_names');
      if (!newest || !reason || !pageNames) problems.push(`${where}.behind needs newest, reason and page_names`);
      else entry.behind = {newest, reason, pageNames, checkedAs: field('checked_as')};
    }
    const packages = value?.packages;
    if (!Array.isArray(packages) || packages.length === 0) {
      problems.push(`${where}.packages must list at least one {registry, name}`);
    } else {
      for (const [i, pkg] of packages.entries()) {
        const registry = (pkg as Record<string, unknown>)?.registry;
        const name = (pkg as Record<string, unknown>)?.name;
        if (!REGISTRIES.includes(registry as Registry)) problems.push(`${where}.packages[${i}].registry "${String(registry)}" is not one of ${REGISTRIES.join(', ')}`);
        else if (typeof name !== 'string' || name === '') problems.push(`${where}.packages[${i}].name must be a non-empty string`);
        else entry.packages.push({registry: registry as Registry, name});
      }
    }
    entries.push(entry);
  }
  if (problems.length > 0) throw new ManifestError(`${path.relative(repoRoot, file)}:\n  ${problems.join('\n  ')}`);
  return entries;
}

/** The `checked` entry a page read from this source must carry. */
export function checkedEntryOf(entry: SdkEntry): string {
  if (entry.behind?.checkedAs) return entry.behind.checkedAs;
  if (entry.release === 'npm') {
    const npm = entry.packages.find((pkg) => pkg.registry === 'npm');
    return `${npm?.name ?? '?'}@${entry.version}`;
  }
  return `${entry.repository}@${entry.release}`;
}
