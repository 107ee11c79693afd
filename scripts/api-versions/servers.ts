/**
 * The Unleash releases the site records: the documented server (`unleash-server`) and the
 * newest release of each older major, pinned in package.json under an alias
 * (`"unleash-server-7": "npm:unleash-server@7.6.5"`). Each serves its own OpenAPI description;
 * `npm run api:versions` saves them into openapi/versions/ for the changelog and the 7.x reference.
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../content/pages';
import {SERVED_OPENAPI} from '../unleash-server/paths';
import {pinnedServerVersion} from '../unleash-server/realServer';

export const VERSIONS_DIR = path.join(repoRoot, 'openapi/versions');

export interface RecordedServer {
  /** The package to start: `unleash-server` or an alias such as `unleash-server-7`. */
  packageName: string;
  version: string;
  major: number;
  /** Where its served description is saved. */
  file: string;
}

/** Every pinned server, oldest first; the documented one's description is the conformance test's. */
export function recordedServers(): RecordedServer[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {devDependencies: Record<string, string>};
  const names = Object.keys(manifest.devDependencies).filter((name) => /^unleash-server(-\d+)?$/.test(name));
  return names
    .map((packageName) => {
      const version = pinnedServerVersion(packageName);
      const file = packageName === 'unleash-server' ? SERVED_OPENAPI : path.join(VERSIONS_DIR, `unleash-server-${version}.json`);
      return {packageName, version, major: Number(version.split('.')[0]), file};
    })
    .sort((a, b) => a.major - b.major);
}

export function readDescription(server: RecordedServer): Record<string, any> {
  if (!fs.existsSync(server.file)) throw new Error(`${path.relative(repoRoot, server.file)} is missing: run npm run api:versions`);
  return JSON.parse(fs.readFileSync(server.file, 'utf8')) as Record<string, any>;
}
