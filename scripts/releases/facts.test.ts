/**
 * config/releases/facts.json against the pinned packages: the lists it gives for 6.10.1, 7.6.5
 * and 8.2.0 (read from the repository's tags, or for 8.2.0 from the package, when it was
 * written) must be what the extractor reads in node_modules/unleash-server-6, -7 and
 * unleash-server today. No git mirror needed: CI has the repository and node_modules only.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {compareVersions} from '../../config/releases';
import {LIST_KINDS, listsAt, loadFacts} from './data';
import {extractRelease, readOperations, readSettings, resolveImport, runtimeImports, type ReleaseLists} from './extract';
import {checkReadingAgainstServed, packageDir, serverPackages} from './facts';
import {packageTree, packageVersion, type CodeTree} from './trees';

const facts = loadFacts();
const lists = (extraction: ReleaseLists): ReleaseLists => ({operations: extraction.operations, settings: extraction.settings, migrations: extraction.migrations, flags: extraction.flags});

describe('facts.json', () => {
  it.each(['unleash-server-6', 'unleash-server-7', 'unleash-server'])('rebuilds the full lists of the release %s holds, as its code reads today', (name) => {
    const version = packageVersion(packageDir(name));
    const fromPackage = lists(extractRelease(packageTree(packageDir(name))));
    const rebuilt = listsAt(facts, version);
    for (const kind of LIST_KINDS) expect(rebuilt[kind], `${kind} of ${version}`).toEqual(fromPackage[kind]);
  });

  it('covers every release from 6.0.0 once, in order, each dated in ISO 8601 and compared with an earlier release it has', () => {
    const versions = facts.releases.map((release) => release.version);
    expect(versions[0]).toBe('6.0.0');
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort(compareVersions)).toEqual(versions);
    expect(versions).toContain(packageVersion(packageDir('unleash-server')));
    for (const release of facts.releases) {
      expect(new Date(release.date).toISOString(), release.version).toBe(release.date);
      expect(['tag', 'npm-registry']).toContain(release.dateSource);
      if (release.version === facts.baseline.version) {
        expect(release.comparedWith).toBeUndefined();
        continue;
      }
      expect(versions, `${release.version} is compared with a release facts.json has`).toContain(release.comparedWith?.version);
      expect(compareVersions(release.comparedWith!.version, release.version)).toBeLessThan(0);
    }
    // A tagged release is dated by its tag; only a release without one by the registry.
    expect(facts.releases.filter((release) => release.dateSource === 'npm-registry').map((release) => release.readFrom)).toEqual(facts.releases.filter((release) => !release.readFrom.startsWith('Unleash/unleash@')).map((release) => release.readFrom));
  });

  it('keeps its counts and changes consistent with the lists they replay to', () => {
    for (const release of facts.releases) {
      const full = listsAt(facts, release.version);
      for (const kind of LIST_KINDS) {
        expect(full[kind].length, `${kind} of ${release.version}`).toBe(release.counts[kind]);
        const change = release.changes?.[kind];
        if (change) expect(change.added.filter((name) => change.removed.includes(name))).toEqual([]);
      }
    }
  });

  it('records that the repository and the package of the same release read alike', () => {
    expect(facts.checks.sourceAgainstPackage.map((check) => check.version).sort(compareVersions)).toEqual(['6.10.1', '7.6.5']);
    for (const check of facts.checks.sourceAgainstPackage) {
      for (const kind of LIST_KINDS) expect(check.differences[kind], `${kind} of ${check.version}`).toEqual({onlyInSource: [], onlyInPackage: []});
    }
  });
});

describe('the operations reading', () => {
  it('equals what each pinned server serves, where plain operationId strings alone do not', () => {
    const checks = serverPackages().flatMap((name) => checkReadingAgainstServed(name) ?? []);
    expect(checks.map((check) => check.version).sort(compareVersions)).toEqual(expect.arrayContaining(['6.10.1', '7.6.5', '8.2.0']));
    for (const check of checks) expect(check.readings.chosen, check.version).toEqual({count: check.servedCount, missing: [], extra: []});
    const current = checks.find((check) => check.version === '8.2.0')!;
    // The helper-built context-field ids are served but are not plain strings; alpha ones are declared but not served.
    expect(current.readings.literal.missing).toContain('getContextFieldsForProject');
    expect(current.readings.declared.extra).toEqual(expect.arrayContaining(['getUserPermissions']));
  });
});

/** A lib folder in memory. */
function memoryTree(files: Record<string, string>, extension: '.ts' | '.js' = '.ts'): CodeTree {
  return {
    label: 'memory',
    extension,
    libFiles: () => Object.keys(files),
    libFilesMentioning: (word) => Object.keys(files).filter((file) => files[file]!.includes(word)),
    readLib: (wanted) => new Map(wanted.map((file) => [file, files[file]!])),
    migrationFiles: () => [],
  };
}

