import {describe, expect, it} from 'vitest';
import {
  API_SCRIPT_MARGIN_BYTES,
  apiBlockingBudget,
  apiScriptBudget,
  benchmarkIndexRange,
  buildBudget,
  DIAGRAM_SCRIPT_MARGIN_BYTES,
  diagramScriptBudget,
  evaluateBudgets,
  lighthouseBudgets,
  performanceMinimum,
  scriptBudget,
  SCRIPT_BUDGET_BYTES,
  type BudgetResult,
} from './budgets';
import type {BuildRun} from './build';
import type {LighthouseRun} from './lighthouse';
import type {PageWeight} from './pageWeight';
import type {ScriptRun} from './site';
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

describe('the API operation page beside the plain doc page (issue #32)', () => {
  const api = '/reference/api/unleash/get-feature';
  const plain = '/reference/segments';
  const scripts = (path: string, ...gzip: number[]): ScriptRun[] => gzip.map((bytes, index) => ({run: index + 1, path, js: {count: 12, raw: bytes * 4, gzip: bytes}}));
  const mobile = (run: number, path: string, tbtMs: number | null, benchmarkIndex: number | null = 1500, formFactor: LighthouseRun['formFactor'] = 'mobile') =>
    ({...lighthouseRun(run, path, {}, formFactor), metrics: {cls: 0, tbtMs}, benchmarkIndex}) as LighthouseRun;

  it('allows the API page at most 10 KB gzip more script than the doc page, judged on the medians of the runs', () => {
    const plainRuns = scripts(plain, 210_000, 212_000, 209_000);
    // Medians 214,000 and 210,000: +4,000 bytes.
    const within = apiScriptBudget([...plainRuns, ...scripts(api, 214_000, 300_000, 213_000)], [], api, plain);
    expect(within).toMatchObject({status: 'met', scope: api, budget: 'scripts ≤ plain doc page + 10 KB gzip, median of runs'});
    expect(within.figure).toBe(`median 209.0 KB (209.0 KB, 293.0 KB, 208.0 KB) beside ${plain}'s median 205.1 KB (205.1 KB, 207.0 KB, 204.1 KB): +3.9 KB; benchmark index n/a`);
    // One run that loaded the explorer cannot fail it; two can.
    expect(apiScriptBudget([...plainRuns, ...scripts(api, 214_000, 300_000, 300_000)], [], api, plain).status).toBe('missed');
    const edge = apiScriptBudget([...scripts(plain, 200_000), ...scripts(api, 200_000 + API_SCRIPT_MARGIN_BYTES)], [], api, plain);
    expect(edge.status).toBe('met');
    expect(apiScriptBudget([...scripts(plain, 200_000), ...scripts(api, 200_001 + API_SCRIPT_MARGIN_BYTES)], [], api, plain).status).toBe('missed');
  });

  it('prints the benchmark index of the two pages\' mobile runs with the script figures', () => {
    const runs = [mobile(1, api, 100, 1100), mobile(2, plain, 100, 2300), mobile(1, '/search', 100, 900), mobile(1, api, 100, 5000, 'desktop')];
    expect(apiScriptBudget([...scripts(plain, 1000), ...scripts(api, 1000)], runs, api, plain).figure).toContain('benchmark index 1,100–2,300');
  });

  it('says when either page was not measured', () => {
    expect(apiScriptBudget(scripts(plain, 1000), [], api, plain).status).toBe('not measured');
    expect(apiBlockingBudget([mobile(1, plain, 100)], api, plain).status).toBe('not measured');
  });

  it('holds the API page to the doc page\'s mobile blocking time on the medians of the runs, with the benchmark index', () => {
    const runs = [mobile(1, plain, 150, 1200), mobile(2, plain, 300, 1400), mobile(3, plain, 140, 1300), mobile(1, api, 145, 1250), mobile(2, api, 900, 1350), mobile(3, api, 150, 1500)];
    const result = apiBlockingBudget(runs, api, plain);
    expect(result).toMatchObject({status: 'met', budget: 'Lighthouse mobile TBT ≤ plain doc page’s, median of runs', scope: api});
    expect(result.figure).toBe(`median 150 ms (145 ms, 900 ms, 150 ms) beside ${plain}'s median 150 ms (150 ms, 300 ms, 140 ms); benchmark index 1,200–1,500`);
    const slower = [mobile(1, plain, 150), mobile(2, plain, 160), mobile(3, plain, 140), mobile(1, api, 151), mobile(2, api, 155), mobile(3, api, 100)];
    expect(apiBlockingBudget(slower, api, plain).status).toBe('missed');
  });

  it('judges mobile runs only, and a run without TBT cannot lower the API page\'s median', () => {
    const runs = [mobile(1, plain, 200), mobile(1, api, 100, 1500, 'desktop'), mobile(1, api, 300), mobile(2, api, null)];
    expect(apiBlockingBudget(runs, api, plain)).toMatchObject({status: 'missed', figure: expect.stringContaining('median 300 ms (300 ms, error)')});
  });

  it('reads the benchmark index as a range, or one value', () => {
    expect(benchmarkIndexRange([mobile(1, api, 1, 1234.4), mobile(2, api, 1, 1234.4)])).toBe('1,234');
    expect(benchmarkIndexRange([mobile(1, api, 1, null)])).toBe('n/a');
  });

  it('are both in the bench\'s budget list', () => {
    const results = evaluateBudgets({lighthouse: [], pageWeights: [], scriptRuns: [], build: null, pages: [], plainDocPage: plain, diagramPage: '/diagram', apiPage: api});
    expect(results.map((result) => result.budget)).toEqual(expect.arrayContaining(['scripts ≤ plain doc page + 10 KB gzip, median of runs', 'Lighthouse mobile TBT ≤ plain doc page’s, median of runs']));
  });
});
