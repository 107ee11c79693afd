/**
 * The budgets the issue sets, checked against one run's figures. A Lighthouse budget is met
 * only when every run meets it: a score that passes once in two runs is not reliably met.
 */
import {duration, kb} from './format';
import type {Category, LighthouseRun} from './lighthouse';
import type {PageWeight} from './pageWeight';
import type {BuildFigures} from './site';

/** Lighthouse mobile: each category's minimum score, on every measured page. */
export const LIGHTHOUSE_BUDGETS: Record<Category, number> = {performance: 95, accessibility: 100, 'best-practices': 95, seo: 100};
/** All scripts a plain doc page downloads, gzip. KB = 1024 bytes throughout the report. */
export const SCRIPT_BUDGET_BYTES = 250 * 1024;
/**
 * A page with a diagram may run at most this many more script bytes (gzip) than the plain doc
 * page: diagrams are drawn ahead of time (plugins/diagrams), so the difference is the pages'
 * own content chunks, not a diagram engine.
 */
export const DIAGRAM_SCRIPT_MARGIN_BYTES = 5 * 1024;
/** A full cold build on this 2-core machine. */
export const COLD_BUILD_BUDGET_SECONDS = 5 * 60;

export type BudgetStatus = 'met' | 'missed' | 'not measured';

export interface BudgetResult {
  budget: string;
  scope: string;
  figure: string;
  status: BudgetStatus;
}

export function lighthouseBudgets(runs: LighthouseRun[], pages: readonly string[]): BudgetResult[] {
  const mobile = runs.filter((run) => run.formFactor === 'mobile');
  const runCount = new Set(mobile.map((run) => run.run)).size;
  return pages.flatMap((page) =>
    (Object.entries(LIGHTHOUSE_BUDGETS) as Array<[Category, number]>).map(([category, minimum]) => {
      const scores = mobile.filter((run) => run.path === page).map((run) => run.scores[category]);
      const budget = `Lighthouse mobile ${category} ${minimum === 100 ? '= 100' : `≥ ${minimum}`}`;
      if (scores.length === 0) return {budget, scope: page, figure: 'no run', status: 'not measured' as const};
      const meeting = scores.filter((score) => score !== null && score >= minimum).length;
      const shown = scores.map((score) => (score === null ? 'error' : String(score))).join(', ');
      return {
        budget,
        scope: page,
        figure: `${shown} (${meeting} of ${Math.max(runCount, scores.length)} runs meet it)`,
        status: meeting === scores.length ? ('met' as const) : ('missed' as const),
      };
    }),
  );
}

export function scriptBudget(weights: PageWeight[], page: string): BudgetResult {
  const budget = `scripts ≤ ${kb(SCRIPT_BUDGET_BYTES, 0)} gzip`;
  const weight = weights.find((entry) => entry.path === page);
  if (!weight) return {budget, scope: page, figure: 'not measured', status: 'not measured'};
  const {js, prefetch} = weight.totals;
  return {
    budget,
    scope: page,
    figure: `${kb(js.gzip)} gzip in ${js.count} scripts (${kb(js.raw)} raw); route chunks prefetched for links, not run: ${kb(prefetch.gzip)} more`,
    status: js.gzip <= SCRIPT_BUDGET_BYTES ? 'met' : 'missed',
  };
}

export function diagramScriptBudget(weights: PageWeight[], diagramPage: string, plainDocPage: string): BudgetResult {
  const budget = `scripts ≤ plain doc page + ${kb(DIAGRAM_SCRIPT_MARGIN_BYTES, 0)} gzip`;
  const diagram = weights.find((entry) => entry.path === diagramPage);
  const plain = weights.find((entry) => entry.path === plainDocPage);
  if (!diagram || !plain) return {budget, scope: diagramPage, figure: 'not measured', status: 'not measured'};
  const difference = diagram.totals.js.gzip - plain.totals.js.gzip;
  return {
    budget,
    scope: diagramPage,
    figure: `${kb(diagram.totals.js.gzip)} gzip in ${diagram.totals.js.count} scripts, ${difference < 0 ? '−' : '+'}${kb(Math.abs(difference))} beside ${plainDocPage}`,
    status: difference <= DIAGRAM_SCRIPT_MARGIN_BYTES ? 'met' : 'missed',
  };
}

export function buildBudget(build: BuildFigures | null): BudgetResult {
  const budget = `cold build < ${COLD_BUILD_BUDGET_SECONDS / 60} min`;
  if (!build) return {budget, scope: 'full site', figure: 'not measured', status: 'not measured'};
  const seconds = build.cold.wallSeconds;
  return {budget, scope: 'full site', figure: duration(seconds), status: seconds < COLD_BUILD_BUDGET_SECONDS ? 'met' : 'missed'};
}

export function evaluateBudgets(input: {lighthouse: LighthouseRun[]; pageWeights: PageWeight[]; build: BuildFigures | null; pages: readonly string[]; plainDocPage: string; diagramPage: string}): BudgetResult[] {
  return [
    ...lighthouseBudgets(input.lighthouse, input.pages),
    scriptBudget(input.pageWeights, input.plainDocPage),
    diagramScriptBudget(input.pageWeights, input.diagramPage, input.plainDocPage),
    buildBudget(input.build),
  ];
}
