/**
 * The server-settings check. Every environment variable and createConfig option that the
 * self-hosting pages name must exist in the pinned unleash-server, and every default they
 * state must be the one its createConfig computes. All of it is read from the package: the
 * variables from its compiled code, the option names from its type declarations, and the
 * defaults and the variable-to-option mapping by running its createConfig
 * (serverSettingsProbe.mjs) in a child process with an empty environment.
 *
 * In scope: pages under /using-unleash/deploy, and any page with `server_settings: true` in
 * its front matter; `server_settings: false` takes a page out. Inside a page, a line
 * `<!-- settings: not-server (<program>) -->` takes the next table, code block or paragraph
 * out, for names that belong to another program (Edge, the proxy, PostgreSQL's image).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import YAML from 'yaml';
import {listDocFiles, parsePage, repoRoot, type DocPage} from '../content/pages';
import {nearestStrings} from './nearest';

export const SERVER_DIR = path.join(repoRoot, 'node_modules/unleash-server');
const SCOPE = ['/using-unleash/deploy'];

export interface ServerSettings {
  /** Every variable the server's code reads (process.env.NAME outside tests). */
  variables: Set<string>;
  /** Variable → the option paths it sets, as createConfig shows. */
  sets: Record<string, string[]>;
  /** Option path → default, JSON-encoded; undefined when unset. */
  defaults: Record<string, string | undefined>;
  /** Variable → literal fallbacks written beside it in create-config (`X || 'a'`, `parse(X, 4)`). */
  literalDefaults: Record<string, string[]>;
  /** Variable → defaults applied outside createConfig, from SOURCED_DEFAULTS_FILE, each seen in the package. */
  sourcedDefaults: Record<string, string[]>;
  /** Whether an option path exists in the package's IUnleashOptions type. */
  hasOption(optionPath: string): boolean;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith('.js') && !entry.name.endsWith('.test.js')) out.push(full);
  }
  return out;
}

function readVariables(serverDir: string): Set<string> {
  const names = new Set<string>();
  for (const file of walk(path.join(serverDir, 'dist/lib'))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
  }
  return names;
}

function readLiteralDefaults(serverDir: string): Record<string, string[]> {
  const source = fs.readFileSync(path.join(serverDir, 'dist/lib/create-config.js'), 'utf8');
  const found: Record<string, string[]> = {};
  // A literal, or an enum member such as `LogLevel.error`, whose name is the value.
  const literal = String.raw`('[^']*'|"[^"]*"|-?\d+(?:\.\d+)?|true|false|[A-Z]\w*\.\w+)`;
  const patterns = [new RegExp(String.raw`process\.env\.([A-Z][A-Z0-9_]*)\s*(?:\|\||\?\?)\s*${literal}`, 'g'), new RegExp(String.raw`parseEnvVar\w*\(\s*process\.env\.([A-Z][A-Z0-9_]*)\s*,\s*${literal}\s*\)`, 'g')];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const value = match[2]!.replace(/^'(.*)'$/, '"$1"').replace(/^[A-Z]\w*\.(\w+)$/, '"$1"');
      (found[match[1]!] ??= []).push(value);
    }
  }
  return found;
}

export const SOURCED_DEFAULTS_FILE = path.join(repoRoot, 'scripts/truth/server-defaults-elsewhere.yaml');

interface SourcedDefault {
  variable: string;
  default: string;
  file: string;
  code: string;
}

/**
 * A few defaults are applied away from createConfig (the first admin user's name and password
 * in the user service). Each entry names the file and the code that applies it; the entry
 * counts only while that code is in the package, so an upgrade that changes it fails here.
 */
export function readSourcedDefaults(serverDir: string, file = SOURCED_DEFAULTS_FILE): Record<string, string[]> {
  if (!fs.existsSync(file)) return {};
  const entries = (YAML.parse(fs.readFileSync(file, 'utf8')) as SourcedDefault[] | null) ?? [];
  const found: Record<string, string[]> = {};
  for (const entry of entries) {
    const target = path.join(serverDir, entry.file);
    const text = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (!entry.code || !text.includes(entry.code) || !entry.code.includes(entry.default)) {
      throw new Error(`${path.relative(repoRoot, file)}: ${entry.variable}: ${entry.file} of unleash-server no longer contains ${JSON.stringify(entry.code)} (or it does not show the default ${entry.default}); read the package again`);
    }
    (found[entry.variable] ??= []).push(JSON.stringify(entry.default));
  }
  return found;
}

