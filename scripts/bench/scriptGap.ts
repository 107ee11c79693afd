/**
 * Each benchmark page beside the same page without its scripts (issue #39). Served as HTML and
 * CSS alone (scriptless.ts), a page scores what its markup and styles allow on Lighthouse's
 * mobile simulation; with scripts it can only score the same or less. The difference, the
 * "gap", is what the scripts cost, measured in the same run on the same machine, so it moves
 * far less with the host's speed than the score does.
 */
import type {BudgetResult} from './budgets';
import {benchmarkIndexRange} from './budgets';
import {ms} from './format';
import type {LighthouseRun} from './lighthouse';
import {spread} from './stats';

/**
 * Points of mobile performance the scripts may cost, median against median: any page 10; a
 * hand-written doc page, which has nothing to run but navigation and search, 5.
 */
export const SCRIPT_GAP_MAXIMUM = {anyPage: 10, docPage: 5} as const;

export function scriptGapMaximum(page: string, docPages: readonly string[]): number {
  return docPages.includes(page) ? SCRIPT_GAP_MAXIMUM.docPage : SCRIPT_GAP_MAXIMUM.anyPage;
}

export interface ScriptGap {
  path: string;
  /** Mobile performance of each run in run order, with scripts and without. */
  withScripts: Array<number | null>;
  withoutScripts: Array<number | null>;
  /** Median without minus median with; null when either side has no run. */
  gap: number | null;
  tbtWithScripts: Array<number | null>;
  tbtWithoutScripts: Array<number | null>;
  /** The main thread's time with scripts as the host spent it (unscaled): what the score follows from run to run. */
  mainThreadWithScripts: Array<number | null>;
  /** Runs of the scriptless variant that still requested a script: its floor is not one. */
  scriptlessRunsWithScripts: number;
  benchmarkIndex: string;
  /** The lowest and highest 1-minute load average at the start of the page's runs, with scripts and without ("n/a" in older reports). */
  loadAverage: string;
}

function loadAverageRange(runs: LighthouseRun[]): string {
  const {min, max} = spread(runs.map((run) => run.loadAverage ?? null));
  return min === null || max === null ? 'n/a' : min === max ? min.toFixed(2) : `${min.toFixed(2)}–${max.toFixed(2)}`;
}

const mobileRuns = (runs: LighthouseRun[], page: string) => runs.filter((run) => run.formFactor === 'mobile' && run.path === page).sort((a, b) => a.run - b.run);

/**
 * A run whose performance errored counts against the page on either side: as 0 with scripts
 * and as 100 without, so it can only widen the gap, never hide one.
 */
export function compareWithScriptless(withScripts: LighthouseRun[], scriptless: LighthouseRun[], pages: readonly string[]): ScriptGap[] {
  return pages.map((page) => {
    const loaded = mobileRuns(withScripts, page);
    const bare = mobileRuns(scriptless, page);
    const scores = loaded.map((run) => run.scores.performance);
    const floors = bare.map((run) => run.scores.performance);
    const withMedian = spread(scores.map((score) => score ?? 0)).median;
    const withoutMedian = spread(floors.map((score) => score ?? 100)).median;
    return {
      path: page,
      withScripts: scores,
      withoutScripts: floors,
      gap: withMedian === null || withoutMedian === null ? null : withoutMedian - withMedian,
      tbtWithScripts: loaded.map((run) => run.metrics?.tbtMs ?? null),
      tbtWithoutScripts: bare.map((run) => run.metrics?.tbtMs ?? null),
      mainThreadWithScripts: loaded.map((run) => run.observedMainThreadMs ?? null),
      scriptlessRunsWithScripts: bare.filter((run) => (run.scriptRequests ?? 0) > 0).length,
      benchmarkIndex: benchmarkIndexRange([...loaded, ...bare]),
      loadAverage: loadAverageRange([...loaded, ...bare]),
    };
  });
}

const scoresOf = (values: Array<number | null>) => values.map((value) => (value === null ? 'error' : String(value))).join(', ');
const medianOf = (values: Array<number | null>, missing: number) => spread(values.map((value) => value ?? missing)).median;

/** Per page: mobile performance without scripts at most SCRIPT_GAP_MAXIMUM above the page's own, on the medians of the runs. */
export function scriptGapBudgets(gaps: ScriptGap[], docPages: readonly string[]): BudgetResult[] {
  return gaps.map((row) => {
    const maximum = scriptGapMaximum(row.path, docPages);
    const budget = `Lighthouse mobile performance within ${maximum} points of the page without scripts, medians of runs, same run`;
    if (row.gap === null) return {budget, scope: row.path, figure: 'not measured', status: 'not measured' as const};
    const figure = `with scripts median ${medianOf(row.withScripts, 0)} (${scoresOf(row.withScripts)}), without median ${medianOf(row.withoutScripts, 100)} (${scoresOf(row.withoutScripts)}): gap ${row.gap}; benchmark index ${row.benchmarkIndex}`;
    if (row.scriptlessRunsWithScripts > 0) return {budget, scope: row.path, figure: `${figure}; the page without scripts still requested scripts in ${row.scriptlessRunsWithScripts} run(s)`, status: 'not measured' as const};
    return {budget, scope: row.path, figure, status: row.gap <= maximum ? ('met' as const) : ('missed' as const)};
  });
}

const listed = (values: Array<number | null>, show: (value: number) => string) => values.map((value) => (value === null ? 'error' : show(value))).join(', ');

/** BENCHMARKS.md's "With and without scripts" section; empty for a report from before it was measured. */
export function scriptGapSection(gaps: ScriptGap[], docPages: readonly string[]): string[] {
  if (gaps.every((row) => row.withoutScripts.length === 0)) return [];
  return [
    '### With and without scripts',
    '',
    'Each page beside the same page served without its scripts (every `<script>` the browser would run and every link that fetches a script taken out of the HTML, `scripts/bench/scriptless.ts`; styles, content and data blocks left as they are) from a second server over the same build, Lighthouse mobile, one after the other in each run with the order alternating. The gap is the median without scripts minus the median with them; doc pages may lose ' +
      `${SCRIPT_GAP_MAXIMUM.docPage} points to their scripts, other pages ${SCRIPT_GAP_MAXIMUM.anyPage}.`,
    '',
    'The main thread\'s time is what Chromium spent on this host with the scripts, before the simulation multiplies it by 4: the score follows it from run to run more closely than it follows the benchmark index, which is taken before the page loads.',
    '',
    '| page | performance with scripts | without scripts | gap (medians) | allowed | TBT with scripts | TBT without scripts | main thread with scripts, as observed | benchmark index | load average (1 min) at the runs\' start |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...gaps.map(
      (row) =>
        `| \`${row.path}\` | ${scoresOf(row.withScripts)} (median ${medianOf(row.withScripts, 0) ?? 'n/a'}) | ${scoresOf(row.withoutScripts)} (median ${medianOf(row.withoutScripts, 100) ?? 'n/a'}) | ${row.gap ?? 'n/a'} | ${scriptGapMaximum(row.path, docPages)} | ${listed(row.tbtWithScripts, ms)} | ${listed(row.tbtWithoutScripts, ms)} | ${listed(row.mainThreadWithScripts, ms)} | ${row.benchmarkIndex} | ${row.loadAverage} |`,
    ),
    '',
  ];
}
