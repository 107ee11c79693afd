import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

/** These read every page or the whole Admin UI bundle; on two busy cores that takes minutes. */
const WHOLE_SITE_TIMEOUT = 240_000;
import {docsDir} from '../content/pages';
import {checkCopies, readFingerprints, shingles, type Fingerprints} from './copyCheck';

const source = 'Every new field added to an existing request body must be optional so that older clients keep working.';

function fingerprintsOf(text: string): Fingerprints {
  return {source: {repository: 'Unleash/unleash', commit: 'abc1234def', paths: ['x.md']}, pages: ['/contributing'], shingles: shingles(text).map(({hash}) => hash)};
}

function page(body: string): string {
  // A file under a temporary docs-like tree, whose route starts with /contributing.
  const dir = fs.mkdtempSync(path.join(docsDir, '..', '.copycheck-'));
  const file = path.join(dir, 'page.md');
  fs.writeFileSync(file, `---\ntitle: T\n---\n\n${body}\n`);
  return file;
}

describe('the copy check', () => {
  it('finds a run of eight words copied from a record, whatever the case and punctuation', () => {
    const file = page('Our rule: every NEW field added to an existing request body must be optional, always.');
    try {
      const report = checkCopies([file], [{...fingerprintsOf(source), pages: ['/']}]);
      expect(report.problems).toEqual([expect.stringMatching(/run\(s\) of 8 words as in Unleash\/unleash@abc1234def; write them anew: "every new field added to an existing request/)]);
    } finally {
      fs.rmSync(path.dirname(file), {recursive: true, force: true});
    }
  });

  it('accepts the same fact in other words', () => {
    const file = page('Fields you add to a request later are optional, so clients built earlier still work.');
    try {
      expect(checkCopies([file], [{...fingerprintsOf(source), pages: ['/']}]).problems).toEqual([]);
    } finally {
      fs.rmSync(path.dirname(file), {recursive: true, force: true});
    }
  });

  it('holds the contributing section to Unleash’s records', () => {
    const sets = readFingerprints();
    expect(sets.map((set) => set.source.repository)).toContain('Unleash/unleash');
    const report = checkCopies();
    console.log(`Copy check: ${report.pages} pages, ${report.runs} runs of eight words compared`);
    expect(report.pages).toBeGreaterThan(20);
    expect(report.problems).toEqual([]);
  }, WHOLE_SITE_TIMEOUT);
});
