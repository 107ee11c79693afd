/**
 * The versions of the HTTP API reference: the current one (the `unleash-server` package.json
 * pins, 8.x) at /reference/api/unleash, and the newest release of each older major that the
 * site still documents (`unleash-server-7`: `npm:unleash-server@7.6.5`) under
 * /reference/api/unleash/v<major>. Every page of a version is the kebab-case operationId of the
 * operation it documents, as the OpenAPI docs plugin names it, so the same operation has the
 * same last path segment in every version:
 *
 *   /reference/api/unleash/get-feature       Unleash 8.2.0 (current)
 *   /reference/api/unleash/v7/get-feature    Unleash 7.6.5
 *   /reference/api/unleash/v7                the 7.6.5 introduction
 *   /reference/api/unleash/v7/openapi.json   the 7.6.5 description, for download
 *
 * Node only (reads package.json); the browser gets these values through generated pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {repoRoot} from './paths';

/** Older majors with a reference of their own; each needs `unleash-server-<major>` in package.json. */
export const OLDER_API_MAJORS = [7] as const;

export const CURRENT_API_BASE_ROUTE = '/reference/api/unleash';

export interface ApiReferenceVersion {
  /** Unleash major version: 8, 7. */
  major: number;
  /** The unleash-server release the reference documents: `8.2.0`. */
  version: string;
  /** What the version picker and the page titles call it: `Unleash 7.6.5`. */
  label: string;
  /** The installed package that serves it: `unleash-server`, `unleash-server-7`. */
  packageName: string;
  /** The version the site documents; its pages keep the reference's original routes. */
  current: boolean;
  /** Route of its introduction; every other page is `<baseRoute>/<slug>`. */
  baseRoute: string;
  /** Where its pages are generated, relative to the repository (never committed). */
  outputDir: string;
  /** The docs plugin instance that serves the pages: the site's docs for the current version, one of its own for an older one. */
  docsPluginId: string;
  /** Where its bundled OpenAPI description is written for the generator. */
  bundleFile: string;
  /** Where that description is published for download. */
  downloadRoute: string;
}

function pinned(packageName: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {devDependencies?: Record<string, string>};
  const declared = manifest.devDependencies?.[packageName];
  const version = declared?.replace(/^npm:unleash-server@/, '');
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json must pin ${packageName} to an exact version of unleash-server (it says ${declared ?? 'nothing'})`);
  return version;
}

const bundleDir = path.join(repoRoot, '.docusaurus/openapi');

/** Every version of the reference, the current one first. */
export function apiReferenceVersions(): ApiReferenceVersion[] {
  const currentVersion = pinned('unleash-server');
  const current: ApiReferenceVersion = {
    major: Number(currentVersion.split('.')[0]),
    version: currentVersion,
    label: `Unleash ${currentVersion}`,
    packageName: 'unleash-server',
    current: true,
    baseRoute: CURRENT_API_BASE_ROUTE,
    outputDir: 'docs/reference/api/unleash',
    docsPluginId: 'default',
    bundleFile: path.join(bundleDir, 'unleash.json'),
    downloadRoute: `${CURRENT_API_BASE_ROUTE}/openapi.json`,
  };
  const older = OLDER_API_MAJORS.map((major): ApiReferenceVersion => {
    const packageName = `unleash-server-${major}`;
    const version = pinned(packageName);
    if (Number(version.split('.')[0]) !== major) throw new Error(`package.json pins ${packageName} to ${version}, not a ${major}.x release`);
    const baseRoute = `${CURRENT_API_BASE_ROUTE}/v${major}`;
    return {
      major,
      version,
      label: `Unleash ${version}`,
      packageName,
      current: false,
      baseRoute,
      // Outside docs/: the site's docs instance compiles every MDX file under its folder.
      outputDir: `docs-api/v${major}`,
      docsPluginId: `api-${major}`,
      bundleFile: path.join(bundleDir, `unleash-${major}.json`),
      downloadRoute: `${baseRoute}/openapi.json`,
    };
  });
  return [current, ...older];
}

export function apiReferenceVersion(major: number): ApiReferenceVersion {
  const found = apiReferenceVersions().find((candidate) => candidate.major === major);
  if (!found) throw new Error(`The site has no API reference for Unleash ${major}.x (it has ${apiReferenceVersions().map((v) => `${v.major}.x`).join(', ')})`);
  return found;
}

/** The page slug the OpenAPI docs plugin gives an operation: its operationId in kebab case. */
export function operationSlug(operationId: string): string {
  return kebabCase(operationId);
}

/**
 * The route of an operation's page in the reference of an Unleash major version:
 * `operationRoute(7, 'getFeature')` is `/reference/api/unleash/v7/get-feature`.
 */
export function operationRoute(major: number, operationId: string): string {
  return `${apiReferenceVersion(major).baseRoute}/${operationSlug(operationId)}`;
}

/** Search tag (`docsearch:docusaurus_tag`) of the pages of a docs plugin instance's current version. */
export function docsSearchTag(docsPluginId: string): string {
  return `docs-${docsPluginId}-current`;
}
