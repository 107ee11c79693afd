import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  binaryStrings,
  catalogueProblems,
  findInPackage,
  findInPostgresql,
  findInRepository,
  findInSource,
  isPinned,
  loadCatalogue,
  MIRRORS_DIR,
  mirrorOf,
  NODE_MODULES,
  parsePostgresqlFile,
  parseRepositoryFile,
  PINNED_SOURCES,
  POSTGRESQL_DIR,
  POSTGRESQL_SOURCE,
  textPattern,
  UNPINNED_SOURCES,
  variablesOf,
  type ErrorEntry,
} from './catalogue';

const entries = loadCatalogue();
const pinned = entries.filter((entry) => isPinned(entry.source));
const postgresql = entries.filter((entry) => entry.source === POSTGRESQL_SOURCE);
const unpinned = entries.filter((entry) => !isPinned(entry.source) && entry.source !== POSTGRESQL_SOURCE);

function version(pkg: string): string {
  return (JSON.parse(fs.readFileSync(path.join(NODE_MODULES, pkg, 'package.json'), 'utf8')) as {version: string}).version;
}

describe('the error catalogue', () => {
  it('is well formed: unique kebab-case ids, every field there, allowed sources, files in the right form', () => {
    expect(catalogueProblems(entries)).toEqual([]);
  });

  it('has entries for every pinned package and for the products beside them', () => {
    const counts: Record<string, number> = {};
    for (const entry of entries) counts[entry.source] = (counts[entry.source] ?? 0) + 1;
    console.log(`error catalogue: ${entries.length} entries`, counts);
    for (const source of PINNED_SOURCES) expect(counts[source] ?? 0, source).toBeGreaterThan(0);
    for (const source of ['unleash-edge', 'unleash-proxy', POSTGRESQL_SOURCE]) expect(counts[source] ?? 0, source).toBeGreaterThan(0);
  });

  it('names a variable part only where it has a name, and never leaves a text without fixed words', () => {
    const bad = entries.filter((entry) => variablesOf(entry.text).some((name) => name.trim() === '' || /[<>]/.test(name)));
    expect(bad.map((entry) => entry.id)).toEqual([]);
    const onlyVariables = entries.filter((entry) => entry.text.replace(/<[^<>\n]+>/g, '').trim() === '');
    expect(onlyVariables.map((entry) => entry.id)).toEqual([]);
  });

  it('finds every pinned message, as written, in the installed package', () => {
    const missing = pinned
      .map((entry) => ({entry, result: findInPackage(entry)}))
      .filter(({result}) => !result.found)
      .map(({entry, result}) => `${entry.id} (${entry.source}@${version(entry.source)}): "${entry.text}" not in ${path.relative(NODE_MODULES, result.file)}${result.problem ? ` (${result.problem})` : ''}`);
    expect(missing, 'messages not found where the catalogue says (a pin move may have changed them)').toEqual([]);
  });

  it(`finds every PostgreSQL message among the format strings of the installed server binary (${POSTGRESQL_DIR}/<major>/bin/postgres)`, () => {
    const missing = postgresql
      .map((entry) => ({entry, result: findInPostgresql(entry)}))
      .filter(({result}) => !result.found)
      .map(({entry, result}) => `${entry.id}: "${entry.text}" not in ${result.file}${result.problem ? ` (${result.problem})` : ''}`);
    expect(missing, 'PostgreSQL messages not found in the binary of the major version the entry names').toEqual([]);
  });

  const mirrored = unpinned.filter((entry) => {
    const ref = parseRepositoryFile(entry.file);
    return ref !== undefined && mirrorOf(ref.repository) !== undefined;
  });

  it.skipIf(mirrored.length === 0)(`finds the other products' messages at the named tag (local mirrors in ${MIRRORS_DIR})`, () => {
    const missing = mirrored
      .map((entry) => ({entry, result: findInRepository(entry)}))
      .filter(({result}) => result.found === false)
      .map(({entry, result}) => `${entry.id}: "${entry.text}" not in ${entry.file}${result.problem ? ` (${result.problem})` : ''}`);
    const unchecked = unpinned.length - mirrored.length;
    if (unchecked > 0) console.log(`error catalogue: ${unchecked} entries of other products not checked (no local mirror)`);
    expect(missing).toEqual([]);
  });
});

