/**
 * Relevance floor of the local search on contract/search-queries.json, over the queries
 * whose target pages exist in the build (measured 0.88 MRR; Pagefind scores about 0.70).
 */
import {expect, test} from '@playwright/test';
import {loadEngine, searchPages} from '../../scripts/bench/localEngine';
import {measureRelevance, readQueries} from '../../scripts/bench/relevance';
import {buildDir} from './support';

const MRR_FLOOR = 0.85;

test('search relevance stays above its floor', async () => {
  const {engine, file} = loadEngine(buildDir());
  const existing = new Set(file.pages.map(([url]) => url));
  const report = await measureRelevance(readQueries(), existing, (q) => searchPages(engine, q));
  expect(report.all.queries).toBeGreaterThanOrEqual(35);
  expect(report.all.mrr, JSON.stringify(report.misses, null, 1)).toBeGreaterThanOrEqual(MRR_FLOOR);
  expect(report.all.recallAt5).toBeGreaterThanOrEqual(0.9);
});
