/**
 * npm run sdks:check [-- --mirrors <dir>] [--timeout <ms>]
 *
 * For every entry of the SDK manifest, looks for a newer release than the one the page was
 * read at: in a local git mirror of the repository (`<dir>/<Owner>+<name>/repo`, default
 * `../.mirror` beside the project) and in the package registries it can reach. Prints what is
 * behind, and says which sources could not be reached. It never fails for a newer release
 * (that is work to do, not a broken build); it exits 2 only when the manifest itself is malformed.
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {repoRoot} from '../content/pages';
import {loadManifest, ManifestError, type PackageCoordinate, type SdkEntry} from './manifest';
import {compareVersions, newestStable, versionOf} from './versions';

const run = promisify(execFile);

interface Finding {
  source: string;
  newest?: string;
  /** Why nothing was found there. */
  unreachable?: string;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const mirrors = path.resolve(argument('--mirrors') ?? path.join(repoRoot, '../.mirror'));
const timeoutMs = Number(argument('--timeout') ?? 8000);

async function fromMirror(entry: SdkEntry): Promise<Finding> {
  const gitDir = path.join(mirrors, `${entry.repository.replace('/', '+')}`, 'repo');
  const source = `git tags (${path.relative(process.cwd(), gitDir) || gitDir})`;
  if (!fs.existsSync(gitDir)) return {source, unreachable: 'no local mirror'};
  try {
    const {stdout} = await run('git', ['--git-dir', gitDir, 'tag', '--list'], {timeout: timeoutMs});
    const newest = newestStable(stdout.split('\n'));
    return newest ? {source, newest} : {source, unreachable: 'no release tags'};
  } catch (error) {
    return {source, unreachable: (error as Error).message.split('\n')[0]};
  }
}

async function json(url: string): Promise<unknown> {
  const response = await fetch(url, {signal: AbortSignal.timeout(timeoutMs), headers: {accept: 'application/json'}});
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** The registry's newest stable version of one coordinate. */
async function fromRegistry(pkg: PackageCoordinate): Promise<Finding> {
  const source = `${pkg.registry} ${pkg.name}`;
  try {
    switch (pkg.registry) {
      case 'npm': {
        // Through npm itself, so a configured registry or mirror is honoured.
        const {stdout} = await run('npm', ['view', pkg.name, 'dist-tags.latest'], {timeout: timeoutMs});
        return {source, newest: stdout.trim()};
      }
      case 'pypi': {
        const data = (await json(`https://pypi.org/pypi/${encodeURIComponent(pkg.name)}/json`)) as {info: {version: string}};
        return {source, newest: data.info.version};
      }
      case 'nuget': {
        const data = (await json(`https://api.nuget.org/v3-flatcontainer/${pkg.name.toLowerCase()}/index.json`)) as {versions: string[]};
        return {source, newest: newestStable(data.versions)};
      }
      case 'maven': {
        const [group, artifact] = pkg.name.split(':');
        const data = (await json(`https://search.maven.org/solrsearch/select?q=g:${group}+AND+a:${artifact}&rows=1&wt=json`)) as {response: {docs: {latestVersion: string}[]}};
        return {source, newest: data.response.docs[0]?.latestVersion};
      }
      case 'crates': {
        const data = (await json(`https://crates.io/api/v1/crates/${pkg.name}`)) as {crate: {max_stable_version: string}};
        return {source, newest: data.crate.max_stable_version};
      }
      case 'rubygems': {
        const data = (await json(`https://rubygems.org/api/v1/versions/${pkg.name}/latest.json`)) as {version: string};
        return {source, newest: data.version};
      }
      case 'packagist': {
        const data = (await json(`https://repo.packagist.org/p2/${pkg.name}.json`)) as {packages: Record<string, {version: string}[]>};
        return {source, newest: newestStable((data.packages[pkg.name] ?? []).map((release) => release.version))};
      }
      case 'go': {
        const data = (await json(`https://proxy.golang.org/${pkg.name.toLowerCase()}/@latest`)) as {Version: string};
        return {source, newest: data.Version};
      }
      case 'pub': {
        const data = (await json(`https://pub.dev/api/packages/${pkg.name}`)) as {latest: {version: string}};
        return {source, newest: data.latest.version};
      }
      case 'cocoapods':
      case 'swift':
        return {source, unreachable: 'no registry to ask (Swift packages are the repository tags)'};
    }
  } catch (error) {
    const cause = (error as {cause?: {code?: string}}).cause?.code;
    return {source, unreachable: cause ?? (error as Error).message.split('\n')[0]};
  }
}

async function main(): Promise<void> {
  let entries: SdkEntry[];
  try {
    entries = loadManifest();
  } catch (error) {
    if (error instanceof ManifestError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let behind = 0;
  let unknown = 0;
  for (const entry of entries) {
    const findings = await Promise.all([fromMirror(entry), ...entry.packages.map(fromRegistry)]);
    const newer = findings.filter((finding) => finding.newest && versionOf(finding.newest) && compareVersions(finding.newest, entry.release === 'npm' ? entry.version : entry.release) > 0);
    const seen = findings.filter((finding) => finding.newest);
    const status = newer.length > 0 ? 'BEHIND' : seen.length > 0 ? 'current' : 'unknown';
    if (status === 'BEHIND') behind += 1;
    if (status === 'unknown') unknown += 1;
    console.log(`${status.padEnd(7)} ${entry.key.padEnd(20)} page names ${entry.version} (${entry.release === 'npm' ? 'npm' : entry.release})`);
    for (const finding of findings) {
      const mark = newer.includes(finding) ? '  newer:' : '        ';
      console.log(`${mark} ${finding.source}: ${finding.newest ?? `not reachable (${finding.unreachable})`}`);
    }
  }
  console.log(`\n${entries.length} SDKs: ${behind} behind a newer release, ${unknown} with no source reachable, ${entries.length - behind - unknown} current.`);
  if (behind > 0) console.log('Read each page that is behind at the newer release, update it and its manifest entry (scripts/sdks/manifest.yaml).');
}

void main();
