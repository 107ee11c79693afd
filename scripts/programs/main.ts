/**
 * Runs the programs outside vitest, for work on a page: `npx tsx scripts/programs/main.ts
 * [part of a page path or program id …]`. Prints each run's problems and notes and the counts.
 */
import {chromium, type Browser} from 'playwright-core';
import {startInstances} from '../runnable/instances';
import {CHROMIUM, CHROMIUM_ARGS} from '../bench/chromium';
import {countPrograms, formatCounts} from './counts';
import {runOne, type RunResult} from './run';
import {loadNotRunnable, loadRuns, specProblems} from './spec';
import {COVERED_PAGES} from './covered';

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const runs = loadRuns().filter((run) => filters.length === 0 || filters.some((filter) => run.page.includes(filter) || Object.keys(run.programs).some((id) => id.includes(filter))));
  const problems = specProblems(loadRuns(), loadNotRunnable(), COVERED_PAGES);
  if (problems.length) console.log(`List problems:\n  ${problems.join('\n  ')}`);
  const started = Date.now();
  const instances = await startInstances((line) => console.log(line));
  let browser: Browser | undefined;
  const results: RunResult[] = [];
  try {
    for (const run of runs) {
      const result = await runOne(run, {instances, browser: async () => (browser ??= await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS}))});
      results.push(result);
      console.log(`\n${result.problems.length ? 'FAIL' : 'ok  '} ${run.page}: ${run.title} (${(result.ms / 1000).toFixed(1)} s, ${result.passedSteps}/${result.steps} steps)`);
      for (const problem of result.problems) console.log(`  problem: ${problem}`);
      for (const note of result.notes) console.log(`  note: ${note}`);
    }
  } finally {
    await browser?.close();
    await instances.close();
  }
  console.log(`\n${formatCounts(countPrograms(runs, loadNotRunnable(), results), Date.now() - started)}`);
  if (results.some((result) => result.problems.length)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
