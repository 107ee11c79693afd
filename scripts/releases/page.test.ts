/**
 * The release-notes pages under docs/release-notes/ are what `npm run releases:page` renders
 * from facts.json and the notes, so a changed figure or note fails here until the pages are
 * written again; and the notes themselves are held to the releases facts.json knows.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {releaseAnchor, releaseSeriesSlug, seriesOf} from '../../config/releases';
import {loadFacts, type ReleaseFacts} from './data';
import {loadNotes, NOTE_KINDS, notesProblems} from './notes';
import {leadSentences, PAGES_DIR, renderPages, renderSeriesPage, siteLinkTargets, type LinkTargets} from './page';

const facts = loadFacts();
const {notes, problems} = loadNotes();
const FIXTURES = path.join(__dirname, 'fixtures/notes');

describe('the release-notes pages', () => {
  const rendered = renderPages(facts, notes, siteLinkTargets());

  it('are what facts.json and the notes render (npm run releases:page writes them)', () => {
    const committed = fs.readdirSync(PAGES_DIR).filter((file) => file.endsWith('.md')).sort();
    expect(committed).toEqual([...rendered.keys()].sort());
    for (const [file, text] of rendered) expect(fs.readFileSync(path.join(PAGES_DIR, file), 'utf8'), file).toBe(text);
  });

  it('give every release of facts.json a section on its series page, and no section to anything else', () => {
    const sections = [...rendered].flatMap(([file, text]) => [...text.matchAll(/^## Unleash (\d+\.\d+\.\d+) \{#([\w-]+)\}$/gm)].map((match) => ({file, version: match[1]!, anchor: match[2]!})));
    expect(sections.map((section) => section.version).sort()).toEqual(facts.releases.map((release) => release.version).sort());
    for (const section of sections) {
      expect(section.file).toBe(`${releaseSeriesSlug(seriesOf(section.version))}.md`);
      expect(section.anchor).toBe(releaseAnchor(section.version));
    }
    const index = rendered.get('index.md')!;
    for (const release of facts.releases) expect(index).toContain(`[${release.version}](./${releaseSeriesSlug(seriesOf(release.version))}.md#${releaseAnchor(release.version)})`);
  });
});

describe('the notes', () => {
  it('give every item a kind from the list and a source, in files that parse', () => {
    expect(problems).toEqual([]);
    for (const note of notes) {
      for (const item of note.items) {
        expect(NOTE_KINDS, `${note.version}: ${item.text}`).toContain(item.kind);
        expect(item.source, `${note.version}: ${item.text}`).not.toBe('');
      }
    }
  });

  it('name only releases facts.json has, each once, and cover every release of a major they have a file for', () => {
    expect(notesProblems(notes, facts.releases.map((release) => release.version))).toEqual([]);
  });
});

describe('rendering (with the fixture notes)', () => {
  const fixture = loadNotes(FIXTURES);
  const release = (version: string) => facts.releases.find((candidate) => candidate.version === version)!;

  it('reads the fixture and finds what it lacks: a major file must cover every release of that major', () => {
    expect(fixture.problems).toEqual([]);
    const lacks = notesProblems(fixture.notes, facts.releases.map((candidate) => candidate.version));
    expect(lacks).toContain('8.0.0 has no note in config/releases/notes/8.yaml');
    expect(lacks.some((problem) => problem.startsWith('6.'))).toBe(false);
    expect(notesProblems([{...fixture.notes[0]!, version: '8.9.9'}], ['8.2.0'])).toEqual(expect.arrayContaining([expect.stringContaining('8.9.9 is not a release of facts.json')]));
  });

  it('shows the date, the comparison, the summary, the items by kind with their sources, and the computed figures with links', () => {
    const links: LinkTargets = {operationPage: (id) => (id === 'documentedOperation' ? '/reference/api/unleash/documented-operation' : undefined), settingDocumented: (name) => name === 'DOCUMENTED_SETTING'};
    const invented: ReleaseFacts = {
      ...release('8.2.0'),
      changes: {
        operations: {added: ['documentedOperation', 'otherOperation'], removed: []},
        settings: {added: ['DOCUMENTED_SETTING'], removed: ['OLD_SETTING']},
        migrations: {added: ['20260101000000-a', '20260102000000-b'], removed: []},
        flags: {added: [], removed: []},
      },
    };
    const page = renderSeriesPage('8.2', [invented], new Map(fixture.notes.map((note) => [note.version, note])), 1, links);
    expect(page).toContain('## Unleash 8.2.0 {#unleash-8-2-0}');
    expect(page).toContain('Published 2026-09-23, the time the npm registry gives for this version. Compared with [8.1.0](./unleash-8.1.md#unleash-8-1-0)');
    expect(page).toContain('8.2.0 adds four database migrations. One of them stores');
    expect(page).toContain('**Added**\n\n- The login history keeps a `user_agent` column, added by a migration. (`unleash-server@8.2.0:dist/migrations/20260902120000-add-user-agent-to-login-history.js`)');
    expect(page).toContain('- **API operations:** two operations added: [`documentedOperation`](/reference/api/unleash/documented-operation), `otherOperation` (211 in all).');
    expect(page).toContain('- **Server settings:** one environment variable added: [`DOCUMENTED_SETTING`](../using-unleash/deploy/configuring-unleash.md); one environment variable removed: `OLD_SETTING` (197 in all).');
    expect(page).toContain('- **Database migrations:** two migrations added (397 in all).');
    expect(page).toContain('- **Experimental flags:** none added or removed (67 in all).');
    expect(page).toMatch(/^---\ntitle: "Unleash 8.2 release notes"\nsidebar_label: "Unleash 8.2"\nsidebar_position: 1\ndescription: .+\nkeywords: \[.+\]\nchecked:\n {2}- unleash-server@8\.2\.0\n---\n/);
  });

  it('links a commit source by its short hash and explains a branch-point comparison', () => {
    const notesByVersion = new Map(fixture.notes.map((note) => [note.version, note]));
    const none: LinkTargets = {operationPage: () => undefined, settingDocumented: () => false};
    expect(renderSeriesPage('8.0', [release('8.0.1')], notesByVersion, 1, none)).toContain('**Fixed**\n\n- Operations without release metadata count as stable again until 8.1.0, so the served description lists them. ([9b28ed0112](https://github.com/Unleash/unleash/commit/9b28ed0112d209da82fbf06e8ccf431bc36ce844))');
    expect(renderSeriesPage('6.1', [release('6.1.0')], new Map(), 1, none)).toContain('Compared with [6.0.0](./unleash-6.0.md#unleash-6-0-0): 6.1.0 was tagged on a release branch');
  });

  it('takes the first sentence of a summary for the index, or more while they are short', () => {
    expect(leadSentences('A security patch that closes several ways to reach another project. It also fixes imports.')).toBe('A security patch that closes several ways to reach another project.');
    expect(leadSentences('A patch release. Changing your password signs you out elsewhere. More.')).toBe('A patch release. Changing your password signs you out elsewhere.');
    expect(leadSentences('Uses `8.0.3` as the base, e.g. for imports.')).toBe('Uses `8.0.3` as the base, e.g. for imports.');
  });
});
