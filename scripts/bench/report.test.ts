import {describe, expect, it} from 'vitest';
import type {LighthouseRun} from './lighthouse';
import {budgetTable, renderBenchmarks, spreadCell, topPerformanceFindings, type FlaggedFinding} from './report';
import type {SiteReport} from './site';
import {totals} from './weight';

describe('spreadCell', () => {
  it('lists every run, then the spread', () => {
    expect(spreadCell([74, 71], String)).toBe('74, 71 (71–74)');
    expect(spreadCell([2950, null], (v) => `${(v / 1000).toFixed(1)} s`)).toBe('3.0 s, error (3.0 s–3.0 s, 1 missing)');
    expect(spreadCell([null], String)).toBe('error');
  });
});

describe('budgetTable', () => {
  it('marks each budget met or missed', () => {
    const rows = budgetTable([
      {budget: 'cold build < 5 min', scope: 'full site', figure: '3 min 10 s', status: 'met'},
      {budget: 'Lighthouse mobile seo = 100', scope: '/search', figure: '69', status: 'missed'},
    ]);
    expect(rows[2]).toBe('| cold build < 5 min | full site | 3 min 10 s | ✅ met |');
    expect(rows[3]).toContain('❌ missed');
  });
});

describe('renderBenchmarks', () => {
  const run = (n: number, formFactor: LighthouseRun['formFactor'], performance: number): LighthouseRun => ({
    run: n,
    formFactor,
    path: '/',
    scores: {performance, accessibility: 100, 'best-practices': 100, seo: 100},
    metrics: {lcpMs: 2500, tbtMs: 150, cls: 0, fcpMs: 1000, speedIndexMs: 1500},
    settings: {formFactor, screen: '412×823 at 1.75x, mobile', throttlingMethod: 'simulate', rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4},
    benchmarkIndex: 1500,
    runWarnings: [],
    runtimeError: null,
    findings: [{category: 'seo', id: 'is-crawlable', title: 'Page is blocked from indexing', score: 0, weight: 4, items: ['<meta name="robots"> (head > meta)'], itemCount: 1}],
    externalRequests: [],
    durationSeconds: 20,
    reportFiles: [],
  });
  const site: SiteReport = {
    date: '2026-01-01T00:00:00.000Z',
    machine: {cpuModel: 'AMD EPYC', cores: 2, memoryBytes: 24 * 2 ** 30, os: 'Debian GNU/Linux 12 (bookworm)', kernel: '6.1', node: 'v20.0.0', chromium: 'Chromium 156', lighthouse: '12.8.2', loadAverageAtStart: 1.5},
    options: {runs: 2, skipBuild: true, gzip: true},
    build: null,
    pages: {htmlFiles: 1427, redirectStubs: 956, pages: 471, apiPages: 261},
    pageWeights: [{path: '/', totals: totals([{url: '/', kind: 'html', raw: 2048, gzip: 1024}]), resources: [], hydratedMs: 900, idleMs: 1400, idleTimedOut: false}],
    lighthouse: [run(1, 'mobile', 75), run(2, 'mobile', 80), run(1, 'desktop', 96), run(2, 'desktop', 97)],
    budgets: [{budget: 'Lighthouse mobile performance ≥ 95', scope: '/', figure: '75, 80', status: 'missed'}],
  };

  it('writes the Site section from the figures and says when search has none', () => {
    const text = renderBenchmarks(site, null);
    expect(text).toContain('AMD EPYC × 2 cores, 24.0 GiB RAM');
    expect(text).toContain('471 pages (261 of them API pages) and 956 redirect stubs');
    expect(text).toContain('| `/` | 75, 80 (75–80) | 100, 100 (100–100)');
    expect(text).toContain('| `/` | 96, 97 (96–97)');
    expect(text).toContain('0 of 1 met.');
    expect(text).toContain('`is-crawlable` Page is blocked from indexing (weight 4; mobile 2/2, desktop 2/2)');
    expect(text).toContain('&lt;meta name="robots"> (head > meta)');
    expect(text).toContain('Not measured (`--skip-build`');
    expect(text).toContain('No search figures yet');
  });

  it('shows the hand-written notes under the budgets, and asks for them when a budget is missed without any', () => {
    const withNotes = renderBenchmarks(site, null, 'Mobile performance: main.js evaluation.\n');
    expect(withNotes).toContain('#### Notes on the budgets');
    expect(withNotes.indexOf('Mobile performance: main.js evaluation.')).toBeGreaterThan(withNotes.indexOf('0 of 1 met.'));
    expect(renderBenchmarks(site, null)).toContain('`bench/budget-notes.md`, which explains misses, is absent');
    const allMet: SiteReport = {...site, budgets: [{...site.budgets[0]!, status: 'met'}]};
    expect(renderBenchmarks(allMet, null, 'What each step bought.')).toContain('What each step bought.');
    expect(renderBenchmarks(allMet, null)).not.toContain('budget-notes.md`, which explains');
  });
});

