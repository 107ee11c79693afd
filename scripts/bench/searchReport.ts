/**
 * The Search section of BENCHMARKS.md, written from bench/search.json (npm run bench:search):
 * its method, its table, and the search goals checked against the figures.
 */
import type {BudgetResult} from './budgets';
import {kb} from './format';
import type {RelevanceReport} from './relevance';

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

interface Percentiles {
  p50: number;
  p95: number;
}

/** A cold first search: everything downloaded until its first result shows. */
export interface FirstResult {
  query: string;
  gzip: number;
  files: number;
  ms: number;
  timedOut: boolean;
}

/**
 * The first queries of a cold browser, one of each shape: a keyword (the figure compared
 * with Pagefind), a question, and a typo (which needs the vocabulary).
 */
export const FIRST_QUERIES = ['segments', 'how do I roll out a feature to 10% of users', 'segmnets'] as const;

/** bench/search.json. */
export interface SearchReport {
  version: 2;
  date: string;
  machine: string;
  queries: number;
  local: {
    /** Hits in the engine's order (Node), as the relevance test measures them. */
    relevance: RelevanceReport;
    files: {core: Sizes; vocabulary: Sizes; chunks: Sizes; shards: Sizes};
    nodeLoadMs: number;
    nodeQueryMs: Percentiles;
  };
  /** The real search modal in Chromium: results in the order it shows them (grouped by section). */
  modal: {relevance: RelevanceReport; timedOut: string[]; firstResults: FirstResult[]; queryMs: Percentiles; slowest?: Array<{q: string; ms: number}>};
  pagefindIndex: Sizes;
  pagefind: {relevance: RelevanceReport; timedOut: string[]; firstResults: FirstResult[]; queryMs: Percentiles};
  /** The real questions of contract/search-real-questions.json (issue #36), answered by the same three. */
  real?: {queries: number; local: RelevanceReport; modal: RelevanceReport; pagefind: RelevanceReport};
}

/** How long one query may take to show its results in the browser before it counts as a miss. */
export const QUERY_TIMEOUT_MS = 5_000;

/** The goals the search work set itself (issue #21). */
export const SEARCH_GOALS = {mrr: 0.9, keystrokeP95Ms: 30};
/**
 * The goals for the real questions (issue #36), in the modal, and what they may not cost: the
 * written queries' MRR and the first search's bytes ("segments", 84 KB when the issue was filed).
 */
export const REAL_QUESTION_GOALS = {mrr: 0.9, recallAt5: 0.97, writtenMrr: 0.93, firstSearchBytes: 84 * 1024};

const kb0 = (bytes: number) => kb(bytes, 0);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const score = (relevance: RelevanceReport | undefined, kind?: string) => {
  const figures = kind ? relevance?.byKind[kind] : relevance?.all;
  return figures ? `${figures.mrr.toFixed(3)} / ${figures.recallAt5.toFixed(2)}` : 'n/a';
};
const first = (results: FirstResult[], query: string) => {
  const result = results.find((entry) => entry.query === query);
  return result ? `${kb0(result.gzip)} in ${result.files} files${result.timedOut ? ' (timed out)' : ''}` : 'n/a';
};
const sizes = (label: string, size: Sizes) => `${label} ${size.files > 1 ? `${size.files} × ` : ''}${kb0(size.raw)} / ${kb0(size.gzip)}`;

