/**
 * The copy check: no run of eight words on our pages may equal a run in the texts we read for
 * facts (Unleash's decision records and contributing guide). The texts themselves are not kept
 * here, only a hash of each eight-word run (fingerprints/*.json, written by
 * `npx tsx scripts/truth/fingerprint.ts`), so the check runs offline and nothing is copied to
 * hold it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {listDocFiles, parsePage, repoRoot} from '../content/pages';

export const SHINGLE_WORDS = 8;
export const FINGERPRINT_DIR = path.join(repoRoot, 'scripts/truth/fingerprints');

export interface Fingerprints {
  /** What was read: repository, commit and paths. */
  source: {repository: string; commit: string; paths: string[]};
  /** Which of our pages are held to it (route prefixes). */
  pages: string[];
  shingles: string[];
}

export function words(text: string): string[] {
  return text
    // Addresses are facts (where a thing lives), not prose.
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .toLowerCase()
    .replace(/[`*_#>|[\]()]/g, ' ')
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((word) => word.replace(/^['’-]+|['’-]+$/g, ''))
    .filter(Boolean);
}

export function shingleHash(run: string[]): string {
  return crypto.createHash('sha256').update(run.join(' ')).digest('hex').slice(0, 16);
}

export function shingles(text: string): Array<{hash: string; run: string[]}> {
  const list = words(text);
  const out: Array<{hash: string; run: string[]}> = [];
  for (let i = 0; i + SHINGLE_WORDS <= list.length; i += 1) {
    const run = list.slice(i, i + SHINGLE_WORDS);
    out.push({hash: shingleHash(run), run});
  }
  return out;
}

export function readFingerprints(dir = FINGERPRINT_DIR): Fingerprints[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Fingerprints);
}

export interface CopyReport {
  pages: number;
  runs: number;
  problems: string[];
}

export function checkCopies(files = listDocFiles(), sets = readFingerprints()): CopyReport {
  const report: CopyReport = {pages: 0, runs: 0, problems: []};
  for (const set of sets) {
    const known = new Set(set.shingles);
    for (const file of files) {
      const page = parsePage(file);
      if (!set.pages.some((prefix) => prefix === '/' || page.route === prefix || page.route.startsWith(`${prefix}/`))) continue;
      report.pages += 1;
      const text = `${page.prose}\n${page.code.map((block) => block.code).join('\n')}`;
      const copied: string[] = [];
      for (const {hash, run} of shingles(text)) {
        report.runs += 1;
        if (known.has(hash)) copied.push(run.join(' '));
      }
      if (copied.length > 0) {
        report.problems.push(`${path.relative(repoRoot, file)}: ${copied.length} run(s) of ${SHINGLE_WORDS} words as in ${set.source.repository}@${set.source.commit.slice(0, 10)}; write them anew: "${copied.slice(0, 3).join('", "')}"`);
      }
    }
  }
  return report;
}
