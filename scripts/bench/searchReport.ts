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

/** bench/search.json. */
export interface SearchReport {
  date: string;
  machine: string;
  queries: number;
  local: {relevance: RelevanceReport; index: Sizes; shards: Sizes; nodeLoadMs: number; nodeQueryMs: Percentiles};
  pagefindIndex: Sizes;
  localChromium: {bytesBeforeFirstResultGzip: number; queryMs: Percentiles};
  pagefind: {relevance: RelevanceReport; bytesBeforeFirstResultGzip: number; queryMs: Percentiles};
}

/** The goals the search work set itself. */
export const SEARCH_GOALS = {mrrLeadOverPagefind: 0.15, bytesBeforeFirstResultGzip: 300 * 1024, keystrokeP95Ms: 30};

const kb0 = (bytes: number) => kb(bytes, 0);
const ms = (value: number) => `${value.toFixed(1)} ms`;

export function searchTable(report: SearchReport): string[] {
  const {local, localChromium, pagefind: pf, pagefindIndex: pfIndex} = report;
  const kinds = [...new Set([...Object.keys(local.relevance.byKind), ...Object.keys(pf.relevance.byKind)])];
  return [
    `Search benchmark, ${report.date}, ${report.machine}; ${local.relevance.all.queries} of ${report.queries} queries have their target pages in the build.`,
    '',
    '| figure | local index (MiniSearch) | Pagefind |',
    '| --- | --- | --- |',
    `| MRR, all queries | ${local.relevance.all.mrr.toFixed(3)} | ${pf.relevance.all.mrr.toFixed(3)} |`,
    ...kinds.map((kind) => `| MRR / recall@5, ${kind} (${local.relevance.byKind[kind]?.queries ?? 0}) | ${local.relevance.byKind[kind]?.mrr.toFixed(3)} / ${local.relevance.byKind[kind]?.recallAt5.toFixed(2)} | ${pf.relevance.byKind[kind]?.mrr.toFixed(3)} / ${pf.relevance.byKind[kind]?.recallAt5.toFixed(2)} |`),
    `| recall@5, all | ${local.relevance.all.recallAt5.toFixed(2)} | ${pf.relevance.all.recallAt5.toFixed(2)} |`,
    `| index on disk (files; raw / gzip / brotli) | ${local.index.files + local.shards.files + 1}; index ${kb0(local.index.raw)} / ${kb0(local.index.gzip)} / ${kb0(local.index.brotli)}, shards ${kb0(local.shards.raw)} / ${kb0(local.shards.gzip)} / ${kb0(local.shards.brotli)} | ${pfIndex.files}; ${kb0(pfIndex.raw)} / ${kb0(pfIndex.gzip)} / ${kb0(pfIndex.brotli)} |`,
    `| bytes before the first result, cold (gzip) | ${kb0(localChromium.bytesBeforeFirstResultGzip)} (modal code, index, shards) | ${kb0(pf.bytesBeforeFirstResultGzip)} (pagefind.js, wasm, meta, chunks, fragments) |`,
    `| index load + parse in Node | ${ms(local.nodeLoadMs)} | n/a |`,
    `| query p50 / p95 in Node | ${ms(local.nodeQueryMs.p50)} / ${ms(local.nodeQueryMs.p95)} | n/a |`,
    `| query p50 / p95 in Chromium | ${ms(localChromium.queryMs.p50)} / ${ms(localChromium.queryMs.p95)} (keystroke to rendered results) | ${ms(pf.queryMs.p50)} / ${ms(pf.queryMs.p95)} (search + result data) |`,
  ];
}

export function searchGoals(report: SearchReport): BudgetResult[] {
  const lead = report.local.relevance.all.mrr - report.pagefind.relevance.all.mrr;
  const bytes = report.localChromium.bytesBeforeFirstResultGzip;
  const p95 = report.localChromium.queryMs.p95;
  const status = (met: boolean) => (met ? 'met' : 'missed') as BudgetResult['status'];
  return [
    {budget: `MRR at least ${SEARCH_GOALS.mrrLeadOverPagefind} above Pagefind's`, scope: 'all queries', figure: `${report.local.relevance.all.mrr.toFixed(3)} vs ${report.pagefind.relevance.all.mrr.toFixed(3)} (${lead >= 0 ? '+' : ''}${lead.toFixed(3)})`, status: status(lead >= SEARCH_GOALS.mrrLeadOverPagefind)},
    {budget: `bytes before the first result ≤ ${kb0(SEARCH_GOALS.bytesBeforeFirstResultGzip)} gzip`, scope: 'cold modal, one query', figure: `${kb0(bytes)}, of which the index file is ${kb0(report.local.index.gzip)}`, status: status(bytes <= SEARCH_GOALS.bytesBeforeFirstResultGzip)},
    {budget: `keystroke to rendered results p95 < ${SEARCH_GOALS.keystrokeP95Ms} ms`, scope: 'Chromium, shards loaded', figure: ms(p95), status: status(p95 < SEARCH_GOALS.keystrokeP95Ms)},
  ];
}

const METHOD = `Method: the local index and Pagefind index the same \`build/\`. Relevance is measured on
\`contract/search-queries.json\` (a hit counts by its page; MRR over the first 20 pages, recall
within the first 5). Node figures query the local engine directly; Chromium figures type into
the real search modal and time keystroke to rendered results after a first pass has loaded the
paragraph shards the queries touch, and time Pagefind's \`search()\` plus the data of its first
ten results through its JavaScript API. Bytes before the first result: a cold browser context
opens the modal and types one query; every response until the first hit is shown, gzip (level 9)
of each body. Pagefind requires every word of a query and has no typo tolerance, which is where
natural-language questions and typos separate the two.`;

/** The section's lines; `table` is the goals/budgets table renderer the Site section uses too. */
export function searchSection(report: SearchReport | null, table: (rows: BudgetResult[]) => string[]): string[] {
  const lines = ['## Search', ''];
  if (!report) return [...lines, 'No search figures yet: run `npm run bench:search` against a build (or `npm run bench`).', ''];
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
