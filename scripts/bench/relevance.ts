/**
 * Relevance of a search engine on contract/search-queries.json: mean reciprocal rank and
 * recall@5 per kind of query, over the queries whose target pages exist in the build.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Query {
  q: string;
  kind: string;
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

export function readQueries(root = path.resolve(__dirname, '../..')): Query[] {
  return JSON.parse(fs.readFileSync(path.join(root, 'contract/search-queries.json'), 'utf8')) as Query[];
}

/** `search` returns page paths, best first (duplicates allowed; only the first counts). */
export async function measureRelevance(queries: Query[], existing: Set<string>, search: (q: string) => Promise<string[]>): Promise<RelevanceReport> {
  const ranks: Array<{kind: string; rank: number}> = [];
  const misses: RelevanceReport['misses'] = [];
  let skipped = 0;
  for (const query of queries) {
    const targets = query.targets.filter((target) => existing.has(target));
    if (targets.length === 0) {
      skipped += 1;
      continue;
    }
    const pages = [...new Set(await search(query.q))];
    const rank = pages.findIndex((page) => targets.includes(page));
    ranks.push({kind: query.kind, rank});
    if (rank !== 0) misses.push({q: query.q, kind: query.kind, rank, top: pages.slice(0, 3)});
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
