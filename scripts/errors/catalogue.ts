/**
 * The error-message catalogue (`scripts/errors/catalogue.yaml`, issue #36): every error message a
 * reader of these docs may meet and paste, with its exact text, when it happens and what to do.
 *
 * `text` is the message as the code writes it, variable parts written as `<name>`. For the pinned
 * npm packages `file` names the file (relative to `node_modules/<source>/`) holding the literal;
 * `findInPackage` looks for it there, each `<name>` standing for whatever the code puts in that
 * place (a `${...}` placeholder, a `' + x + '` concatenation, a `%s`/`%d` format, a Joi
 * `{{#label}}`). For other products `file` is `<Owner/repo>@<tag>:<path>`, and `findInRepository`
 * reads the file at that tag from a local git mirror when one is at hand.
 *
 * `catalogue.test.ts` holds the catalogue to this; a later step renders it into a docs page.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from '../content/pages';

export const CATALOGUE_FILE = path.join(repoRoot, 'scripts/errors/catalogue.yaml');
export const NODE_MODULES = path.join(repoRoot, 'node_modules');
/** Local git mirrors, `<dir>/<Owner>+<name>/repo` (the layout `npm run sdks:check` reads). */
export const MIRRORS_DIR = path.resolve(process.env.ERRORS_MIRRORS ?? path.join(repoRoot, '../.mirror'));

/** npm packages pinned in package.json: their entries are checked against node_modules. */
export const PINNED_SOURCES = [
  'unleash-server',
  'unleash-client',
  'unleash-proxy-client',
  '@unleash/proxy-client-react',
  '@unleash/nextjs',
] as const;
export type PinnedSource = (typeof PINNED_SOURCES)[number];

/** Products read in their repositories at a tag, and the repositories each may name. */
export const UNPINNED_SOURCES: Record<string, readonly string[]> = {
  'unleash-edge': ['Unleash/unleash-edge'],
  'unleash-proxy': ['Unleash/unleash-proxy'],
  'unleash-java-sdk': ['Unleash/unleash-java-sdk', 'Unleash/unleash-client-java'],
  'unleash-python-sdk': ['Unleash/unleash-python-sdk', 'Unleash/unleash-client-python'],
  // The Go SDK's history up to v4.1.0 is kept under its old name.
  'unleash-go-sdk': ['Unleash/unleash-go-sdk', 'Unleash/unleash-client-go'],
  'unleash-dotnet-sdk': ['Unleash/unleash-dotnet-sdk', 'Unleash/unleash-client-dotnet'],
  'unleash-ruby-sdk': ['Unleash/unleash-ruby-sdk', 'Unleash/unleash-client-ruby'],
  'unleash-php-sdk': ['Unleash/unleash-php-sdk', 'Unleash/unleash-client-php'],
  'unleash-rust-sdk': ['Unleash/unleash-rust-sdk'],
  'unleash-android-sdk': ['Unleash/unleash-android-sdk'],
  'unleash-ios-sdk': ['Unleash/unleash-ios-sdk'],
  'unleash-flutter-sdk': ['Unleash/unleash-flutter-sdk'],
};

/**
 * PostgreSQL, whose messages a self-hoster reads in Unleash's log (after "Failed to migrate db"),
 * passed on unchanged by `pg`. They are read in the server binary of Debian's package, where they
 * are printf format strings (`password authentication failed for user "%s"`): `file` is
 * `postgresql@<major>:<path>`, the path below `<POSTGRESQL_DIR>/<major>/` (`bin/postgres`).
 */
export const POSTGRESQL_SOURCE = 'postgresql';
export const POSTGRESQL_DIR = path.resolve(process.env.ERRORS_POSTGRESQL_DIR ?? '/usr/lib/postgresql');

