/**
 * `npm run releases:page`: writes the release notes under docs/release-notes/ from
 * `config/releases/facts.json` (figures read from the code, scripts/releases/facts.ts) and the
 * hand-written notes in `config/releases/notes/<major>.yaml`:
 *
 * - `index.md`: every release, newest first, with its date, a link and a one-line summary;
 * - `unleash-<major>.<minor>.md`: a section per release of that series, newest first: date,
 *   what it is compared with, the summary, the notes by kind with their sources, and the
 *   figures computed from the code.
 *
 * The pages are committed so they build, search and get Markdown twins like any other;
 * page.test.ts fails when they are not what this renders.
 */
import fs from 'node:fs';
import path from 'node:path';
import {apiReferenceVersions, operationRoute} from '../../config/apiVersions';
import {repoRoot} from '../../config/paths';
import {compareVersions, parseVersion, RELEASE_NOTES_DIR, releaseAnchor, releaseSeriesSlug, seriesOf} from '../../config/releases';
import {bundle} from '../openapi/bundle';
import {servedDescriptionFile as olderServedDescription} from '../openapi/versions';
import {LIST_KINDS, loadFacts, newestFirst, type ListKind, type ReleaseFacts, type ReleaseFactsFile} from './data';
import {servedOperationIds} from './facts';
import {loadNotes, NOTE_KINDS, parseSource, type NoteKind, type ReleaseNote} from './notes';

export const PAGES_DIR = path.join(repoRoot, RELEASE_NOTES_DIR);
export const CONFIGURING_PAGE = path.join(repoRoot, 'docs/using-unleash/deploy/configuring-unleash.md');

/** Where the names of the computed figures can link. */
export interface LinkTargets {
  /** Route of an operation's page in the API reference (the current one, else an older one that has it). */
  operationPage(operationId: string): string | undefined;
  /** Whether the server-configuration page mentions this environment variable. */
  settingDocumented(name: string): boolean;
}

/** Operations of the current (8.x) reference, then of the older ones (7.x), as the site generates them. */
export function siteLinkTargets(): LinkTargets {
  const [current, ...older] = apiReferenceVersions();
  const references: Array<{major: number; ids: Set<string>}> = [
    {major: current!.major, ids: new Set(operationIdsOf(bundle()))},
    ...older.map((version) => ({major: version.major, ids: new Set(servedOperationIds(olderServedDescription(version)))})),
  ];
  const configuring = fs.readFileSync(CONFIGURING_PAGE, 'utf8');
  return {
    operationPage: (id) => {
      const reference = references.find((candidate) => candidate.ids.has(id));
      return reference ? operationRoute(reference.major, id) : undefined;
    },
    settingDocumented: (name) => new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(configuring),
  };
}

function operationIdsOf(document: {paths?: Record<string, Record<string, unknown>>}): string[] {
  return Object.values(document.paths ?? {}).flatMap((methods) =>
    Object.values(methods).flatMap((operation) => {
      const id = (operation as {operationId?: unknown} | null)?.operationId;
      return typeof id === 'string' ? [id] : [];
    }),
  );
}

const KIND_LABELS: Record<NoteKind, string> = {added: 'Added', changed: 'Changed', deprecated: 'Deprecated', removed: 'Removed', fixed: 'Fixed', security: 'Security'};

const LIST_LABELS: Record<ListKind, {name: string; inSentence: string; unit: [string, string]}> = {
  operations: {name: 'API operations', inSentence: 'API operations', unit: ['operation', 'operations']},
  settings: {name: 'Server settings', inSentence: 'server settings', unit: ['environment variable', 'environment variables']},
  migrations: {name: 'Database migrations', inSentence: 'database migrations', unit: ['migration', 'migrations']},
  flags: {name: 'Experimental flags', inSentence: 'experimental flags', unit: ['flag', 'flags']},
};

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (n: number) => NUMBER_WORDS[n] ?? String(n);
const plural = (n: number, [one, many]: [string, string]) => `${count(n)} ${n === 1 ? one : many}`;

