import {describe, expect, it} from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {QUERY_KINDS, REAL_QUESTION_KINDS, measureRelevance, pagePath, readQueries, readRealQuestions, type Query} from './relevance';

describe('the query set', () => {
  it('has at least 150 queries, with every kind well represented', () => {
    const queries = readQueries();
    expect(queries.length).toBeGreaterThanOrEqual(150);
    for (const kind of QUERY_KINDS) expect(queries.filter((query) => query.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
  });
});

describe('the real-question set (issue #36)', () => {
  const {questions, queries} = readRealQuestions();
  const docs = path.resolve(__dirname, '../../docs');
  const pageExists = (route: string) => ['.md', '.mdx', '/index.md', '/index.mdx'].some((ext) => fs.existsSync(path.join(docs, `${route}${ext}`)));

  it('holds at least 150 questions from Unleash issues, of every kind, each with a thread and pages that exist', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    for (const kind of REAL_QUESTION_KINDS) expect(questions.filter((question) => question.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
    expect(questions.flatMap((question) => question.targets.filter((target) => !pageExists(target)).map((target) => `${question.q}: ${target}`))).toEqual([]);
    expect(queries.length).toBe(questions.filter((question) => question.answered !== 'product').length);
  });

  it('says what is still missing for every question no page answers yet', () => {
    expect(questions.filter((question) => question.answered === 'no' && !question.missing?.trim()).map((question) => question.q)).toEqual([]);
  });
});

describe('measureRelevance', () => {
  const queries: Query[] = [
    {q: 'a', kind: 'keyword', targets: ['/a']},
    {q: 'b', kind: 'keyword', targets: ['/b', '/b2']},
    {q: 'c', kind: 'typo', targets: ['/c']},
    {q: 'gone', kind: 'typo', targets: ['/not-built']},
  ];
  const answers: Record<string, string[] | null> = {a: ['/a', '/x'], b: ['/x', '/x', '/b2'], c: null};

  it('scores the first target page, counts a timed-out query as a miss, and skips targets not built', async () => {
    const report = await measureRelevance(queries, new Set(['/a', '/b', '/b2', '/c']), async (q) => (q in answers ? answers[q]! : []));
    expect(report.skipped).toBe(1);
    expect(report.byKind.keyword).toEqual({queries: 2, mrr: 0.75, recallAt5: 1});
    expect(report.byKind.typo).toEqual({queries: 1, mrr: 0, recallAt5: 0});
    expect(report.misses).toEqual([
      {q: 'b', kind: 'keyword', rank: 1, top: ['/x', '/b2']},
      {q: 'c', kind: 'typo', rank: -1, top: ['(timed out)']},
    ]);
  });

  it('reduces result URLs to page paths', () => {
    expect(['http://127.0.0.1:3000/reference/segments#limits', '/reference/segments.html', '/how-to/index.html', '/', '/search?q=x'].map(pagePath)).toEqual([
      '/reference/segments',
      '/reference/segments',
      '/how-to',
      '/',
      '/search',
    ]);
  });
});
