/**
 * The JavaScript/TypeScript programs on the pages, assembled from their blocks and run against
 * the pinned unleash-server on a throwaway PostgreSQL (one fresh instance per run, see run.ts):
 * Node programs with node or tsx, browser programs (plain JS SDK, React, Vue) bundled with
 * esbuild and opened in Chromium. What they print or render is compared with what the page
 * says. The runs with a Next.js app are in programs-next.test.ts. The counts are printed at the
 * end: programs run and passed here, and the blocks not run, by reason.
 */
import {describe, expect, it} from 'vitest';
import {COVERED_PAGES} from './covered';
import {loadNotRunnable, loadRuns, specProblems} from './spec';
import {isNextRun, programSuite} from './suite';

const runs = loadRuns();
const notRunnable = loadNotRunnable();

describe('programs: the lists', () => {
  it('every program has its blocks, every claim is on its page, every JS/TS block is run or listed with a reason', () => {
    expect(specProblems(runs, notRunnable, COVERED_PAGES)).toEqual([]);
  });
});

programSuite('programs run against unleash-server (Node.js and Chromium)', runs.filter((run) => !isNextRun(run)), notRunnable);
