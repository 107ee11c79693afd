/**
 * The hand-written pages under docs/: their front matter, prose and code blocks, and the
 * route and contract group each one serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export const repoRoot = path.resolve(__dirname, '../..');
export const docsDir = path.join(repoRoot, 'docs');
/** Generated at build time from openapi/; not hand-written. */
const GENERATED_DIR = path.join(docsDir, 'reference/api/unleash');
/** The API changelog, generated at build time from the servers' descriptions (scripts/api-versions). */
const GENERATED_FILES = new Set([path.join(docsDir, 'reference/api/changelog.md')]);

export interface CodeBlock {
  language: string;
  /** The rest of the fence's info string, e.g. `title="app.js" no-typecheck="…"`. */
  meta: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export interface DocPage {
  file: string;
  route: string;
  frontMatter: Record<string, unknown>;
  body: string;
  /** The body without fenced code, MDX imports and HTML comments. */
  prose: string;
  code: CodeBlock[];
}

export function listDocFiles(dir = docsDir): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, {withFileTypes: true})) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (full !== GENERATED_DIR) walk(full);
      } else if (/\.mdx?$/.test(entry.name) && !GENERATED_FILES.has(full)) {
        files.push(full);
      }
    }
  };
  walk(dir);
  return files.sort();
}

export function routeOf(file: string): string {
  const relative = path.relative(docsDir, file).replace(/\\/g, '/').replace(/\.mdx?$/, '');
  const route = `/${relative}`.replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

export function parsePage(file: string): DocPage {
  const source = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  const frontMatter = match ? ((YAML.parse(match[1]!) as Record<string, unknown>) ?? {}) : {};
  const body = match ? source.slice(match[0].length) : source;
  const bodyStartLine = match ? match[0].split('\n').length - 1 : 0;
  const code: CodeBlock[] = [];
  const proseLines: string[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i]!);
    if (!open) {
      proseLines.push(lines[i]!);
      continue;
    }
    const fence = open[2]!;
    const info = open[3]!.trim();
    const language = info.split(/\s+/)[0] ?? '';
    const content: string[] = [];
    const start = i;
    for (i += 1; i < lines.length && !lines[i]!.trim().startsWith(fence); i += 1) content.push(lines[i]!.slice(open[1]!.length));
    code.push({language, meta: info.slice(language.length).trim(), code: content.join('\n'), line: bodyStartLine + start + 1});
  }
  const prose = proseLines
    .join('\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^import .* from .*;?$/gm, '');
  return {file, route: routeOf(file), frontMatter, body, prose, code};
}

/** Words a reader reads: prose without link targets, markup and table rules. */
export function countWords(prose: string): number {
  const text = prose
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_|`:-]+/g, ' ');
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? []).length;
}

export function readContractGroups(): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of fs.readFileSync(path.join(repoRoot, 'contract/routes.txt'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [group, route] = line.split('\t').map((part) => part.trim());
    groups.set(route!, group!);
  }
  return groups;
}
