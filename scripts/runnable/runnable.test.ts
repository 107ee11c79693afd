/**
 * Every HTTP request on the hand-written pages, run against the pinned unleash-server on a
 * throwaway PostgreSQL: one fresh instance per page (instances.ts), the page's samples in
 * order (run.ts), after the page's set-up (setup.yaml). Samples in not-runnable.yaml get the
 * syntax check instead. The counts are printed at the end.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadNotRunnable, loadSetup} from './config';
import {startInstances, type Instances} from './instances';
import {emptyCounts, formatCounts, planRuns} from './plan';
import {runPage, type PageRun} from './run';
import {collectSamples} from './samples';
import {maxPatience} from '../testing/patience';

const pages = collectSamples();
const plan = planRuns(pages, loadNotRunnable(), loadSetup());
const counts = emptyCounts();
for (const page of plan.pages) {
  for (const sample of page.samples.samples) counts.written += sample.requests.length;
  for (const {sample, entry} of page.skipped) counts.notRunnable[entry.reason] += sample.requests.length;
}

describe('request samples: the lists', () => {
  it('every not-runnable entry and every set-up names samples that exist', () => {
    expect(plan.problems).toEqual([]);
  });

  it('samples that do not run still parse: curl words, URL, JSON body', () => {
    const problems = plan.pages.flatMap((page) =>
      page.skipped.flatMap(({sample}) => sample.requests.flatMap((request) => request.problems.map((problem) => `${page.samples.file}:${request.line}: ${problem}`))),
    );
    expect(problems).toEqual([]);
  });

  it('a code block right after a request says what it is: title="Response" when it is the answer', () => {
    const unlabelled = plan.pages.flatMap((page) => page.samples.unlabelled.map((block) => `${page.samples.file}:${block.line} (${block.language})`));
    expect(unlabelled).toEqual([]);
  });
});

describe('request samples run against unleash-server', () => {
  let instances: Instances | undefined;
  const runs: PageRun[] = [];
  const started = Date.now();

  beforeAll(async () => {
    instances = await startInstances();
  }, maxPatience(180_000));

  afterAll(async () => {
    await instances?.close();
    const statusOnly = new Set(plan.pages.flatMap((page) => page.skipped.filter((item) => item.entry.answers !== undefined).map((item) => item.sample)));
    for (const run of runs) {
      counts.ran += run.calls.length;
      counts.passed += run.calls.filter((call) => call.problems.length === 0).length;
      counts.statusOnly += run.calls.filter((call) => statusOnly.has(call.sample)).length;
    }
    console.log(formatCounts(counts, runs.length, Date.now() - started));
  }, maxPatience(60_000));

  // RUNNABLE_ONLY=<part of a page path> runs only the matching pages, while writing samples.
  const only = process.env.RUNNABLE_ONLY;
  for (const page of plan.pages.filter((candidate) => candidate.runs && (!only || candidate.samples.file.includes(only)))) {
    it(page.samples.file, async () => {
      if (!instances) throw new Error('the server did not start');
      const instance = await instances.start(page.samples.page.route, 'base', page.setup?.server);
      let run: PageRun;
      try {
        run = await runPage({samples: page.samples, instance, credentials: instances.credentials, setup: page.setup, skipped: page.skipped.map((item) => item.sample), answers: new Map(page.skipped.filter((item) => item.entry.answers !== undefined).map((item) => [item.sample, item.entry.answers!]))});
      } finally {
        await instance.stop();
      }
      runs.push(run);
      // RUNNABLE_DUMP=1 prints every answer, to write a page's responses from what the server says.
      if (process.env.RUNNABLE_DUMP) for (const call of run.calls) console.log(`${page.samples.file}:${call.sample.block.line} ${call.label} -> ${call.status}\n${call.body.slice(0, 4000)}`);
      const problems = [
        ...run.problems,
        ...run.calls.flatMap((call) => call.problems.map((problem) => `line ${call.sample.block.line}: ${call.label}: ${problem}`)),
      ];
      expect(problems).toEqual([]);
    }, maxPatience(120_000));
  }
});