describe('the extractor', () => {
  it('evaluates a helper that builds operationIds, sets alpha ones apart and reports what it cannot read', () => {
    const reading = readOperations(
      new Map([
        [
          'routes/context.ts',
          `const resolveOperationId = (operationId: string, mode: 'global' | 'project') => mode === 'project' ? \`\${operationId}ForProject\` : operationId;
           route({middleware: [validPath({operationId: resolveOperationId('getContextFields', mode)})]});
           route({middleware: [validPath({operationId: 'getThing', release: {alpha: true}})]});
           route({middleware: [validPath({operationId: "listThings", release: {stable: '7.0.0'}})]});
           route({middleware: [validPath({operationId: someVariable})]});
           // operationId: 'inAComment'
           interface Operation { operationId: string }`,
        ],
      ]),
    );
    expect(reading.declared).toEqual(['getContextFields', 'getContextFieldsForProject', 'getThing', 'listThings']);
    expect(reading.served).toEqual(['getContextFields', 'getContextFieldsForProject', 'listThings']);
    expect(reading.alpha).toEqual(['getThing']);
    expect(reading.literal).toEqual(['getThing', 'listThings']);
    expect(reading.unresolved).toEqual(['routes/context.ts: operationId: someVariable']);
  });

  it('reads the variables of create-config and of the modules it loads at run time, not of type-only imports', () => {
    const tree = memoryTree({
      'create-config.ts': `import {parseEnvVarNumber} from './util/parse.js';
        import {flags} from './types/experimental.js';
        import type {Schema} from './schema.js';
        import {type Other} from './other.js';
        const port = parseEnvVarNumber(process.env.HTTP_PORT, 4242);
        const host = process.env['HTTP_HOST'];
        const notRead = 'process.env.IN_A_STRING';`,
      'util/parse.ts': 'export const parseEnvVarNumber = (value, fallback) => value ?? fallback;',
      'types/experimental.ts': 'export const flags = {demo: process.env.UNLEASH_DEMO === "true"};',
      'schema.ts': 'const x = process.env.ONLY_IN_A_TYPE_MODULE;',
      'other.ts': 'const y = process.env.ONLY_IN_A_TYPE_IMPORT;',
    });
    expect(readSettings(tree)).toEqual(['HTTP_HOST', 'HTTP_PORT', 'UNLEASH_DEMO']);
    expect(runtimeImports('a.js', `const x = __importDefault(require("./util/x")); exports.y = 1;`)).toEqual(['./util/x']);
    expect(resolveImport('create-config.js', './util/index.js', new Set(['util/index.js']), '.js')).toBe('util/index.js');
    expect(resolveImport('create-config.ts', './types', new Set(['types/index.ts']), '.ts')).toBe('types/index.ts');
  });

  it('reads every list from a package build (the installed 7.6.5)', () => {
    const extraction = extractRelease(packageTree(path.join(packageDir('unleash-server-7'))));
    expect(extraction.operations).toContain('getContextFieldsForProject');
    expect(extraction.settings).toContain('DATABASE_URL');
    expect(extraction.migrations[0]).toMatch(/^\d{14}-/);
    expect(extraction.flags.length).toBeGreaterThan(10);
  });
});