describe('renderBenchmarks with the pages measured without scripts', () => {
  it('prints each page with and without scripts, and counts those runs in the benchmark index', () => {
    const mobile = (run: number, path: string, performance: number, tbtMs: number, benchmarkIndex: number) =>
      ({run, formFactor: 'mobile', path, scores: {performance, accessibility: 100, 'best-practices': 100, seo: 100}, metrics: {lcpMs: 2000, tbtMs, cls: 0, fcpMs: 900, speedIndexMs: 900}, settings: {formFactor: 'mobile', screen: '412×823 at 1.75x, mobile', throttlingMethod: 'simulate', rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4}, benchmarkIndex, runWarnings: [], runtimeError: null, findings: [], externalRequests: [], scriptRequests: tbtMs === 0 ? 0 : 12, observedMainThreadMs: tbtMs === 0 ? 200 : 1100, durationSeconds: 10, reportFiles: []}) as LighthouseRun;
    const site: SiteReport = {
      date: '2026-01-01T00:00:00.000Z',
      machine: {cpuModel: 'Xeon', cores: 2, memoryBytes: 2 ** 34, os: 'Debian', kernel: '6.1', node: 'v20', chromium: 'Chromium 156', lighthouse: '12.8.2', loadAverageAtStart: 0.9},
      options: {runs: 1, skipBuild: true, gzip: true},
      build: null,
      pages: {htmlFiles: 10, redirectStubs: 0, pages: 10, apiPages: 0},
      pageWeights: [],
      lighthouse: [mobile(1, '/reference/segments', 82, 610, 1200)],
      scriptless: [mobile(1, '/reference/segments', 100, 0, 900)],
      budgets: [],
    };
    const text = renderBenchmarks(site, null);
    expect(text).toContain('### With and without scripts');
    expect(text).toContain('| `/reference/segments` | 82 (median 82) | 100 (median 100) | 18 | 5 | 610 ms | 0 ms | 1,100 ms | 900–1,200 | n/a |');
    expect(text).toContain('benchmark index over the runs: 900–1200');
    expect(renderBenchmarks({...site, scriptless: undefined}, null)).not.toContain('### With and without scripts');
  });
});

describe('topPerformanceFindings', () => {
  const entry = (id: string, metricSavings: Record<string, number>, worstSavingsMs: number): FlaggedFinding => ({
    finding: {category: 'performance', id, title: id, score: 0, weight: 0, metricSavings, items: [], itemCount: 0},
    where: 'mobile 2/2',
    worstSavingsMs,
  });

  it('puts layout-shift findings first, then the biggest savings in ms, eight at most', () => {
    const many = Array.from({length: 10}, (_, i) => entry(`audit-${i}`, {TBT: i * 100}, i * 100));
    const shown = topPerformanceFindings([...many, entry('layout-shifts', {CLS: 0.677}, 0)]);
    expect(shown.map(({finding}) => finding.id)).toEqual(['layout-shifts', 'audit-9', 'audit-8', 'audit-7', 'audit-6', 'audit-5', 'audit-4', 'audit-3']);
  });
});
