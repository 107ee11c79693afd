/**
 * Issue #37: every feature page says which editions have the feature and since which release,
 * from config/availability.yaml; each claim is held to what the code and the tags show.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {availabilityElement, docIdOf} from '../plugins/availability';
import {markdownTwin} from '../plugins/llms';
import {availabilityOfDoc, availabilityText, EDITIONS, loadAvailability, sidebarBadge} from './availability';
import {releaseNoteRoute, releasesWithNotes} from './releases';
import {repoRoot} from './paths';

const docs = path.join(repoRoot, 'docs');

/** The folders whose pages describe product features, each page with a record. */
const COVERED = ['reference', 'how-to', 'using-unleash'];
const NOT_COVERED = ['reference/api/'];

function pagesIn(folder: string): string[] {
  return fs
    .readdirSync(path.join(docs, folder), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.relative(docs, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !NOT_COVERED.some((prefix) => file.startsWith(prefix)));
}

const tags = new Set(
  fs
    .readFileSync(path.join(repoRoot, 'config/unleash-release-tags.txt'), 'utf8')
    .split('\n')
    .filter((line) => /^v\d/.test(line.trim()))
    .map((line) => line.trim()),
);

/** Every file of the open-source server package that a gate can be in, read once. */
function packageText(): string {
  const roots = ['node_modules/unleash-server/dist/lib', 'node_modules/unleash-server/frontend/build/static'].map((dir) => path.join(repoRoot, dir));
  return roots
    .flatMap((root) => fs.readdirSync(root, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile() && entry.name.endsWith('.js')).map((entry) => path.join(entry.parentPath, entry.name)))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}

describe('the availability records', () => {
  const records = loadAvailability();

  it('cover every page of the feature folders, and name only pages that exist', () => {
    const pages = COVERED.flatMap(pagesIn);
    expect(pages.filter((page) => !records.has(page))).toEqual([]);
    expect([...records.keys()].filter((page) => !fs.existsSync(path.join(docs, page)))).toEqual([]);
  });

  it('name known editions with their evidence, and a release tag of Unleash as "since"', () => {
    const problems: string[] = [];
    for (const [page, record] of records) {
      if (!Array.isArray(record.editions) || record.editions.length === 0 || record.editions.some((edition) => !EDITIONS.includes(edition))) problems.push(`${page}: editions ${JSON.stringify(record.editions)}`);
      if (!record.evidence?.editions) problems.push(`${page}: no evidence for its editions`);
      if (record.since !== undefined && !tags.has(`v${record.since}`)) problems.push(`${page}: since ${record.since} is not a release tag of Unleash/unleash`);
      if (record.since !== undefined && !record.evidence?.since) problems.push(`${page}: no evidence for since ${record.since}`);
    }
    expect(problems).toEqual([]);
  });

  it('hold open-source claims to the routes the open-source 8.2.0 server serves, and paid gates to its code', () => {
    const served = JSON.parse(fs.readFileSync(path.join(repoRoot, 'openapi/server/openapi.json'), 'utf8')) as {paths: Record<string, unknown>};
    const code = packageText();
    const problems: string[] = [];
    for (const [page, record] of records) {
      if (record.oss_check !== undefined) {
        if (!(record.oss_check in served.paths)) problems.push(`${page}: the open-source server does not serve ${record.oss_check}`);
        if (!record.editions.includes('open-source')) problems.push(`${page}: checked against an open-source route but not said to be open source`);
      }
      if (record.paid_check !== undefined) {
        if (!code.includes(record.paid_check)) problems.push(`${page}: "${record.paid_check}" is not in the open-source code`);
        if (record.editions.includes('open-source')) problems.push(`${page}: a paid gate, but said to be open source`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('how availability is shown', () => {
  const paid = {editions: ['enterprise' as const], since: '5.7.0'};
  const all = {editions: [...EDITIONS]};

  it('as a sentence for the twin and search, and as a badge in the sidebar only for what not every edition has', () => {
    expect(availabilityText(paid)).toBe('Availability: Enterprise, since Unleash 5.7.0.');
    expect(availabilityText(all)).toBe('Availability: Open Source, Pro and Enterprise.');
    expect(sidebarBadge(paid)).toBe('Enterprise');
    expect(sidebarBadge({editions: ['enterprise', 'pro']})).toBe('Pro · Enterprise');
    expect(sidebarBadge(all)).toBeUndefined();
    expect(markdownTwin('---\ntitle: T\n---\n\nBody.\n', 'T', paid)).toBe('# T\n\n_Availability: Enterprise, since Unleash 5.7.0._\n\nBody.\n');
  });

  it('as a line of badges under the title of the page it belongs to', () => {
    const element = availabilityElement(paid);
    const text = (node: {value?: string; children?: unknown[]}): string => node.value ?? (node.children ?? []).map((child) => text(child as never)).join('');
    expect(text(element as never)).toBe('Availability: Enterprise since Unleash 5.7.0');
    expect(docIdOf(path.join(docs, 'reference/integrations/index.md'))).toBe('reference/integrations/index');
    expect(docIdOf('/elsewhere/page.md')).toBeUndefined();
    const [first] = loadAvailability().keys();
    if (first) expect(availabilityOfDoc(first.replace(/\.mdx?$/, ''))).toBeDefined();
  });

  it('links "since Unleash X" to the release notes of X when the site has them, and leaves an older release as text', () => {
    const since = (element: ReturnType<typeof availabilityElement>) =>
      element.children.find((child): child is typeof element => child.type === 'element' && (child.properties.className as string[]).includes('availability__since'))!;
    const linked = since(availabilityElement({editions: ['enterprise'], since: '6.8.0'}));
    expect(linked.children).toEqual([{type: 'element', tagName: 'a', properties: {href: '/release-notes/unleash-6.8#unleash-6-8-0'}, children: [{type: 'text', value: 'since Unleash 6.8.0'}]}]);
    const older = since(availabilityElement(paid));
    expect(older.children).toEqual([{type: 'text', value: 'since Unleash 5.7.0'}]);
    // Every record's release from 6.0.0 on has notes to link to.
    const noted = releasesWithNotes();
    const recent = [...loadAvailability().values()].flatMap((record) => (record.since && Number(record.since.split('.')[0]) >= 6 ? [record.since] : []));
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.filter((version) => !noted.has(version))).toEqual([]);
    expect(releaseNoteRoute(recent[0]!)).toMatch(/^\/release-notes\/unleash-\d+\.\d+#unleash-\d+-\d+-\d+$/);
  });
});
