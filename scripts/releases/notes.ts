/**
 * The hand-written release notes: `config/releases/notes/<major>.yaml`, one file per major,
 * each listing every release of that major with a summary in our words and the reader-facing
 * items, each with its kind and the pull request, commit or package file it was read in:
 *
 *   releases:
 *     - version: 8.0.0
 *       summary: >-
 *         …
 *       items:
 *         - kind: added
 *           text: …
 *           source: https://github.com/Unleash/unleash/pull/12345
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {parseVersion} from '../../config/releases';
import {repoRoot} from '../../config/paths';

export const NOTES_DIR = path.join(repoRoot, 'config/releases/notes');

/** In the order a release's section shows them. */
export const NOTE_KINDS = ['added', 'changed', 'deprecated', 'removed', 'fixed', 'security'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface NoteItem {
  kind: NoteKind;
  text: string;
  source: string;
}

export interface ReleaseNote {
  version: string;
  summary: string;
  items: NoteItem[];
  /** The notes file it came from, relative to the repository. */
  file: string;
}

/** A pull request or commit of the Unleash repository. */
const GITHUB_SOURCE = /^https:\/\/github\.com\/Unleash\/unleash\/(pull\/\d+|commit\/[0-9a-f]{7,40})$/;
/** A file of a pinned package at its version: `unleash-server@8.2.0:dist/lib/…`. */
const PACKAGE_SOURCE = /^(unleash-server)@(\d+\.\d+\.\d+):(\S+)$/;

export type ParsedSource = {kind: 'github'; url: string; label: string} | {kind: 'package'; name: string; version: string; file: string};

export function parseSource(source: string): ParsedSource | undefined {
  const github = GITHUB_SOURCE.exec(source);
  if (github) {
    const [type, id] = github[1]!.split('/') as [string, string];
    return {kind: 'github', url: source, label: type === 'pull' ? `#${id}` : id.slice(0, 10)};
  }
  const pinned = PACKAGE_SOURCE.exec(source);
  if (pinned) return {kind: 'package', name: pinned[1]!, version: pinned[2]!, file: pinned[3]!};
  return undefined;
}

/** The notes files present, by major: `{8: '…/8.yaml'}`. */
export function notesFiles(dir = NOTES_DIR): Map<number, string> {
  if (!fs.existsSync(dir)) return new Map();
  return new Map(
    fs
      .readdirSync(dir)
      .flatMap((name) => {
        const match = /^(\d+)\.yaml$/.exec(name);
        return match ? [[Number(match[1]), path.join(dir, name)] as const] : [];
      })
      .sort(([a], [b]) => a - b),
  );
}

/** Every note of every file, and what is wrong with them (shape only; see notesProblems for the rest). */
export function loadNotes(dir = NOTES_DIR): {notes: ReleaseNote[]; problems: string[]} {
  const notes: ReleaseNote[] = [];
  const problems: string[] = [];
  for (const [major, file] of notesFiles(dir)) {
    const where = path.relative(repoRoot, file);
    const parsed = YAML.parse(fs.readFileSync(file, 'utf8')) as {releases?: unknown} | null;
    if (!parsed || !Array.isArray(parsed.releases)) {
      problems.push(`${where}: no \`releases\` list`);
      continue;
    }
    for (const [index, entry] of (parsed.releases as Array<Record<string, unknown>>).entries()) {
      const version = String(entry?.version ?? '');
      const at = `${where}: release ${version || `#${index + 1}`}`;
      if (!/^\d+\.\d+\.\d+$/.test(version)) {
        problems.push(`${at}: version must be x.y.z`);
        continue;
      }
      if (parseVersion(version)[0] !== major) problems.push(`${at}: a ${major}.x file holds ${version}`);
      const summary = typeof entry.summary === 'string' ? entry.summary.trim() : '';
      if (!summary) problems.push(`${at}: no summary`);
      const items = entry.items ?? [];
      if (!Array.isArray(items)) {
        problems.push(`${at}: items must be a list`);
        continue;
      }
      const parsedItems: NoteItem[] = [];
      for (const [itemIndex, item] of (items as Array<Record<string, unknown>>).entries()) {
        const itemAt = `${at}, item ${itemIndex + 1}`;
        const kind = String(item?.kind ?? '');
        const text = typeof item?.text === 'string' ? item.text.trim() : '';
        const source = typeof item?.source === 'string' ? item.source.trim() : '';
        if (!(NOTE_KINDS as readonly string[]).includes(kind)) problems.push(`${itemAt}: kind "${kind}" is not one of ${NOTE_KINDS.join(', ')}`);
        if (!text) problems.push(`${itemAt}: no text`);
        if (!source) problems.push(`${itemAt}: no source`);
        else if (!parseSource(source)) problems.push(`${itemAt}: source "${source}" is neither a pull request or commit URL of Unleash/unleash nor unleash-server@<version>:<file>`);
        parsedItems.push({kind: kind as NoteKind, text, source});
      }
      notes.push({version, summary, items: parsedItems, file: where});
    }
  }
  return {notes, problems};
}

/**
 * What is wrong between the notes and the releases: a note for a release that does not exist,
 * a release noted twice, a release missing from its major's file (a file covers every release
 * of its major), a package source at a version that is not the release's.
 */
export function notesProblems(notes: readonly ReleaseNote[], releases: readonly string[]): string[] {
  const problems: string[] = [];
  const known = new Set(releases);
  const seen = new Map<string, string>();
  for (const note of notes) {
    if (!known.has(note.version)) problems.push(`${note.file}: ${note.version} is not a release of facts.json`);
    if (seen.has(note.version)) problems.push(`${note.file}: ${note.version} is noted twice (also in ${seen.get(note.version)})`);
    seen.set(note.version, note.file);
    for (const item of note.items) {
      const source = parseSource(item.source);
      if (source?.kind === 'package' && source.version !== note.version) problems.push(`${note.file}: ${note.version} cites ${item.source}, a file of another release`);
    }
  }
  const noted = new Set(notes.map((note) => note.version));
  const majorsWithFiles = new Set(notes.map((note) => parseVersion(note.version)[0]));
  for (const version of releases) {
    if (majorsWithFiles.has(parseVersion(version)[0]) && !noted.has(version)) problems.push(`${version} has no note in config/releases/notes/${parseVersion(version)[0]}.yaml`);
  }
  return problems;
}
