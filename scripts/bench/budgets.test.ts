import {describe, expect, it} from 'vitest';
import {buildBudget, DIAGRAM_SCRIPT_MARGIN_BYTES, diagramScriptBudget, lighthouseBudgets, scriptBudget, SCRIPT_BUDGET_BYTES} from './budgets';
import type {BuildRun} from './build';
import type {LighthouseRun} from './lighthouse';
import type {PageWeight} from './pageWeight';
import {totals} from './weight';

const lighthouseRun = (run: number, path: string, scores: Partial<LighthouseRun['scores']>, formFactor: LighthouseRun['formFactor'] = 'mobile') =>
  ({run, path, formFactor, scores: {performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, ...scores}}) as LighthouseRun;

describe('lighthouseBudgets', () => {
  it('is met only when every run meets it', () => {
    const results = lighthouseBudgets([lighthouseRun(1, '/', {performance: 96}), lighthouseRun(2, '/', {performance: 94})], ['/']);
    const performance = results.find((result) => result.budget.includes('performance'))!;
    expect(performance).toMatchObject({status: 'missed', figure: '96, 94 (1 of 2 runs meet it)'});
    expect(results.find((result) => result.budget.includes('seo'))!.status).toBe('met');
  });

  it('needs exactly 100 where the budget is 100', () => {
    const results = lighthouseBudgets([lighthouseRun(1, '/search', {seo: 99, 'best-practices': 95})], ['/search']);
    expect(results.find((result) => result.budget.includes('seo'))!.status).toBe('missed');
    expect(results.find((result) => result.budget.includes('best-practices'))!.status).toBe('met');
  });

  it('judges mobile runs only, and a page with no run as not measured', () => {
    const results = lighthouseBudgets([lighthouseRun(1, '/', {performance: 40}, 'desktop')], ['/']);
    expect(results.every((result) => result.status === 'not measured')).toBe(true);
  });

  it('counts a run whose category errored as missing the budget', () => {
    const [performance] = lighthouseBudgets([lighthouseRun(1, '/', {performance: null})], ['/']);
    expect(performance).toMatchObject({status: 'missed', figure: 'error (0 of 1 runs meet it)'});
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
