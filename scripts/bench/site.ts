/**
 * The pages the site benchmark measures and the shape of bench/site.json, the raw figures of
 * one `npm run bench` run from which BENCHMARKS.md's Site section is written.
 */
import type {BaselineReport} from './baseline';
import type {BuildRun, PageCounts} from './build';
import type {BudgetResult} from './budgets';
import type {LighthouseRun} from './lighthouse';
import type {Machine} from './machine';
import type {PageWeight} from './pageWeight';
import type {KindTotal} from './weight';

/** The home page, the plain doc page, a page with a diagram, an API operation page, and the search page. */
export const PAGES = ['/', '/reference/segments', '/how-to/how-to-add-sso-saml', '/reference/api/unleash/get-feature', '/search'] as const;
/** The "plain doc page": a hand-written reference page with nothing special on it. */
export const PLAIN_DOC_PAGE = '/reference/segments';
/** A hand-written page with a diagram (a sequence diagram, drawn ahead of time: plugins/diagrams). */
export const DIAGRAM_PAGE = '/how-to/how-to-add-sso-saml';
/**
 * The hand-written doc pages of the set: a reader's page with nothing to run but the site's
 * navigation and search, so their scripts may cost the least (issue #39).
 */
export const DOC_PAGES: readonly string[] = [PLAIN_DOC_PAGE, DIAGRAM_PAGE];
/** The API operation page of the benchmark, held to the plain doc page's scripts and blocking time (issue #32). */
export const API_PAGE = '/reference/api/unleash/get-feature';

/** The scripts one page ran on first load in one run (page weight is measured once per run). */
export interface ScriptRun {
  run: number;
  path: string;
  js: KindTotal;
}

export interface BuildFigures {
  /** When these builds ran: a `--skip-build` run keeps the previous run's builds and says so. */
  measuredAt: string;
  cold: BuildRun;
  warm: BuildRun;
}

export interface SiteReport {
  date: string;
  machine: Machine;
  options: {runs: number; skipBuild: boolean; gzip: boolean; baseline?: string; cpuLimit?: string};
  build: BuildFigures | null;
  /** The build/ whose pages were measured. */
  pages: PageCounts;
  /** The first run's page weight, in full. */
  pageWeights: PageWeight[];
  /** Every run's scripts per page (absent in reports written before it was measured per run). */
  scriptRuns?: ScriptRun[];
  lighthouse: LighthouseRun[];
  /** Mobile Lighthouse of each page served without its scripts, every run (absent in reports from before issue #39). */
  scriptless?: LighthouseRun[];
  budgets: BudgetResult[];
  /** With --baseline: the earlier commit's figures from the same run. */
  baseline?: BaselineReport;
}