export interface ErrorEntry {
  /** Kebab-case, unique. */
  id: string;
  /** A pinned npm package, or an unpinned product (repository name). */
  source: string;
  /** Where the reader sees it: a log line, an HTTP response body, the browser console. */
  where: string;
  /** The exact message, variable parts written as `<name>`. */
  text: string;
  /** HTTP status, for HTTP errors. */
  status?: number;
  /** The error class, or the `name` field of the JSON error body. */
  name?: string;
  /** What causes it (our words). */
  when: string;
  /** What to do (our words). */
  fix: string;
  /** Pinned: path relative to node_modules/<source>/. Unpinned: `<Owner/repo>@<tag>:<path>`. PostgreSQL: `postgresql@<major>:<path>`. */
  file: string;
}

const KEYS: (keyof ErrorEntry)[] = ['id', 'source', 'where', 'text', 'status', 'name', 'when', 'fix', 'file'];

export function isPinned(source: string): source is PinnedSource {
  return (PINNED_SOURCES as readonly string[]).includes(source);
}

export function loadCatalogue(file = CATALOGUE_FILE): ErrorEntry[] {
  const data: unknown = YAML.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file}: expected a list of entries`);
  return data.map((raw, index) => {
    if (raw === null || typeof raw !== 'object') throw new Error(`${file}: entry ${index + 1} is not a mapping`);
    const record = raw as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !(KEYS as string[]).includes(key));
    if (unknown.length > 0) throw new Error(`${file}: entry ${index + 1} (${String(record.id)}) has unknown keys: ${unknown.join(', ')}`);
    const str = (key: keyof ErrorEntry) => (typeof record[key] === 'string' ? (record[key] as string) : '');
    const entry: ErrorEntry = {
      id: str('id'),
      source: str('source'),
      where: str('where'),
      text: str('text'),
      when: str('when'),
      fix: str('fix'),
      file: str('file'),
    };
    if (record.status !== undefined) entry.status = record.status as number;
    if (record.name !== undefined) entry.name = record.name as string;
    return entry;
  });
}

/** Problems with the catalogue's form (not with its texts), one line each. */
export function catalogueProblems(entries: ErrorEntry[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const label = entry.id || `entry ${index + 1}`;
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(entry.id)) problems.push(`${label}: id must be kebab-case`);
    if (seen.has(entry.id)) problems.push(`${label}: id is not unique`);
    seen.add(entry.id);
    for (const key of ['where', 'text', 'when', 'fix', 'file'] as const) {
      if (entry[key].trim() === '') problems.push(`${label}: ${key} is missing`);
    }
    if (entry.text !== entry.text.trim()) problems.push(`${label}: text has leading or trailing white space`);
    if (entry.status !== undefined && !(Number.isInteger(entry.status) && entry.status >= 100 && entry.status <= 599)) {
      problems.push(`${label}: status must be an HTTP status code`);
    }
    if (entry.name !== undefined && !/^[A-Za-z][A-Za-z0-9]*$/.test(entry.name)) problems.push(`${label}: name must be an identifier`);
    if (isPinned(entry.source)) {
      if (path.isAbsolute(entry.file) || entry.file.includes('@') || !isInsideNodeModules(entry)) {
        problems.push(`${label}: file must be a path inside node_modules, relative to node_modules/${entry.source}/`);
      }
    } else if (entry.source === POSTGRESQL_SOURCE) {
      if (!parsePostgresqlFile(entry.file)) problems.push(`${label}: file must be postgresql@<major>:<path>, for example postgresql@15:bin/postgres`);
    } else if (entry.source in UNPINNED_SOURCES) {
      const ref = parseRepositoryFile(entry.file);
      if (!ref) problems.push(`${label}: file must be <Owner/repo>@<tag>:<path>`);
      else if (!UNPINNED_SOURCES[entry.source].includes(ref.repository)) {
        problems.push(`${label}: file names ${ref.repository}, not a repository of ${entry.source} (${UNPINNED_SOURCES[entry.source].join(', ')})`);
      }
    } else {
      problems.push(`${label}: source "${entry.source}" is not one of the allowed sources`);
    }
  }
  return problems;
}

export function packageFile(entry: Pick<ErrorEntry, 'source' | 'file'>, nodeModules = NODE_MODULES): string {
  return path.resolve(nodeModules, entry.source, entry.file);
}

function isInsideNodeModules(entry: ErrorEntry): boolean {
  const resolved = packageFile(entry);
  return resolved.startsWith(NODE_MODULES + path.sep);
}

export interface RepositoryFile {
  repository: string;
  tag: string;
  path: string;
}

export function parseRepositoryFile(file: string): RepositoryFile | undefined {
  const match = /^([A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9][A-Za-z0-9_.-]*)@([^\s:@]+):([^\s:]+)$/.exec(file);
  return match ? {repository: match[1], tag: match[2], path: match[3]} : undefined;
}

export interface PostgresqlFile {
  /** The major version, as Debian installs it under /usr/lib/postgresql/<major>. */
  major: number;
  path: string;
}

export function parsePostgresqlFile(file: string): PostgresqlFile | undefined {
  const match = /^postgresql@(\d+):([^\s:@]+)$/.exec(file);
  return match ? {major: Number(match[1]), path: match[2]} : undefined;
}

/** The branch of PostgreSQL's repository a major version's releases come from (the page's `checked` record). */
export function postgresqlBranch(major: number): string {
  return `postgres/postgres@REL_${major}_STABLE`;
}

/** The printable runs of a binary file (at least four characters each), one a line, as `strings` shows them. */
export function binaryStrings(buffer: Buffer): string {
  const runs: string[] = [];
  let start = -1;
  for (let index = 0; index <= buffer.length; index += 1) {
    const byte = index < buffer.length ? buffer[index] : 0;
    const printable = byte === 9 || (byte >= 32 && byte < 127);
    if (printable && start < 0) start = index;
    if (!printable && start >= 0) {
      if (index - start >= 4) runs.push(buffer.toString('latin1', start, index));
      start = -1;
    }
  }
  return runs.join('\n');
}

/**
 * Looks for a PostgreSQL entry's text among the format strings of the installed binary.
 * `problem` says why it could not be looked for (the package is not installed).
 */
export function findInPostgresql(entry: ErrorEntry, dir = POSTGRESQL_DIR): FindResult {
  const ref = parsePostgresqlFile(entry.file);
  if (!ref) return {found: false, file: entry.file, problem: 'file is not postgresql@<major>:<path>'};
  const file = path.join(dir, String(ref.major), ref.path);
  if (!fs.existsSync(file)) return {found: false, file, problem: `PostgreSQL ${ref.major} is not installed (apt-get install postgresql-${ref.major})`};
  return {found: textPattern(entry.text).test(binaryStrings(fs.readFileSync(file))), file};
}

/** The `<name>` parts of a text. */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(/<([^<>\n]+)>/g)].map((match) => match[1]);
}

/**
 * What may stand in the code where the text has a `<variable>`: a template placeholder
 * (`${...}` in JavaScript; `{...}` in Rust, Python f-strings, C# and SLF4J; `#{...}` in Ruby;
 * `{{#label}}` in Joi), a concatenation (`' + x + '`, PHP `' . $x . '`), a printf format
 * (`%s`, `%d`, `%f`, `%v`), or a PHP `$variable`.
 */
