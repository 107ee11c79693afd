/**
 * The Unleash version the site documents: the exact unleash-server version pinned in
 * package.json. Every truth check runs against that package, so bumping the pin re-runs them
 * all and changes what the site says it documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from './paths';

export function documentedUnleashVersion(manifest = path.join(repoRoot, 'package.json')): string {
  const {devDependencies = {}} = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {devDependencies?: Record<string, string>};
  const version = devDependencies['unleash-server'];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`package.json must pin unleash-server to an exact version (found ${version ?? 'none'}): it is the version the site documents`);
  }
  return version;
}