describe('the text matcher', () => {
  const entry = (text: string): ErrorEntry => ({id: 'x', source: 'unleash-server', where: 'w', text, when: 'w', fix: 'f', file: 'f'});

  it('reads <variables> as template placeholders, concatenations and formats', () => {
    expect(findInSource('Token was already used at <time>', 'super(`Token was already used at ${usedAt}`);', 'a.js')).toBe(true);
    expect(findInSource('Could not find <what> with id <id>', "throw new E('Could not find ' + kind + ' with id ' + id);", 'a.js')).toBe(true);
    expect(findInSource('fetch failed: <status>', 'LOGGER.warning("fetch failed: %s", code)', 'a.py')).toBe(true);
    expect(findInSource('Backing off to <n> times', 'LOGGER.error("Backing off to {} times", n);', 'A.java')).toBe(true);
    expect(findInSource('<label> must be URL friendly', "'{{#label}} must be URL friendly'", 'a.js')).toBe(true);
    expect(findInSource('code <code>. Only 200', '"code #{response.code}."\\\n      " Only 200"', 'a.rb')).toBe(true);
    expect(findInSource('Invalid status code: \'<code>\'', '"Invalid status code: \'{$response->getStatusCode()}\'"', 'a.php')).toBe(true);
  });

  it('puts split literals back together and allows escaped quotes', () => {
    expect(findInSource('The pool is full. Are you missing it?', "'The pool is full. ' +\n  'Are you missing it?'", 'a.js')).toBe(true);
    expect(findInSource('The `<path>` property is required.', 'const m = `The \\`${path}\\` property is required.`;', 'a.js')).toBe(true);
    expect(findInSource('no cache. Please connect!', '"no cache. "\n        "Please connect!"', 'a.py')).toBe(true);
  });

  it('does not accept a changed wording', () => {
    expect(findInSource('Token was already used at <time>', 'super(`Token has been used at ${usedAt}`);', 'a.js')).toBe(false);
    expect(textPattern(entry('Could not find feature <name>').text).test('Could not find features')).toBe(false);
  });
});

describe('the PostgreSQL reader', () => {
  it('reads the printable runs of a binary, as strings does, and finds a format string there', () => {
    const binary = Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from('password authentication failed for user "%s"'), Buffer.from([0, 0x7f]), Buffer.from('abc'), Buffer.from([0]), Buffer.from('database "%s" does not exist'), Buffer.from([0xff])]);
    expect(binaryStrings(binary)).toBe('password authentication failed for user "%s"\ndatabase "%s" does not exist');
    expect(findInSource('password authentication failed for user "<user>"', binaryStrings(binary), 'postgres')).toBe(true);
    expect(findInSource('database "<name>" does not exist', binaryStrings(binary), 'postgres')).toBe(true);
    expect(findInSource('database "<name>" does not exists', binaryStrings(binary), 'postgres')).toBe(false);
  });

  it('takes files as postgresql@<major>:<path>', () => {
    expect(parsePostgresqlFile('postgresql@15:bin/postgres')).toEqual({major: 15, path: 'bin/postgres'});
    expect(parsePostgresqlFile('bin/postgres')).toBeUndefined();
    expect(catalogueProblems([{id: 'x', source: POSTGRESQL_SOURCE, where: 'w', text: 't', when: 'w', fix: 'f', file: '/usr/lib/postgresql/15/bin/postgres'}])).toEqual(['x: file must be postgresql@<major>:<path>, for example postgresql@15:bin/postgres']);
  });
});

describe('the sources allowed', () => {
  it('lists repositories for every unpinned product', () => {
    for (const [source, repositories] of Object.entries(UNPINNED_SOURCES)) {
      expect(repositories.length, source).toBeGreaterThan(0);
      for (const repository of repositories) expect(repository).toMatch(/^Unleash\/[a-z0-9-]+$/);
    }
  });
});
