import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {docsDir, listDocFiles, parsePage, routeOf, type DocPage} from '../content/pages';
import {pinnedPackages} from '../content/checked';
import {loadManifest, ManifestError, PRE_RENAME_REPOSITORY, type SdkEntry} from './manifest';
import {pageFileOf, pageVersionProblems, pinnedVersions, preRenameSources, withoutHistory} from './pageVersions';

const entries = loadManifest();

function page(body: string, checked: string[]): DocPage {
  return {file: 'x.md', route: '/reference/sdks/x', frontMatter: {checked}, body, prose: body, code: []};
}

const java: SdkEntry = {
  key: 'java',
  page: 'reference/sdks/java',
  name: 'Java SDK',
  repository: 'Unleash/unleash-java-sdk',
  release: 'v12.2.3',
  version: '12.2.3',
  commit: 'a'.repeat(40),
  read: 'git mirror at the tag',
  packages: [{registry: 'maven', name: 'io.getunleash:unleash-java-sdk'}],
};

describe('the SDK manifest', () => {
  it('has an entry for every SDK page, and a page for every entry', () => {
    // Folder index pages (the SDK overview, the OpenFeature overview) describe no one SDK.
    const sdkPages = listDocFiles(path.join(docsDir, 'reference/sdks'))
      .filter((file) => !/\/index\.mdx?$/.test(file))
      .map((file) => routeOf(file).slice(1));
    const inManifest = new Set(entries.map((entry) => entry.page));
    expect(sdkPages.filter((route) => !inManifest.has(route)), 'SDK pages without a manifest entry').toEqual([]);
    expect(entries.filter((entry) => !pageFileOf(entry.page)).map((entry) => entry.page), 'manifest pages that do not exist').toEqual([]);
  });

  it('names every repository by its current name', () => {
    expect(entries.filter((entry) => PRE_RENAME_REPOSITORY.test(entry.repository)).map((entry) => `${entry.key}: ${entry.repository}`)).toEqual([]);
  });

  it('gives remote readmes (REMOTE_CONTENT=fetch) the same repositories', () => {
    const site = JSON.parse(fs.readFileSync(path.join(docsDir, '../contract/site.json'), 'utf8')) as {sdkRepositories: Record<string, string>};
    const problems = entries.flatMap((entry) => {
      const configured = site.sdkRepositories[entry.key];
      return configured !== undefined && `Unleash/${configured.split(' ')[0]}` !== entry.repository ? [`${entry.key}: site.json reads ${configured}, the manifest ${entry.repository}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('holds npm packages read from node_modules at the versions package.json pins', () => {
    const pins = pinnedPackages();
    const problems = entries
      .filter((entry) => entry.release === 'npm')
      .flatMap((entry) => entry.packages.filter((pkg) => pkg.registry === 'npm' && pins.get(pkg.name) !== entry.version).map((pkg) => `${entry.key}: ${pkg.name}@${entry.version}, package.json pins ${pins.get(pkg.name) ?? 'nothing'}`));
    expect(problems).toEqual([]);
  });

  it('every SDK page names the release its manifest entry names', () => {
    const problems = entries.flatMap((entry) => pageVersionProblems(entry).map((problem) => `${entry.page}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('the overview pages name each SDK at its manifest version', () => {
    // An SDK is listed on the index page of its folder: the SDK overview, or the OpenFeature overview.
    const problems: string[] = [];
    for (const entry of entries) {
      const folder = path.dirname(entry.page);
      const overview = parsePage(pageFileOf(folder)!);
      const file = path.basename(entry.page);
      const line = overview.body.split('\n').find((l) => /^(- |\| )\[/.test(l) && (l.includes(`](${file}.md)`) || l.includes(`](./${file}.md)`)));
      if (!line) problems.push(`${entry.key}: ${folder} has no list item or table row linking ${file}.md`);
      else if (!new RegExp(`(?<![\\d.])${entry.version.replace(/\./g, '\\.')}(?!\\.?\\d)`).test(line)) problems.push(`${entry.key}: ${folder} does not name ${entry.version}: ${line.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  it('no page anywhere records an SDK read under a pre-rename repository name, unless its entry says why', () => {
    const allowed = new Set(entries.flatMap((entry) => (entry.behind?.checkedAs ? [entry.behind.checkedAs] : [])));
    const problems = listDocFiles()
      .map((file) => parsePage(file))
      .flatMap((page) => preRenameSources(page).filter((source) => !allowed.has(source)).map((source) => `${page.route}: ${source}`));
    expect(problems).toEqual([]);
  });

  it('rejects a malformed manifest with every problem named', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-')), 'manifest.yaml');
    fs.writeFileSync(file, 'sdks:\n  java:\n    page: reference/sdks/java\n    repository: not a repo\n    release: v1\n    version: "1.0"\n    packages: [{registry: jar, name: x}]\n');
    expect(() => loadManifest(file)).toThrow(ManifestError);
    try {
      loadManifest(file);
    } catch (error) {
      const message = (error as Error).message;
      for (const part of ['sdks.java.name', 'not Owner/name', 'not X.Y.Z', 'commit is required', 'sdks.java.read', '"jar" is not one of']) expect(message).toContain(part);
    }
  });
});

describe('page checks', () => {
  const good = '## Install\n\nThis page describes **unleash-java-sdk 12.2.3**.\n\n```kotlin\nimplementation("io.getunleash:unleash-java-sdk:12.2.3")\n```\n';

  it('accept a page that names the manifest release everywhere', () => {
    expect(pageVersionProblems(java, page(good, ['Unleash/unleash-java-sdk@v12.2.3']))).toEqual([]);
  });

  it('catch another version in the lead, in a pin, and a stale or pre-rename record', () => {
    const body = good.replace('sdk 12.2.3**', 'sdk 11.0.2**') + '\n```xml\n<artifactId>unleash-java-sdk</artifactId>\n<version>12.2.2</version>\n```\n';
    const problems = pageVersionProblems(java, page(body.replace('<artifactId>unleash-java-sdk', '<artifactId>io.getunleash:unleash-java-sdk'), ['Unleash/unleash-client-java@v11.0.2']));
    expect(problems.join('\n')).toContain('lacks "Unleash/unleash-java-sdk@v12.2.3"');
    expect(problems.join('\n')).toContain('pre-rename');
    expect(problems.join('\n')).toContain('the lead names "unleash-java-sdk 11.0.2"');
    expect(problems.join('\n')).toContain('at 12.2.2');
  });

  it('let an "Upgrading from" section name older versions', () => {
    const body = `${good}\n## Upgrading from 11\n\nReplace \`io.getunleash:unleash-java-sdk:11.0.2\`.\n\n### Removed\n\nold\n\n## Related\n\nio.getunleash:unleash-java-sdk:10.0.0\n`;
    expect(withoutHistory(body)).not.toContain('11.0.2');
    expect(withoutHistory(body)).toContain('## Related');
    expect(pageVersionProblems(java, page(body, ['Unleash/unleash-java-sdk@v12.2.3']))).toEqual(['pins io.getunleash:unleash-java-sdk at 10.0.0, but the manifest\'s version is 12.2.3']);
  });

  it('read versions after the coordinates each ecosystem writes', () => {
    expect(pinnedVersions('pip install UnleashClient==6.9.1', 'UnleashClient')).toEqual(['6.9.1']);
    expect(pinnedVersions("gem 'unleash', '~> 6.6.0'", 'unleash')).toEqual(['6.6.0']);
    expect(pinnedVersions('"unleash/client": "^2.10.1"', 'unleash/client')).toEqual(['2.10.1']);
    expect(pinnedVersions('go get github.com/Unleash/unleash-go-sdk/v6@v6.1.0', 'github.com/Unleash/unleash-go-sdk/v6')).toEqual(['6.1.0']);
    expect(pinnedVersions('<PackageReference Include="Unleash.Client" Version="6.1.0" />', 'Unleash.Client')).toEqual(['6.1.0']);
    expect(pinnedVersions('dotnet add package Unleash.Client --version 6.1.0', 'Unleash.Client')).toEqual(['6.1.0']);
    expect(pinnedVersions('unleash-api-client = "0.15.0"', 'unleash-api-client')).toEqual(['0.15.0']);
    // A longer name that starts with the package's name is another package.
    expect(pinnedVersions('unleash-client-java 11.0.2 and unleash-client.js', 'unleash-client')).toEqual([]);
  });
});
