/** The counts the runner prints: programs run and passed, blocks not run by reason. */
import type {RunResult} from './run';
import {NOT_RUNNABLE_REASONS, type NotRunnableEntry, type RunSpec} from './spec';

export interface ProgramCounts {
  programs: number;
  ran: number;
  passed: number;
  runs: number;
  runsPassed: number;
  notRunnable: Record<keyof typeof NOT_RUNNABLE_REASONS, number>;
}

export function countPrograms(runs: RunSpec[], notRunnable: NotRunnableEntry[], results: RunResult[]): ProgramCounts {
  const notRun = Object.fromEntries(Object.keys(NOT_RUNNABLE_REASONS).map((reason) => [reason, 0])) as ProgramCounts['notRunnable'];
  for (const entry of notRunnable) notRun[entry.reason] = (notRun[entry.reason] ?? 0) + 1;
  const passedRuns = results.filter((result) => result.problems.length === 0);
  return {
    programs: runs.reduce((sum, run) => sum + Object.keys(run.programs).length, 0),
    ran: results.reduce((sum, result) => sum + result.programs.length, 0),
    passed: passedRuns.reduce((sum, result) => sum + result.programs.length, 0),
    runs: results.length,
    runsPassed: passedRuns.length,
    notRunnable: notRun,
  };
}

export function formatCounts(counts: ProgramCounts, ms: number): string {
  const reasons = Object.entries(counts.notRunnable)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `  ${String(count).padStart(3)}  ${reason}: ${NOT_RUNNABLE_REASONS[reason as keyof typeof NOT_RUNNABLE_REASONS]}`);
  const total = Object.values(counts.notRunnable).reduce((sum, count) => sum + count, 0);
  const lines = [`Programs: ${counts.programs}; ${counts.ran} ran in ${counts.runs} runs, ${counts.passed} passed (${counts.runsPassed} of ${counts.runs} runs), in ${(ms / 1000).toFixed(0)} s.`];
  if (total > 0) lines.push(`Blocks not run (not-runnable.yaml): ${total}, by reason:`, ...reasons);
  return lines.join('\n');
}
