/**
 * Checks that code samples in docs/ are valid: JavaScript and TypeScript parse with the
 * TypeScript compiler, JSON with JSON.parse, YAML with the yaml parser, shell with `bash -n`;
 * every other block must be tagged with a language we know.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';
import YAML from 'yaml';
import {listDocFiles, parsePage, repoRoot, type CodeBlock} from './pages';

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  js: ts.ScriptKind.JS,
  javascript: ts.ScriptKind.JS,
  mjs: ts.ScriptKind.JS,
  jsx: ts.ScriptKind.JSX,
  ts: ts.ScriptKind.TS,
  typescript: ts.ScriptKind.TS,
  tsx: ts.ScriptKind.TSX,
};

const SHELLS = new Set(['bash', 'sh', 'shell', 'zsh']);

/** Languages whose blocks are accepted as tagged (no parser run here). */
export const KNOWN_LANGUAGES = new Set([
  ...Object.keys(SCRIPT_KINDS),
  ...SHELLS,
  'json',
  'yaml',
  'yml',
  'text',
  'mermaid',
  'python',
  'go',
  'java',
  'kotlin',
  'swift',
  'dart',
  'ruby',
  'php',
  'rust',
  'csharp',
  'sql',
  'nginx',
  'ini',
  'dockerfile',
  'docker',
  'html',
  'xml',
  'toml',
  'svelte',
  'vue',
  'diff',
  'powershell',
  'properties',
  'groovy',
  'graphql',
  'handlebars',
  'mustache',
  'csv',
  'console',
  'http',
  'erb',
]);

export function checkBlock(block: CodeBlock): string | undefined {
  const language = block.language.toLowerCase();
  if (!KNOWN_LANGUAGES.has(language)) return `unknown code language "${block.language}"`;
  if (language in SCRIPT_KINDS) {
    const kind = SCRIPT_KINDS[language]!;
    const extension = {[ts.ScriptKind.JS]: 'js', [ts.ScriptKind.JSX]: 'jsx', [ts.ScriptKind.TS]: 'ts', [ts.ScriptKind.TSX]: 'tsx'}[kind as 1 | 2 | 3 | 4];
    const source = ts.createSourceFile(`sample.${extension}`, block.code, ts.ScriptTarget.Latest, false, kind);
    const diagnostics = (source as unknown as {parseDiagnostics: ts.Diagnostic[]}).parseDiagnostics;
    if (diagnostics.length > 0) return `${language} does not parse: ${ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, ' ')}`;
  } else if (language === 'json') {
    try {
      JSON.parse(block.code);
    } catch (error) {
      return `json does not parse: ${(error as Error).message}`;
    }
  } else if (language === 'yaml' || language === 'yml') {
    const problems = YAML.parseAllDocuments(block.code).flatMap((document) => document.errors);
    if (problems.length > 0) return `yaml does not parse: ${problems[0]!.message.split('\n')[0]}`;
  } else if (SHELLS.has(language)) {
    const result = spawnSync('bash', ['-n'], {input: block.code, encoding: 'utf8'});
    if (result.status !== 0) return `${language} does not parse: ${result.stderr.trim().split('\n')[0]}`;
  }
  return undefined;
}

export function checkCodeSamples(): string[] {
  return listDocFiles().flatMap((file) => {
    const page = parsePage(file);
    return page.code.flatMap((block) => {
      const problem = checkBlock(block);
      return problem ? [`${path.relative(repoRoot, file)}:${block.line}: ${problem}`] : [];
    });
  });
}
