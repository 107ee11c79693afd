/**
 * The vitest suite for a set of runs: one server host for them (instances.ts), Chromium when a
 * program needs it, one test per run, the counts printed at the end. The runs are split over
 * two test files (programs.test.ts and programs-next.test.ts) so that vitest runs the two
 * Next.js builds on one core while the other programs run on the other.
 */
import {chromium, type Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CHROMIUM, CHROMIUM_ARGS} from '../bench/chromium';
import {startInstances, type Instances} from '../runnable/instances';
import {countPrograms, formatCounts} from './counts';
import {runOne, type RunResult} from './run';
import type {NotRunnableEntry, RunSpec} from './spec';
import {maxPatience} from '../testing/patience';

export function programSuite(title: string, runs: RunSpec[], notRunnable: NotRunnableEntry[]): void {
  describe(title, () => {
    let instances: Instances | undefined;
    let browser: Browser | undefined;
    const results: RunResult[] = [];
    const started = Date.now();

    beforeAll(async () => {
      instances = await startInstances();
    }, maxPatience(180_000));

    afterAll(async () => {
      await browser?.close();
      await instances?.close();
      console.log(`${title}\n${formatCounts(countPrograms(runs, notRunnable, results), Date.now() - started)}`);
    }, maxPatience(60_000));

    for (const run of runs) {
      it(`${run.page}: ${run.title}`, async () => {
        if (!instances) throw new Error('the server did not start');
        // A Chromium that crashed with one program is launched anew for the next.
        const launch = async () => (browser = browser?.isConnected() ? browser : await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS}));
        const result = await runOne(run, {instances, browser: launch});
        results.push(result);
        if (result.problems.length) console.log(`${run.page}: ${run.title}\n  ${result.notes.join('\n  ')}`);
        expect(result.problems).toEqual([]);
        // A Next.js build takes 30 to 130 s here on an idle machine; the bound grows with the load.
      }, maxPatience(isNextRun(run) ? 300_000 : 150_000));
    }
  });
}

/** Runs with a Next.js app, which `next build` builds: the heavy part, in a file of its own. */
export const isNextRun = (run: RunSpec) => Object.values(run.programs).some((program) => program.kind === 'next');