function optionChecker(serverDir: string): (optionPath: string) => boolean {
  const file = path.join(serverDir, 'dist/lib/types/option.d.ts');
  const program = ts.createProgram([file], {noEmit: true, skipLibCheck: true, types: []});
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  let root: ts.Type | undefined;
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'IUnleashOptions') root = checker.getTypeAtLocation(node);
  });
  if (!root) throw new Error('IUnleashOptions not found in unleash-server types');
  return (optionPath) => {
    let type: ts.Type = root!;
    for (const segment of optionPath.split('.')) {
      const candidates = type.isUnion() ? type.types : [type];
      const symbol = candidates.map((candidate) => checker.getPropertyOfType(checker.getApparentType(candidate), segment)).find(Boolean);
      if (!symbol) return false;
      type = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
    }
    return true;
  };
}

let cached: ServerSettings | undefined;

export function readServerSettings(serverDir = SERVER_DIR): ServerSettings {
  if (cached && serverDir === SERVER_DIR) return cached;
  if (!fs.existsSync(path.join(serverDir, 'dist/lib/create-config.js'))) throw new Error(`unleash-server is missing at ${path.relative(repoRoot, serverDir)}: run npm ci`);
  const probe = spawnSync(process.execPath, [path.join(__dirname, 'serverSettingsProbe.mjs'), serverDir], {env: {PATH: process.env.PATH ?? ''}, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  if (probe.status !== 0) throw new Error(`Reading unleash-server's createConfig failed: ${probe.stderr.trim().split('\n').slice(-5).join('\n')}`);
  const result = JSON.parse(probe.stdout) as {read: string[]; defaults: Record<string, string | undefined>; sets: Record<string, string[]>};
  const defaults = Object.fromEntries(Object.entries(result.defaults).map(([key, value]) => [key, value === 'undefined' ? undefined : value]));
  const settings: ServerSettings = {
    variables: readVariables(serverDir),
    sets: result.sets,
    defaults,
    literalDefaults: readLiteralDefaults(serverDir),
    sourcedDefaults: readSourcedDefaults(serverDir),
    hasOption: optionChecker(serverDir),
  };
  if (serverDir === SERVER_DIR) cached = settings;
  return settings;
}

export function inScope(page: DocPage): boolean {
  const flag = page.frontMatter.server_settings;
  if (flag === false) return false;
  if (flag === true) return true;
  return SCOPE.some((prefix) => page.route === prefix || page.route.startsWith(`${prefix}/`));
}

/** The page's lines with fenced code and the blocks marked as another program's blanked out. */
export function settingsLines(body: string): string[] {
  const lines = body.split('\n');
  const out = [...lines];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (/^\s*<!--\s*settings:\s*not-server\b.*-->\s*$/.test(line)) {
      out[i] = '';
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j += 1;
      const fence = /^\s*(`{3,}|~{3,})/.exec(lines[j] ?? '');
      if (fence) {
        out[j] = '';
        j += 1;
        while (j < lines.length && !lines[j]!.trim().startsWith(fence[1]!)) out[j++] = '';
        if (j < lines.length) out[j] = '';
      } else {
        while (j < lines.length && lines[j]!.trim() !== '') out[j++] = '';
      }
      i = j + 1;
      continue;
    }
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      out[i] = '';
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) out[i++] = '';
      if (i < lines.length) out[i] = '';
    }
    i += 1;
  }
  return out;
}

const VARIABLE = /`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g;

function cells(row: string): string[] {
  return row.replace(/^\s*\|/, '').replace(/\|\s*$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
}

function codeValues(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

/**
 * A stated default against the package's, both as text; JSON-encoded strings lose quotes, and
 * a list read from a comma-separated variable may be stated as that text.
 */
function sameValue(stated: string, actual: string): boolean {
  try {
    const parsed = JSON.parse(actual) as unknown;
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') && parsed.join(',') === stated.replace(/,\s+/g, ',')) return true;
  } catch {
    // not JSON: compared as text below
  }
  const plain = (value: string) => {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      return JSON.stringify(value);
    }
  };
  return plain(stated) === plain(actual);
}

export interface SettingsReport {
  variables: number;
  options: number;
  defaults: number;
  problems: string[];
}

export function checkPageSettings(page: DocPage, settings: ServerSettings, offset: number, report: SettingsReport): void {
  const where = (line: number) => `${path.relative(repoRoot, page.file)}:${offset + line + 1}`;
  const lines = settingsLines(page.body);
  const variables = [...settings.variables];
  let header: string[] | undefined;
  lines.forEach((line, index) => {
    if (!/^\s*\|/.test(line)) {
      header = undefined;
    } else if (!header) {
      header = cells(line).map((cell) => cell.toLowerCase());
    } else if (!/^\s*\|[\s:|-]+\|?\s*$/.test(line)) {
      checkRow(header, cells(line), where(index));
      return;
    }
    for (const match of line.matchAll(VARIABLE)) {
      report.variables += 1;
      if (!settings.variables.has(match[1]!)) {
        report.problems.push(`${where(index)}: unleash-server does not read the environment variable ${match[1]}; nearest: ${nearestStrings(match[1]!, variables).join(', ')} (if it belongs to another program, mark the block with <!-- settings: not-server (<program>) -->)`);
      }
    }
  });

  function checkRow(head: string[], row: string[], at: string): void {
    const column = (name: string) => head.indexOf(name);
    const variableColumn = column('environment variable');
    const names = [...(row[variableColumn] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    for (const name of names) {
      report.variables += 1;
      if (!settings.variables.has(name)) report.problems.push(`${at}: unleash-server does not read the environment variable ${name}; nearest: ${nearestStrings(name, variables).join(', ')}`);
    }
    // Other backticked variables in the row's prose cells are names too.
    row.forEach((cell, i) => {
      if (i === variableColumn) return;
      for (const match of cell.matchAll(VARIABLE)) {
        report.variables += 1;
        if (!settings.variables.has(match[1]!)) report.problems.push(`${at}: unleash-server does not read the environment variable ${match[1]}`);
      }
    });
    const optionCell = column('option') >= 0 ? row[column('option')] ?? '' : '';
    const option = codeValues(optionCell)[0];
    if (option) {
      report.options += 1;
      if (!settings.hasOption(option)) report.problems.push(`${at}: createConfig of unleash-server has no option ${option}`);
      // Input-only options (databaseUrl) do not appear in the computed config; there is
      // nothing to compare the variable's effect with.
      const computed = option in settings.defaults || Object.keys(settings.defaults).some((key) => key.startsWith(`${option}.`));
      for (const name of computed ? names : []) {
        const sets = settings.sets[name] ?? [];
        if (sets.length > 0 && !sets.some((set) => set === option || set.startsWith(`${option}.`))) {
          report.problems.push(`${at}: ${name} sets ${sets.join(', ')} in unleash-server, not ${option}`);
        }
      }
    }
    const defaultColumn = column('default');
    if (defaultColumn < 0 || names.length === 0) return;
    const stated = (row[defaultColumn] ?? '').trim();
    const values = codeValues(stated);
    const statesNone = /^none\b/i.test(stated);
    // What the package says: the option's computed default, or the literal beside the variable.
    const mapped = names.flatMap((name) => settings.sets[name] ?? []);
    const literals = names.flatMap((name) => [...(settings.literalDefaults[name] ?? []), ...(settings.sourcedDefaults[name] ?? [])]);
    // The computed default of the option, and the literal fallback written beside the variable
    // (which is in the variable's own unit, e.g. seconds where the option holds milliseconds).
    let actual: Array<string | undefined> | undefined;
    if (option && option in settings.defaults) actual = [settings.defaults[option], ...literals];
    else if (option && Object.keys(settings.defaults).some((key) => key.startsWith(`${option}.`))) actual = [JSON.stringify(objectAt(settings.defaults, option)), ...literals];
    else if (mapped.length === 1) actual = [settings.defaults[mapped[0]!], ...literals];
    else if (literals.length > 0) actual = literals;
    else if (names.every((name) => (settings.sets[name] ?? []).length > 0)) actual = [undefined];
    if (actual === undefined) {
      if (values.length > 0) report.problems.push(`${at}: states a default (${values.join(', ')}) for ${names.join(', ')}, but unleash-server's createConfig shows none and its code names no literal fallback; remove the default or take it from the package`);
      return;
    }
    report.defaults += 1;
    const unset = actual.every((value) => value === undefined || ['""', 'null', '[]', '{}'].includes(value));
    if (statesNone || values.length === 0) {
      if (!unset) report.problems.push(`${at}: says ${names.join(', ')} has no default, but unleash-server defaults it to ${actual.join(' or ')}`);
      return;
    }
    const matches = values.some((value) => actual!.some((candidate) => candidate !== undefined && sameValue(value, candidate)));
    if (!matches && unset) {
      report.problems.push(`${at}: states the default ${values.join(', ')} for ${names.join(', ')}, but unleash-server leaves it unset`);
      return;
    }
    if (!matches) report.problems.push(`${at}: states the default ${values.join(' / ')} for ${names.join(', ')}; unleash-server's is ${actual.join(' or ')}`);
  }
}

function objectAt(flat: Record<string, string | undefined>, prefix: string): unknown {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (!key.startsWith(`${prefix}.`) || value === undefined) continue;
    const parts = key.slice(prefix.length + 1).split('.');
    let target = result;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts[parts.length - 1]!] = JSON.parse(value) as unknown;
  }
  return result;
}

function bodyOffset(file: string): number {
  const source = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  return match ? match[0].split('\n').length - 1 : 0;
}

export function checkServerSettings(files = listDocFiles(), settings = readServerSettings()): SettingsReport {
  const report: SettingsReport = {variables: 0, options: 0, defaults: 0, problems: []};
  for (const file of files) {
    const page = parsePage(file);
    if (inScope(page)) checkPageSettings(page, settings, bodyOffset(file), report);
  }
  return report;
}