export function searchTable(report: SearchReport): string[] {
  const {local, modal, pagefind: pf, pagefindIndex: pfIndex} = report;
  const kinds = [...new Set([...Object.keys(modal.relevance.byKind), ...Object.keys(pf.relevance.byKind)])];
  const {core, vocabulary, chunks, shards} = local.files;
  return [
    `Search benchmark, ${report.date}, ${report.machine}; ${modal.relevance.all.queries} of ${report.queries} queries have their target pages in the build.`,
    '',
    '| figure | local index, in the modal | local index, engine order (Node) | Pagefind |',
    '| --- | --- | --- | --- |',
    `| MRR / recall@5, all queries | ${score(modal.relevance)} | ${score(local.relevance)} | ${score(pf.relevance)} |`,
    ...kinds.map((kind) => `| MRR / recall@5, ${kind} (${modal.relevance.byKind[kind]?.queries ?? 0}) | ${score(modal.relevance, kind)} | ${score(local.relevance, kind)} | ${score(pf.relevance, kind)} |`),
    ...realRows(report),
    `| queries timed out (${QUERY_TIMEOUT_MS / 1000} s each) | ${modal.timedOut.length} | n/a | ${pf.timedOut.length} |`,
    ...FIRST_QUERIES.map((query) => `| bytes before the first result, cold, "${query}" (gzip) | ${first(modal.firstResults, query)} | n/a | ${first(pf.firstResults, query)} |`),
    `| query p50 / p95 in Chromium | ${ms(modal.queryMs.p50)} / ${ms(modal.queryMs.p95)} (keystroke to rendered results) | ${ms(local.nodeQueryMs.p50)} / ${ms(local.nodeQueryMs.p95)} (engine in Node) | ${ms(pf.queryMs.p50)} / ${ms(pf.queryMs.p95)} (search + result data) |`,
    `| slowest queries in Chromium | ${(modal.slowest ?? []).map(({q, ms: time}) => `"${q}" ${ms(time)}`).join(', ') || 'n/a'} | | |`,
    `| index files, raw / gzip | ${[sizes('core', core), sizes('vocabulary', vocabulary), sizes('chunks', chunks), sizes('shards', shards)].join('; ')} | core load + parse ${ms(local.nodeLoadMs)} | ${pfIndex.files} files, ${kb0(pfIndex.raw)} / ${kb0(pfIndex.gzip)} |`,
  ];
}

/** The real questions' rows: all of them, then each kind. Absent from reports written before they were measured. */
function realRows(report: SearchReport): string[] {
  if (!report.real) return [];
  const {modal, local, pagefind} = report.real;
  const kinds = Object.keys(modal.byKind);
  return [
    `| real questions (${modal.all.queries}): MRR / recall@5, all | ${score(modal)} | ${score(local)} | ${score(pagefind)} |`,
    ...kinds.map((kind) => `| real questions: MRR / recall@5, ${kind} (${modal.byKind[kind]?.queries ?? 0}) | ${score(modal, kind)} | ${score(local, kind)} | ${score(pagefind, kind)} |`),
  ];
}

