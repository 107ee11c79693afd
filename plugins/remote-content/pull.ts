/**
 * Pulls the readmes at build time when REMOTE_CONTENT=fetch. Each fetched readme is written
 * next to the hand-written page it replaces, as `<name>.remote.md` (ignored by git), and that
 * page is then excluded from the docs. On any failure (HTTP error, timeout, malformed
 * Markdown) the hand-written page stays. Every source's outcome is logged.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {remoteSources, type RemoteSource} from './manifest';
import {transformReadme} from './transform';

export const REMOTE_SUFFIX = '.remote.md';

export interface PullOptions {
  docsDir: string;
  mode: 'off' | 'fetch';
  baseUrl: string;
  timeoutMs: number;
  sources?: RemoteSource[];
  log?: (message: string) => void;
}

export interface PullResult {
  /** Hand-written pages (relative to docs/) replaced by a fetched readme. */
  replaced: string[];
  outcomes: Array<{key: string; source: 'remote' | 'local'; reason?: string}>;
}

function removeStale(dir: string): void {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removeStale(full);
    else if (entry.name.endsWith(REMOTE_SUFFIX)) fs.rmSync(full);
  }
}

function sidebarPosition(file: string): number | undefined {
  if (!fs.existsSync(file)) return undefined;
  const match = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(file, 'utf8'));
  const position = match ? (YAML.parse(match[1]!) as {sidebar_position?: unknown})?.sidebar_position : undefined;
  return typeof position === 'number' ? position : undefined;
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(timeoutMs)});
  } catch (error) {
    const name = (error as Error).name;
    throw new Error(name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : `could not connect (${(error as {cause?: {code?: string}}).cause?.code ?? (error as Error).message})`);
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

export function readmeUrl(baseUrl: string, source: RemoteSource): string {
  return `${baseUrl}${source.repository}/${source.branch}/README.md`;
}

export async function pullRemoteContent({docsDir, mode, baseUrl, timeoutMs, sources = remoteSources, log = console.log}: PullOptions): Promise<PullResult> {
  removeStale(docsDir);
  const result: PullResult = {replaced: [], outcomes: []};
  if (mode === 'off') return result;
  await Promise.all(
    sources.map(async (source) => {
      const url = readmeUrl(baseUrl, source);
      const handWritten = path.join(docsDir, source.docPath);
      try {
        const readme = await fetchText(url, timeoutMs);
        const {markdown} = transformReadme(readme, source, sidebarPosition(handWritten));
        fs.writeFileSync(handWritten.replace(/\.md$/, REMOTE_SUFFIX), markdown);
        result.replaced.push(source.docPath);
        result.outcomes.push({key: source.key, source: 'remote'});
        log(`[remote-content] ${source.route}: using the readme of ${source.repository} (${url})`);
      } catch (error) {
        const reason = (error as Error).message;
        result.outcomes.push({key: source.key, source: 'local', reason});
        log(`[remote-content] ${source.route}: using the page written here (${url}: ${reason})`);
      }
    }),
  );
  result.replaced.sort();
  return result;
}