const PLACEHOLDER = [
  String.raw`\$\{[\s\S]{0,400}?\}`,
  String.raw`\{\{[^{}\n]{0,80}\}\}`,
  String.raw`#\{[^{}\n]{0,200}\}`,
  String.raw`\{[^{}\n]{0,200}\}`,
  String.raw`%[-+ #0]*\d*(?:\.\d+)?[sdfvqxXi]`,
  String.raw`['"\x60]\s*\+\s*[\s\S]{0,300}?\s*\+\s*['"\x60]`,
  String.raw`['"]\s*\.\s*[\s\S]{0,300}?\s*\.\s*['"]`,
  String.raw`\$[A-Za-z_]\w*(?:->\w+(?:\(\))?)*`,
].join('|');
const GAP = `(?:${PLACEHOLDER})(?:\\s*(?:${PLACEHOLDER})){0,3}`;

function literalPattern(literal: string): string {
  let out = '';
  for (const char of literal) {
    if (char === '\n') out += String.raw`(?:\n|\\n)`;
    else if (char === '"' || char === "'" || char === '`') out += `\\\\?${char === '`' ? '\\x60' : char}`;
    else out += char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return out;
}

/**
 * The text as a pattern over source code: literal parts in order, each `<variable>` between them
 * standing for placeholders; a variable at the very start or end matches anything (it is left out).
 */
export function textPattern(text: string): RegExp {
  const literals = text.split(/<[^<>\n]+>/);
  while (literals.length > 0 && literals[0] === '') literals.shift();
  while (literals.length > 0 && literals[literals.length - 1] === '') literals.pop();
  if (literals.length === 0) throw new Error(`"${text}" has no literal part`);
  return new RegExp(literals.map(literalPattern).join(GAP));
}

/**
 * Source code with string literals that the code joins put back together: `'a' + 'b'` (JavaScript,
 * Java, Go, C#), `"a" \` (Ruby line continuation) and `"a" "b"` (Python implicit concatenation).
 */
export function joinSplitLiterals(code: string, fileName: string): string {
  let joined = code.replace(/(['"\x60])\s*\+\s*(['"\x60])/g, '');
  if (fileName.endsWith('.rb')) joined = joined.replace(/(["'])\s*\\\s*\n\s*(["'])/g, '');
  if (fileName.endsWith('.py')) joined = joined.replace(/(["'])\s*\n\s*(["'])/g, '');
  return joined;
}

export function findInSource(text: string, code: string, fileName: string): boolean {
  const pattern = textPattern(text);
  return pattern.test(code) || pattern.test(joinSplitLiterals(code, fileName));
}

export interface FindResult {
  found: boolean;
  /** Where it was looked for. */
  file: string;
  /** Why it could not be looked for. */
  problem?: string;
}

/** Looks for the entry's text in its file in the installed package. */
export function findInPackage(entry: ErrorEntry, nodeModules = NODE_MODULES): FindResult {
  const file = packageFile(entry, nodeModules);
  if (!isPinned(entry.source)) return {found: false, file, problem: `${entry.source} is not a pinned package`};
  if (!fs.existsSync(file)) return {found: false, file, problem: 'no such file in the installed package'};
  return {found: findInSource(entry.text, fs.readFileSync(file, 'utf8'), file), file};
}

export function mirrorOf(repository: string, mirrors = MIRRORS_DIR): string | undefined {
  const gitDir = path.join(mirrors, repository.replace('/', '+'), 'repo');
  return fs.existsSync(gitDir) ? gitDir : undefined;
}

/**
 * Looks for an unpinned entry's text in its file at the named tag, in a local git mirror.
 * `found` is undefined when no mirror of the repository is at hand.
 */
export function findInRepository(entry: ErrorEntry, mirrors = MIRRORS_DIR): {found: boolean | undefined; problem?: string} {
  const ref = parseRepositoryFile(entry.file);
  if (!ref) return {found: false, problem: 'file is not <Owner/repo>@<tag>:<path>'};
  const gitDir = mirrorOf(ref.repository, mirrors);
  if (!gitDir) return {found: undefined, problem: `no mirror of ${ref.repository}`};
  let code: string;
  try {
    code = execFileSync('git', ['--git-dir', gitDir, 'show', `${ref.tag}:${ref.path}`], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024});
  } catch {
    return {found: false, problem: `${ref.tag}:${ref.path} is not in the mirror`};
  }
  return {found: findInSource(entry.text, code, ref.path)};
}
