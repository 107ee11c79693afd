/**
 * Relevance floor of the local search on contract/search-queries.json (≥ 150 queries of five
 * kinds), over the queries whose target pages exist in the build. It runs here, after the
 * production build, because the index is built from the built pages; it needs no browser:
 * the engine answers in Node from build/search/, loading its files the way the browser does.
 * Figures at the time of writing and Pagefind's on the same build: BENCHMARKS.md, Search.
 */
import {expect, test} from '@playwright/test';
import {indexedPages, loadEngine, searchPagesAsShown} from '../../scripts/bench/localEngine';
import {QUERY_KINDS, REAL_QUESTION_KINDS, measureRelevance, readQueries, readRealQuestions} from '../../scripts/bench/relevance';
import {buildDir} from './support';

const MRR_FLOOR = 0.9;
const RECALL_AT_5_FLOOR = 0.95;
/** No kind of query may fall far behind the others. */
const KIND_MRR_FLOOR = 0.8;

test('search relevance stays above its floor, on every kind of query', async () => {
  const {engine, core} = loadEngine(buildDir());
  const report = await measureRelevance(readQueries(), indexedPages(core), (q) => searchPagesAsShown(engine, q));
  const misses = JSON.stringify(report.misses, null, 1);
  expect(report.all.queries).toBeGreaterThanOrEqual(150);
  expect(report.all.mrr, misses).toBeGreaterThanOrEqual(MRR_FLOOR);
  expect(report.all.recallAt5, misses).toBeGreaterThanOrEqual(RECALL_AT_5_FLOOR);
  for (const kind of QUERY_KINDS) expect(report.byKind[kind]?.mrr ?? 0, `${kind}: ${misses}`).toBeGreaterThanOrEqual(KIND_MRR_FLOOR);
});

/**
 * The real questions users asked in Unleash's GitHub issues (contract/search-real-questions.json),
 * held at issue #36's goal: MRR 0.90 and recall@5 0.97, and no kind far behind.
 */
const REAL_MRR_FLOOR = 0.9;
const REAL_RECALL_AT_5_FLOOR = 0.97;
const REAL_KIND_MRR_FLOOR = 0.85;

test('real questions from Unleash issues stay above their floor, on every kind', async () => {
  const {engine, core} = loadEngine(buildDir());
  const {queries} = readRealQuestions();
  const report = await measureRelevance(queries, indexedPages(core), (q) => searchPagesAsShown(engine, q));
  const misses = JSON.stringify(report.misses, null, 1);
  expect(report.skipped, 'every real question has its target pages in the build').toBe(0);
  expect(report.all.queries).toBeGreaterThanOrEqual(150);
  expect(report.all.mrr, misses).toBeGreaterThanOrEqual(REAL_MRR_FLOOR);
  expect(report.all.recallAt5, misses).toBeGreaterThanOrEqual(REAL_RECALL_AT_5_FLOOR);
  for (const kind of REAL_QUESTION_KINDS) expect(report.byKind[kind]?.mrr ?? 0, `${kind}: ${misses}`).toBeGreaterThanOrEqual(REAL_KIND_MRR_FLOOR);
});

test('a word that is a near miss of an indexed term never leaves a query empty', async () => {
  const {engine} = loadEngine(buildDir());
  for (const [query, page] of [
    ['segmnets', '/reference/segments'],
    ['stickyness', '/reference/stickiness'],
    ['enviroments', '/reference/environments'],
  ] as const) {
    const pages = await searchPagesAsShown(engine, query);
    expect(pages[0], query).toBe(page);
  }
});
