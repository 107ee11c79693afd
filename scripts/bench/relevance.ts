/**
 * Relevance of a search engine on contract/search-queries.json: mean reciprocal rank and
 * recall@5 per kind of query, over the queries whose target pages exist in the build.
 */
import fs from 'node:fs';
import path from 'node:path';

export const QUERY_KINDS = ['keyword', 'question', 'typo', 'sdk', 'troubleshooting'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
/** The search modal's input takes at most this many characters, so no query is longer. */
export const MAX_QUERY_CHARS = 64;

export interface Query {
  q: string;
  kind: QueryKind;
  targets: string[];
}

export interface KindScore {
  queries: number;
  mrr: number;
  recallAt5: number;
}

export interface RelevanceReport {
  byKind: Record<string, KindScore>;
  all: KindScore;
  skipped: number;
  misses: Array<{q: string; kind: string; rank: number; top: string[]}>;
}

/** Reads and checks the query set: known kinds, at most 64 characters, page paths as targets, no duplicates. */
export function readQueries(root = path.resolve(__dirname, '../..')): Query[] {
  const queries = JSON.parse(fs.readFileSync(path.join(root, 'contract/search-queries.json'), 'utf8')) as Query[];
  const seen = new Set<string>();
  for (const query of queries) {
    const problem =
      !QUERY_KINDS.includes(query.kind) ? `unknown kind "${query.kind}"`
      : query.q.length > MAX_QUERY_CHARS ? `longer than ${MAX_QUERY_CHARS} characters`
      : query.targets.length === 0 || query.targets.some((target) => !target.startsWith('/')) ? 'targets must be page paths'
      : seen.has(query.q.toLowerCase()) ? 'listed twice'
      : null;
    if (problem) throw new Error(`contract/search-queries.json: "${query.q}": ${problem}`);
    seen.add(query.q.toLowerCase());
  }
  return queries;
}

/** The kinds of the real questions (contract/search-real-questions.json). */
export const REAL_QUESTION_KINDS = ['error', 'identifier', 'task', 'concept'] as const;

export interface RealQuestion {
  q: string;
  kind: (typeof REAL_QUESTION_KINDS)[number];
  /** The GitHub issue or discussion the question was asked in. */
  source: string;
  targets: string[];
  /** yes: the targets answer it; product: only Unleash itself could (a plan, a roadmap), no target. */
  answered: 'yes' | 'no' | 'product';
  missing?: string;
}

/**
 * Reads and checks the real-question set (issue #36): questions users asked in Unleash's public
 * GitHub issues, in their words. Returns the ones a page answers, as queries.
 */
export function readRealQuestions(root = path.resolve(__dirname, '../..')): {questions: RealQuestion[]; queries: Query[]} {
  const file = 'contract/search-real-questions.json';
  const questions = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as RealQuestion[];
  const seen = new Set<string>();
  for (const question of questions) {
    const words = question.q.trim().split(/\s+/).length;
    const problem =
      !REAL_QUESTION_KINDS.includes(question.kind) ? `unknown kind "${question.kind}"`
      : words < 2 || words > 8 ? `${words} words; a real question here has 2 to 8`
      : !/^https:\/\/github\.com\/Unleash\/[\w.-]+\/(issues|discussions)\/\d+$/.test(question.source) ? `source ${question.source} is not an issue or discussion of an Unleash repository`
      : !['yes', 'no', 'product'].includes(question.answered) ? `answered "${question.answered}"`
      : question.answered !== 'product' && (question.targets.length === 0 || question.targets.length > 3 || question.targets.some((target) => !target.startsWith('/'))) ? 'one to three page paths as targets'
      : seen.has(question.q.toLowerCase()) ? 'listed twice'
      : null;
    if (problem) throw new Error(`${file}: "${question.q}": ${problem}`);
    seen.add(question.q.toLowerCase());
  }
  const queries = questions.filter((question) => question.answered !== 'product').map((question) => ({q: question.q, kind: question.kind as unknown as QueryKind, targets: question.targets}));
  return {questions, queries};
}

/**
 * `search` returns page paths, best first (duplicates allowed; only the first counts), or
 * null when the query timed out, which counts as a miss.
 */
export async function measureRelevance(queries: Query[], existing: Set<string>, search: (q: string) => Promise<string[] | null>): Promise<RelevanceReport> {
  const ranks: Array<{kind: string; rank: number}> = [];
  const misses: RelevanceReport['misses'] = [];
  let skipped = 0;
  for (const query of queries) {
    const targets = query.targets.filter((target) => existing.has(target));
    if (targets.length === 0) {
      skipped += 1;
      continue;
    }
    const found = await search(query.q);
    const pages = [...new Set(found ?? [])];
    const rank = found === null ? -1 : pages.findIndex((page) => targets.includes(page));
    ranks.push({kind: query.kind, rank});
    if (rank !== 0) misses.push({q: query.q, kind: query.kind, rank, top: found === null ? ['(timed out)'] : pages.slice(0, 3)});
  }
  const score = (list: typeof ranks): KindScore => ({
    queries: list.length,
    mrr: list.reduce((sum, {rank}) => sum + (rank < 0 ? 0 : 1 / (rank + 1)), 0) / Math.max(1, list.length),
    recallAt5: list.filter(({rank}) => rank >= 0 && rank < 5).length / Math.max(1, list.length),
  });
  const byKind: Record<string, KindScore> = {};
  for (const kind of [...new Set(ranks.map((r) => r.kind))]) byKind[kind] = score(ranks.filter((r) => r.kind === kind));
  return {byKind, all: score(ranks), skipped, misses};
}

/** Page path of a result URL: no origin, query, hash, `.html` or trailing `/index`. */
export function pagePath(url: string): string {
  const {pathname} = new URL(url, 'http://site.invalid');
  return pathname.replace(/\.html$/, '').replace(/\/index$/, '').replace(/(.)\/$/, '$1') || '/';
}
