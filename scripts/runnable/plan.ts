/**
 * Which samples run and which only get the syntax check: the pages' request samples matched
 * against not-runnable.yaml, and setup.yaml matched against the pages. A list entry that
 * matches nothing, or a set-up for a page without samples, is reported: stale entries would
 * otherwise hide a sample that could run.
 */
import {NOT_RUNNABLE_REASONS, type NotRunnable, type NotRunnableReason, type PageSetup} from './config';
import type {PageSamples, RequestSample} from './samples';

export interface PagePlan {
  samples: PageSamples;
  setup?: PageSetup;
  /** Samples the not-runnable list takes out, with their entry. */
  skipped: Array<{sample: RequestSample; entry: NotRunnable}>;
  /** Whether any sample runs (older-version samples run for their status). */
  runs: boolean;
}

export interface Plan {
  pages: PagePlan[];
  problems: string[];
}

export function planRuns(pages: PageSamples[], notRunnable: NotRunnable[], setup: Map<string, PageSetup>): Plan {
  const problems: string[] = [];
  const byFile = new Map(pages.map((page) => [page.file, page]));
  const skipped = new Map<string, PagePlan['skipped']>();
  for (const entry of notRunnable) {
    const page = byFile.get(entry.page);
    if (!page) {
      problems.push(`not-runnable.yaml: ${entry.page} has no request samples (or no such page)`);
      continue;
    }
    const requests = page.samples.filter((sample) => sample.kind !== 'variables');
    const matched = entry.match === undefined ? requests : requests.filter((sample) => sample.block.code.includes(entry.match!));
    if (matched.length === 0) problems.push(`not-runnable.yaml: ${entry.page}: no request block contains "${entry.match}"`);
    if (entry.match !== undefined && matched.length > 1) problems.push(`not-runnable.yaml: ${entry.page}: "${entry.match}" is in ${matched.length} blocks; make it name one`);
    const list = skipped.get(entry.page) ?? [];
    for (const sample of matched) {
      if (list.some((item) => item.sample === sample)) problems.push(`not-runnable.yaml: ${entry.page} line ${sample.block.line} is listed twice`);
      list.push({sample, entry});
    }
    skipped.set(entry.page, list);
  }
  for (const file of setup.keys()) if (!byFile.has(file)) problems.push(`setup.yaml: ${file} has no request samples (or no such page)`);
  const planned = pages.map((samples) => {
    const list = skipped.get(samples.file) ?? [];
    // Samples for older versions still run, for the status 8.2.0 gives them.
    const runs = samples.samples.some((sample) => sample.kind !== 'variables' && list.every((item) => item.sample !== sample || item.entry.answers !== undefined));
    return {samples, setup: setup.get(samples.file), skipped: list, runs};
  });
  for (const page of planned) if (!page.runs && page.setup) problems.push(`setup.yaml: ${page.samples.file} has a set-up but none of its samples runs`);
  return {pages: planned, problems};
}

export interface Counts {
  /** Requests (curl commands and fetch calls) written on the pages. */
  written: number;
  /** Calls made when the runnable samples ran (a loop may make more than it writes). */
  ran: number;
  passed: number;
  /** Of the calls run, those of older-version samples, checked for their status only. */
  statusOnly: number;
  notRunnable: Record<NotRunnableReason, number>;
}

export function emptyCounts(): Counts {
  return {written: 0, ran: 0, passed: 0, statusOnly: 0, notRunnable: Object.fromEntries(Object.keys(NOT_RUNNABLE_REASONS).map((reason) => [reason, 0])) as Counts['notRunnable']};
}

export function formatCounts(counts: Counts, pages: number, ms: number): string {
  const listed = Object.values(counts.notRunnable).reduce((sum, n) => sum + n, 0);
  const reasons = Object.entries(counts.notRunnable)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  return [
    `Request samples: ${counts.written} written on the pages.`,
    `Ran ${counts.ran} calls from ${pages} pages against unleash-server, ${counts.passed} passed, ${counts.ran - counts.passed} failed (${(ms / 1000).toFixed(1)} s)${counts.statusOnly > 0 ? `; ${counts.statusOnly} of them are older-version requests, checked for the status 8.2.0 answers` : ''}.`,
    `Not runnable, syntax checked only: ${listed} (${reasons || 'none'}).`,
  ].join('\n');
}
