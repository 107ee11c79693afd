import {describe, expect, it} from 'vitest';
import type {DocPage} from '../content/pages';
import {parseNotRunnable, parseSetup} from './config';
import {emptyCounts, formatCounts, planRuns} from './plan';
import {samplesOf} from './samples';

const page = (file: string, ...codes: string[]): DocPage => ({
  file: `${process.cwd()}/${file}`,
  route: '/x',
  frontMatter: {},
  body: '',
  prose: '',
  code: codes.map((code, i) => ({language: 'bash', meta: '', code, line: i * 10 + 1})),
});

describe('parseSetup and parseNotRunnable', () => {
  it('refuses entries without a reason of a few words, unknown keys and unknown reasons', () => {
    expect(() => parseSetup('pages:\n  docs/a.md:\n    why: short\n')).toThrow(/needs a `why`/);
    expect(() => parseSetup('pages:\n  docs/a.md:\n    why: the reader created the flag\n    extra: 1\n')).toThrow(/unknown key "extra"/);
    expect(() => parseSetup('pages:\n  docs/a.md:\n    why: the reader created the flag\n    steps: [{request: "MAKE /x"}]\n')).toThrow(/not "<METHOD> \/path"/);
    expect(() => parseNotRunnable('samples:\n  - {page: docs/a.md, reason: lazy, note: we did not try it}\n')).toThrow(/reason "lazy"/);
    expect(() => parseNotRunnable('samples:\n  - {page: docs/a.md, reason: older-version, note: served up to Unleash 5.12}\n')).toThrow(/answers/);
  });
});

describe('planRuns', () => {
  const pages = [samplesOf(page('docs/a.md', 'curl https://unleash.example.com/one', 'curl https://unleash.example.com/two'))];

  it('takes listed samples out, keeps older-version ones running, and reports stale entries', () => {
    const plan = planRuns(
      pages,
      parseNotRunnable(
        [
          'samples:',
          '  - {page: docs/a.md, match: /one, reason: paid-edition, note: an Enterprise feature only}',
          '  - {page: docs/a.md, match: /two, reason: older-version, note: served up to Unleash 5.12, answers: 404}',
          '  - {page: docs/a.md, match: /three, reason: third-party, note: the reader has a webhook}',
          '  - {page: docs/gone.md, reason: third-party, note: the reader has a webhook}',
        ].join('\n'),
      ),
      parseSetup('pages:\n  docs/b.md:\n    why: the reader created the flag\n'),
    );
    expect(plan.pages[0]!.skipped.map((item) => item.entry.reason)).toEqual(['paid-edition', 'older-version']);
    expect(plan.pages[0]!.runs).toBe(true);
    expect(plan.problems).toEqual([
      'not-runnable.yaml: docs/a.md: no request block contains "/three"',
      'not-runnable.yaml: docs/gone.md has no request samples (or no such page)',
      'setup.yaml: docs/b.md has no request samples (or no such page)',
    ]);
  });

  it('prints the counts by reason', () => {
    const counts = {...emptyCounts(), written: 10, ran: 7, passed: 6};
    counts.notRunnable['paid-edition'] = 3;
    expect(formatCounts(counts, 4, 2500)).toBe(
      ['Request samples: 10 written on the pages.', 'Ran 7 calls from 4 pages against unleash-server, 6 passed, 1 failed (2.5 s).', 'Not runnable, syntax checked only: 3 (paid-edition 3).'].join('\n'),
    );
  });
});