/** `<` and `&` in Markdown prose, outside code spans, as text (CommonMark pages would read them as HTML). */
function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/&(?![a-z]+;|#\d+;)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Sentences of a summary, split where a full stop, question or exclamation mark meets a capital, digit or code. */
function sentences(text: string): string[] {
  return oneLine(text).split(/(?<=[.!?])\s+(?=[A-Z0-9`[*])/);
}

/**
 * The index's line: the summary's first sentence, or the first few when they are short ("A
 * patch release." alone tells a reader nothing), up to SHORT_LINE characters.
 */
export function leadSentences(text: string): string {
  const all = sentences(text);
  let lead = all[0] ?? '';
  for (const next of all.slice(1)) {
    if (lead.length >= SHORT_LINE) break;
    lead = `${lead} ${next}`;
  }
  return lead;
}
const SHORT_LINE = 60;

export const displayDate = (iso: string) => iso.slice(0, 10);

/** A link from one release-notes page to a release's section: same page, or a sibling file. */
function releaseLink(version: string, fromSeries: string | undefined): string {
  const file = seriesOf(version) === fromSeries ? '' : `./${releaseSeriesSlug(seriesOf(version))}.md`;
  return `[${version}](${file}#${releaseAnchor(version)})`;
}

/** A bullet whose text may run over several lines (a nested list, say): later lines indented under it. */
function listItem(text: string): string {
  return `- ${text.split('\n').map((line, index) => (index === 0 || line.trim() === '' ? line.trimEnd() : `  ${line}`)).join('\n')}`;
}

function sourceLink(source: string): string {
  const parsed = parseSource(source);
  if (!parsed) throw new Error(`release notes: source "${source}" cannot be shown`);
  return parsed.kind === 'github' ? `[${parsed.label}](${parsed.url})` : `\`${parsed.name}@${parsed.version}:${parsed.file}\``;
}

function nameList(kind: ListKind, names: readonly string[], links: LinkTargets): string {
  return names
    .map((name) => {
      if (kind === 'operations') {
        const route = links.operationPage(name);
        return route ? `[\`${name}\`](${route})` : `\`${name}\``;
      }
      if (kind === 'settings' && links.settingDocumented(name)) return `[\`${name}\`](../using-unleash/deploy/configuring-unleash.md)`;
      return `\`${name}\``;
    })
    .join(', ');
}

/** One line of the computed figures: what a list gained and lost, and its size after. */
function figureLine(kind: ListKind, release: ReleaseFacts, links: LinkTargets): string {
  const {name, unit} = LIST_LABELS[kind];
  const {added, removed} = release.changes![kind];
  const total = `${release.counts[kind]} in all`;
  if (added.length === 0 && removed.length === 0) return `- **${name}:** none added or removed (${total}).`;
  // Migration names say little to a reader; the count is what tells them an upgrade changes the database.
  const names = kind !== 'migrations';
  const parts = [
    ...(added.length ? [`${plural(added.length, unit)} added${names ? `: ${nameList(kind, added, links)}` : ''}`] : []),
    ...(removed.length ? [`${plural(removed.length, unit)} removed${names ? `: ${nameList(kind, removed, links)}` : ''}`] : []),
  ];
  return `- **${name}:** ${parts.join('; ')} (${total}).`;
}

function comparisonSentence(release: ReleaseFacts, series: string): string {
  const compared = release.comparedWith!;
  const link = releaseLink(compared.version, series);
  if (compared.relation === 'ancestor') return `Compared with ${link}, the nearest earlier release in its history.`;
  if (compared.relation === 'branch-point') {
    return `Compared with ${link}: ${release.version} was tagged on a release branch, so no earlier release tag is in its history, and ${compared.version} is the earliest of the releases it shares the most history with.`;
  }
  return `Compared with ${link}, the release before it. The repository mirror these notes were read from has no ${release.version} tag, so its figures come from the published \`unleash-server\` ${release.version} package.`;
}

function dateSentence(release: ReleaseFacts): string {
  return release.dateSource === 'tag'
    ? `Released ${displayDate(release.date)}.`
    : `Published ${displayDate(release.date)}, the time the npm registry gives for this version.`;
}

function releaseSection(release: ReleaseFacts, note: ReleaseNote | undefined, links: LinkTargets): string {
  const series = seriesOf(release.version);
  const lines = [`## Unleash ${release.version} {#${releaseAnchor(release.version)}}`, ''];
  lines.push(release.comparedWith ? `${dateSentence(release)} ${comparisonSentence(release, series)}` : `${dateSentence(release)} These notes start with this release, so it is not compared with an earlier one.`, '');
  if (note) lines.push(prose(note.summary.trim()), '');
  for (const kind of NOTE_KINDS) {
    const items = note?.items.filter((item) => item.kind === kind) ?? [];
    if (items.length === 0) continue;
    lines.push(`**${KIND_LABELS[kind]}**`, '', ...items.map((item) => listItem(`${prose(item.text.trim())} (${sourceLink(item.source)})`)), '');
  }
  if (release.changes) {
    lines.push(`**Computed from the code**, against ${release.comparedWith!.version}:`, '', ...LIST_KINDS.map((kind) => figureLine(kind, release, links)), '');
  } else {
    const totals = LIST_KINDS.map((kind) => `${release.counts[kind]} ${LIST_LABELS[kind].inSentence}`);
    lines.push(`**Computed from the code:** ${totals.slice(0, -1).join(', ')} and ${totals[totals.length - 1]}. Every later figure on these pages counts from here.`, '');
  }
  return lines.join('\n').trimEnd();
}

function seriesOfReleases(facts: ReleaseFactsFile): Map<string, ReleaseFacts[]> {
  const bySeries = new Map<string, ReleaseFacts[]>();
  for (const release of newestFirst(facts.releases)) bySeries.set(seriesOf(release.version), [...(bySeries.get(seriesOf(release.version)) ?? []), release]);
  return bySeries;
}

/** Front matter values that YAML would read otherwise (a version such as 8.0 is a number). */
const yamlString = (value: string) => JSON.stringify(value);

export function renderSeriesPage(series: string, releases: readonly ReleaseFacts[], notes: ReadonlyMap<string, ReleaseNote>, position: number, links: LinkTargets): string {
  const ordered = newestFirst(releases);
  const newest = ordered[0]!;
  const oldest = ordered[ordered.length - 1]!;
  const range = ordered.length === 1 ? newest.version : `${oldest.version} to ${newest.version}`;
  const front = [
    '---',
    `title: ${yamlString(`Unleash ${series} release notes`)}`,
    `sidebar_label: ${yamlString(`Unleash ${series}`)}`,
    `sidebar_position: ${position}`,
    `description: ${yamlString(`What changed in Unleash ${range}, and the API operations, server settings, database migrations and experimental flags each release added or removed.`)}`,
    `keywords: [${['release notes', 'changelog', 'upgrade', `Unleash ${series}`, ...ordered.map((release) => release.version)].map(yamlString).join(', ')}]`,
    'checked:',
    ...ordered.map((release) => `  - ${release.readFrom}`),
    '---',
  ];
  const span =
    ordered.length === 1
      ? `The Unleash ${series} line has one release, ${newest.version}, from ${displayDate(newest.date)}.`
      : `The Unleash ${series} line has ${count(ordered.length)} releases, from ${oldest.version} (${displayDate(oldest.date)}) to ${newest.version} (${displayDate(newest.date)}), newest first below.`;
  const intro = [
    `${span} Each section gives what the release changed for people who run Unleash or build on its API, with the pull request, commit or file each point was read in, followed by figures computed from the release's code: the HTTP API operations it serves, the environment variables its configuration reads, the database migrations it ships and the experimental flags it defines, each against the release it is compared with.`,
    '',
    `Releases of other lines are in the [release notes index](./index.md).`,
  ];
  const sections = ordered.map((release) => releaseSection(release, notes.get(release.version), links));
  return `${[...front, '', ...intro, '', sections.join('\n\n')].join('\n').trimEnd()}\n`;
}

/** The index's line for a release: the first sentence of its summary, or its figures when it has no note. */
function indexSummary(release: ReleaseFacts, note: ReleaseNote | undefined): string {
  if (note) return prose(leadSentences(note.summary));
  if (!release.changes) return `First release these notes cover: ${release.counts.operations} API operations.`;
  const changed = LIST_KINDS.filter((kind) => release.changes![kind].added.length + release.changes![kind].removed.length > 0).map((kind) => {
    const {added, removed} = release.changes![kind];
    return `${LIST_LABELS[kind].inSentence} +${added.length}/−${removed.length}`;
  });
  return changed.length ? `Computed changes: ${changed.join(', ')}.` : 'No computed changes.';
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderIndexPage(facts: ReleaseFactsFile, notes: ReadonlyMap<string, ReleaseNote>): string {
  const ordered = newestFirst(facts.releases);
  const newest = ordered[0]!;
  const oldest = ordered[ordered.length - 1]!;
  const untagged = ordered.filter((release) => release.dateSource === 'npm-registry').map((release) => release.version);
  const front = [
    '---',
    'title: Release notes',
    `description: ${yamlString(`Every Unleash release from ${oldest.version} to ${newest.version}, with its date, a summary, and the API operations, server settings, database migrations and experimental flags it added or removed.`)}`,
    `keywords: [${['release notes', 'changelog', "what's new", 'upgrade', 'Unleash versions', 'Unleash 6', 'Unleash 7', 'Unleash 8'].map(yamlString).join(', ')}]`,
    '---',
  ];
  const untaggedNote = untagged.length
    ? ` ${untagged.join(', ')} has no tag in the repository mirror the figures were read from, so its code is read from the published \`unleash-server\` package and its date is the time the npm registry gives for it.`
    : '';
  const intro = [
    `These notes cover every Unleash release from ${oldest.version} to ${newest.version}: ${ordered.length} releases, one page per minor line, newest first. Each release has a short summary and the changes that matter to someone running Unleash or building on its API, each linked to the pull request, commit or file it was read in.`,
    '',
    `Every release also has figures computed from its code and compared with the release before it: the HTTP API operations it serves (by operationId), the environment variables its configuration reads, the database migrations it ships and the experimental flags it defines. They are read from the release tags of the Unleash repository, and the dates are the dates of those tags.${untaggedNote} In this site's repository, \`npm run releases:facts\` reads them into \`config/releases/facts.json\` and \`npm run releases:page\` writes these pages.`,
    '',
    'A patch on an older line, such as 6.0.7, which came out after 6.1.0, is compared with the release before it on its own line, so its section shows what that patch changed for the people who installed it.',
  ];
  const majors = [...new Set(ordered.map((release) => parseVersion(release.version)[0]))];
  const tables = majors.map((major) => {
    const rows = ordered
      .filter((release) => parseVersion(release.version)[0] === major)
      .map((release) => `| ${releaseLink(release.version, undefined)} | ${displayDate(release.date)} | ${cell(indexSummary(release, notes.get(release.version)))} |`);
    return [`## Unleash ${major}`, '', '| Release | Date | Summary |', '| --- | --- | --- |', ...rows].join('\n');
  });
  return `${[...front, '', ...intro, '', tables.join('\n\n')].join('\n').trimEnd()}\n`;
}

/** Every page, by file name under docs/release-notes/. */
export function renderPages(facts: ReleaseFactsFile, notes: readonly ReleaseNote[], links: LinkTargets): Map<string, string> {
  const byVersion = new Map(notes.map((note) => [note.version, note]));
  const pages = new Map<string, string>([['index.md', renderIndexPage(facts, byVersion)]]);
  const series = [...seriesOfReleases(facts)].sort(([a], [b]) => compareVersions(`${b}.0`, `${a}.0`));
  series.forEach(([name, releases], index) => pages.set(`${releaseSeriesSlug(name)}.md`, renderSeriesPage(name, releases, byVersion, index + 1, links)));
  return pages;
}

export function writePages(pages: Map<string, string>, dir = PAGES_DIR): void {
  fs.mkdirSync(dir, {recursive: true});
  // Pages of series that no longer exist would otherwise stay behind.
  for (const file of fs.readdirSync(dir)) if (file.endsWith('.md') && !pages.has(file)) fs.rmSync(path.join(dir, file));
  for (const [file, text] of pages) fs.writeFileSync(path.join(dir, file), text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const {notes, problems} = loadNotes();
  if (problems.length) {
    console.error(`The notes have problems:\n${problems.join('\n')}`);
    process.exit(1);
  }
  const pages = renderPages(loadFacts(), notes, siteLinkTargets());
  writePages(pages);
  console.log(`Wrote ${pages.size} pages to ${path.relative(repoRoot, PAGES_DIR)} (${notes.length} releases with notes)`);
}