export function searchGoals(report: SearchReport): BudgetResult[] {
  const ours = report.modal.relevance.all.mrr;
  const theirs = report.pagefind.relevance.all.mrr;
  const kinds = Object.keys(report.modal.relevance.byKind);
  const behind = kinds.filter((kind) => (report.modal.relevance.byKind[kind]?.mrr ?? 0) < (report.pagefind.relevance.byKind[kind]?.mrr ?? 0));
  const bytes = report.modal.firstResults.find((result) => result.query === FIRST_QUERIES[0]);
  const pfBytes = report.pagefind.firstResults.find((result) => result.query === FIRST_QUERIES[0]);
  const p95 = report.modal.queryMs.p95;
  const status = (met: boolean) => (met ? 'met' : 'missed') as BudgetResult['status'];
  return [
    {budget: `MRR at least ${SEARCH_GOALS.mrr.toFixed(2)}`, scope: 'all queries, in the modal', figure: `${ours.toFixed(3)} (Pagefind ${theirs.toFixed(3)})`, status: status(ours >= SEARCH_GOALS.mrr)},
    {budget: 'MRR above Pagefind\'s on every kind of query', scope: kinds.join(', '), figure: behind.length === 0 ? 'ahead on all' : `behind on ${behind.join(', ')}`, status: status(behind.length === 0)},
    {
      budget: "bytes before the first result ≤ Pagefind's",
      scope: `cold, "${FIRST_QUERIES[0]}"`,
      figure: bytes && pfBytes ? `${kb0(bytes.gzip)} vs ${kb0(pfBytes.gzip)}` : 'n/a',
      status: status(Boolean(bytes && pfBytes && !bytes.timedOut && bytes.gzip <= pfBytes.gzip)),
    },
    {budget: `keystroke to rendered results p95 ≤ ${SEARCH_GOALS.keystrokeP95Ms} ms`, scope: 'Chromium, index loaded', figure: ms(p95), status: status(p95 <= SEARCH_GOALS.keystrokeP95Ms)},
    ...(report.real
      ? [
          {
            budget: `real questions: MRR ≥ ${REAL_QUESTION_GOALS.mrr.toFixed(2)} and recall@5 ≥ ${REAL_QUESTION_GOALS.recallAt5.toFixed(2)}`,
            scope: `${report.real.modal.all.queries} questions from Unleash's GitHub issues, in the modal`,
            figure: `${score(report.real.modal)} (Pagefind ${score(report.real.pagefind)})`,
            status: status(report.real.modal.all.mrr >= REAL_QUESTION_GOALS.mrr && report.real.modal.all.recallAt5 >= REAL_QUESTION_GOALS.recallAt5),
          },
          {
            budget: `written queries: MRR ≥ ${REAL_QUESTION_GOALS.writtenMrr.toFixed(2)} beside the real questions`,
            scope: `${report.modal.relevance.all.queries} queries of contract/search-queries.json, in the modal`,
            figure: ours.toFixed(3),
            status: status(ours >= REAL_QUESTION_GOALS.writtenMrr),
          },
          {
            budget: `bytes before the first result ≤ ${kb0(REAL_QUESTION_GOALS.firstSearchBytes)} beside the real questions`,
            scope: `cold, "${FIRST_QUERIES[0]}"`,
            figure: bytes ? `${kb0(bytes.gzip)} in ${bytes.files} files` : 'n/a',
            status: status(Boolean(bytes && !bytes.timedOut && bytes.gzip <= REAL_QUESTION_GOALS.firstSearchBytes)),
          },
        ]
      : []),
  ];
}

const METHOD = `Method: the local index and Pagefind index the same \`build/\`. Relevance is measured on
\`contract/search-queries.json\` and, as its own rows, on the real questions of
\`contract/search-real-questions.json\` (users' own words from Unleash's GitHub issues) (a hit counts by its page; MRR over the first 20 hits, recall
within the first 5 pages): for the local index as the real search modal shows the results
(DocSearch groups hits by section, so its order can differ from the engine's after the first
hit) and in the engine's own order in Node (what \`tests/e2e/search-relevance.spec.ts\` holds
above its floor); for Pagefind in the order its JavaScript API returns. Each query typed into
the modal may take at most ${QUERY_TIMEOUT_MS / 1000} s to show its results; one that does not is counted as a miss.
Chromium query times type into the modal after a first pass has loaded what the queries touch,
from keystroke to rendered results; Pagefind's are \`search()\` plus the data of its first ten
results. Bytes before the first result: a cold browser context loads the home page and waits
for its network to settle (the router prefetches linked pages' code), then opens the modal and
types one query; every response until the first hit shows, gzip (level 9) of each body — the modal's
code included — against Pagefind's script, WebAssembly, metadata, index chunks and the
fragments of its first five results. Pagefind requires every word of a query and has no typo
tolerance, which is where questions and typos separate the two.`;

/** The section's lines; `table` is the goals/budgets table renderer the Site section uses too. */
export function searchSection(report: SearchReport | null, table: (rows: BudgetResult[]) => string[]): string[] {
  const lines = ['## Search', ''];
  if (!report) return [...lines, 'No search figures yet: run `npm run bench:search` against a build (or `npm run bench`).', ''];
  if (report.version !== 2) return [...lines, `\`bench/search.json\` (${report.date}) was written by an older benchmark: run \`npm run bench:search\` again.`, ''];
  return [
    ...lines,
    `Measured ${report.date} by \`npm run bench:search\` on the build that was in \`build/\` then; raw figures in \`bench/search.json\`.`,
    '',
    METHOD,
    '',
    ...searchTable(report),
    '',
    'Goals:',
    '',
    ...table(searchGoals(report)),
    '',
  ];
}
