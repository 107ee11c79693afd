import {describe, expect, it} from 'vitest';
import {buildBudget, DIAGRAM_SCRIPT_MARGIN_BYTES, diagramScriptBudget, lighthouseBudgets, performanceMinimum, scriptBudget, SCRIPT_BUDGET_BYTES, type BudgetResult} from './budgets';
import type {BuildRun} from './build';
import type {LighthouseRun} from './lighthouse';
import type {PageWeight} from './pageWeight';
import {totals} from './weight';

const lighthouseRun = (run: number, path: string, scores: Partial<LighthouseRun['scores']>, formFactor: LighthouseRun['formFactor'] = 'mobile', cls = 0) =>
  ({run, path, formFactor, scores: {performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, ...scores}, metrics: {cls}}) as LighthouseRun;

const find = (results: BudgetResult[], words: string) => results.find((result) => result.budget.includes(words))!;

describe('lighthouseBudgets', () => {
  it('judges mobile performance on the median of the runs: 90 on doc pages', () => {
    const runs = [lighthouseRun(1, '/', {performance: 97}), lighthouseRun(2, '/', {performance: 78}), lighthouseRun(3, '/', {performance: 90})];
    expect(find(lighthouseBudgets(runs, ['/']), 'performance')).toMatchObject({status: 'met', figure: 'median 90 of 97, 78, 90', budget: 'Lighthouse mobile performance, median of runs ≥ 90'});
    const lower = [lighthouseRun(1, '/', {performance: 97}), lighthouseRun(2, '/', {performance: 89}), lighthouseRun(3, '/', {performance: 80})];
    expect(find(lighthouseBudgets(lower, ['/']), 'performance').status).toBe('missed');
  });

  it('gives an API operation page a floor of 80', () => {
    const page = '/reference/api/unleash/get-feature';
    const runs = [80, 85, 60].map((performance, index) => lighthouseRun(index + 1, page, {performance}));
    expect(find(lighthouseBudgets(runs, [page]), 'performance')).toMatchObject({status: 'met', budget: 'Lighthouse mobile performance, median of runs ≥ 80'});
    expect(performanceMinimum(page)).toBe(80);
    expect(performanceMinimum('/reference/api/unleash')).toBe(90);
    expect(performanceMinimum('/reference/segments')).toBe(90);
  });

  it('needs accessibility, best practices and SEO at 100 in every run', () => {
    const results = lighthouseBudgets([lighthouseRun(1, '/search', {seo: 99}), lighthouseRun(2, '/search', {'best-practices': 100})], ['/search']);
    expect(find(results, 'seo')).toMatchObject({status: 'missed', figure: '99, 100 (1 of 2 runs meet it)'});
    expect(find(results, 'best-practices').status).toBe('met');
    expect(find(lighthouseBudgets([lighthouseRun(1, '/', {'best-practices': 96})], ['/']), 'best-practices').status).toBe('missed');
  });

  it('needs no layout shift in any run', () => {
    expect(find(lighthouseBudgets([lighthouseRun(1, '/', {}, 'mobile', 0.0001)], ['/']), 'CLS')).toMatchObject({status: 'met', figure: '0.000 (1 of 1 runs meet it)'});
    expect(find(lighthouseBudgets([lighthouseRun(1, '/', {}), lighthouseRun(2, '/', {}, 'mobile', 0.023)], ['/']), 'CLS')).toMatchObject({status: 'missed', figure: '0.000, 0.023 (1 of 2 runs meet it)'});
  });

  it('judges mobile runs only, and a page with no run as not measured', () => {
    const results = lighthouseBudgets([lighthouseRun(1, '/', {performance: 40}, 'desktop')], ['/']);
    expect(results).toHaveLength(5);
    expect(results.every((result) => result.status === 'not measured')).toBe(true);
  });

  it('counts a run whose performance errored as 0, so it cannot lift the median', () => {
    const runs = [lighthouseRun(1, '/', {performance: null}), lighthouseRun(2, '/', {performance: 95})];
    // Median of 0 and 95 is 47.5.
    expect(find(lighthouseBudgets(runs, ['/']), 'performance')).toMatchObject({status: 'missed', figure: 'median 47.5 of error, 95'});
    const [, accessibility] = lighthouseBudgets([lighthouseRun(1, '/', {accessibility: null})], ['/']);
    expect(accessibility).toMatchObject({status: 'missed', figure: 'error (0 of 1 runs meet it)'});
  });
});

describe('scriptBudget', () => {
  const weight = (jsGzip: number, prefetchGzip = 0): PageWeight => ({
    path: '/reference/segments',
    totals: totals([
      {url: '/main.js', kind: 'js', raw: jsGzip * 4, gzip: jsGzip},
      {url: '/next.js', kind: 'prefetch', raw: prefetchGzip * 4, gzip: prefetchGzip},
    ]),
    resources: [],
    hydratedMs: 0,
    idleMs: 0,
    idleTimedOut: false,
  });

  it('counts the scripts the page runs, not the chunks prefetched for links', () => {
    expect(scriptBudget([weight(SCRIPT_BUDGET_BYTES, 100_000)], '/reference/segments').status).toBe('met');
    expect(scriptBudget([weight(SCRIPT_BUDGET_BYTES + 1)], '/reference/segments').status).toBe('missed');
  });

  it('says when the page was not measured', () => {
    expect(scriptBudget([], '/reference/segments').status).toBe('not measured');
  });
});

describe('diagramScriptBudget', () => {
  const weight = (path: string, jsGzip: number): PageWeight => ({
    path,
    totals: totals([{url: `${path}.js`, kind: 'js', raw: jsGzip * 4, gzip: jsGzip}]),
    resources: [],
    hydratedMs: 0,
    idleMs: 0,
    idleTimedOut: false,
  });
  const plain = weight('/plain', 240_000);

  it('allows the diagram page a few KB more script than the plain doc page, no more', () => {
    const within = diagramScriptBudget([plain, weight('/diagram', 240_000 + DIAGRAM_SCRIPT_MARGIN_BYTES)], '/diagram', '/plain');
    expect(within).toMatchObject({status: 'met', scope: '/diagram', figure: '239.4 KB gzip in 1 scripts, +5.0 KB beside /plain'});
    // What a page downloaded with a diagram engine in the browser (before diagrams were drawn ahead of time).
    expect(diagramScriptBudget([plain, weight('/diagram', 436_000)], '/diagram', '/plain').status).toBe('missed');
    expect(diagramScriptBudget([plain, weight('/diagram', 239_000)], '/diagram', '/plain').figure).toContain('−1.0 KB');
  });

  it('says when either page was not measured', () => {
    expect(diagramScriptBudget([plain], '/diagram', '/plain').status).toBe('not measured');
  });
});

describe('buildBudget', () => {
  const figures = (seconds: number) => ({measuredAt: '', cold: {wallSeconds: seconds} as BuildRun, warm: {wallSeconds: 1} as BuildRun});
  it('wants the cold build under five minutes', () => {
    expect(buildBudget(figures(299.4))).toMatchObject({status: 'met', figure: '4 min 59 s'});
    expect(buildBudget(figures(300))).toMatchObject({status: 'missed', figure: '5 min 00 s'});
    expect(buildBudget(null).status).toBe('not measured');
  });
});
