/**
 * Our hand-written description (openapi/) against the one the pinned unleash-server serves
 * (openapi/server/openapi.json, saved by `npm run api:real`): every served operation described
 * the same way, every other operation of ours a reviewed exception, and no prose copied.
 * After an upgrade, this lists every difference; see README.md, "The real-server check".
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import {bundle} from '../scripts/openapi/bundle';
import {SERVED_OPENAPI} from '../scripts/unleash-server/paths';
import {pinnedServerVersion} from '../scripts/unleash-server/realServer';
import {EXCEPTIONS_FILE, PLANS_EXTENSION, compare, copiedProse, copiedProseAnywhere, operationsOf, planMarkProblems, readExceptions} from '../scripts/unleash-server/conformance';
import {apiReferenceVersions} from '../config/apiVersions';
import {composeOlderVersion, servedDescriptionFile, versionDir} from '../scripts/openapi/versions';
import {lintErrors} from './lint';

type Json = Record<string, any>;

if (!fs.existsSync(SERVED_OPENAPI)) throw new Error(`${path.relative(process.cwd(), SERVED_OPENAPI)} is missing: run npm run api:real`);
const served = JSON.parse(fs.readFileSync(SERVED_OPENAPI, 'utf8')) as Json;
const ours = bundle();
const exceptions = readExceptions();
const report = compare(served, ours, exceptions);
const servedOperations = operationsOf(served);
const ourOperations = operationsOf(ours);

describe('conformance with the real unleash-server', () => {
  it('compares with the description of the pinned unleash-server', () => {
    expect(served.info?.version, `${path.relative(process.cwd(), SERVED_OPENAPI)} was saved from another unleash-server: run npm run api:real`).toBe(pinnedServerVersion());
  });

  it('documents the pinned version in base.yaml and in the bundle', () => {
    const base = YAML.parse(fs.readFileSync(path.join(__dirname, 'base.yaml'), 'utf8')) as Json;
    expect(String(base.info.version), 'openapi/base.yaml info.version').toBe(pinnedServerVersion());
    expect(ours.info.version).toBe(pinnedServerVersion());
    expect(ours.info.description).toContain(`describes Unleash ${pinnedServerVersion()}`);
    expect(ours.info.description).not.toContain('{{');
  });

  it('describes every served operation as the server does, or as its handler does where an exception shows it', () => {
    const {enterprise, kept, handler} = report.exceptionsByReason;
    console.log(
      [
        `unleash-server ${pinnedServerVersion()}: ${report.serverOperations} operations served, ${report.ourOperations} in ours`,
        `${report.consistent} of the served operations consistent (${handler} of them through handler exceptions)`,
        `exceptions: ${enterprise} enterprise, ${kept} kept, ${handler} handler`,
        `${report.failures.length} differences`,
      ].join('\n'),
    );
    expect(report.failures).toEqual([]);
    expect(report.consistent).toBe(report.serverOperations);
  });

  it('writes its summaries and descriptions in its own words', () => {
    expect(copiedProse(served, ours)).toEqual([]);
    // Every summary and description: parameters, bodies, responses, schemas, properties, tags.
    expect(copiedProseAnywhere([served], ours)).toEqual([]);
  });
});

// The older references (config/apiVersions.ts): composed from what their servers serve and our
// prose (scripts/openapi/compose.ts), checked against those servers the same way.
for (const version of apiReferenceVersions().filter((candidate) => !candidate.current)) {
  describe(`conformance of the ${version.label} reference with unleash-server ${version.version}`, () => {
    const servedOlder = JSON.parse(fs.readFileSync(servedDescriptionFile(version), 'utf8')) as Json;
    const {document: composed, report: composition} = composeOlderVersion(version, ours);
    const exceptionsFile = path.join(versionDir(version), 'exceptions.yaml');
    const olderExceptions = readExceptions(exceptionsFile);
    const olderReport = compare(servedOlder, composed, olderExceptions);

    it('compares with the description of the pinned release', () => {
      expect(servedOlder.info?.version, `${path.relative(process.cwd(), servedDescriptionFile(version))}: run npm run api:versions`).toBe(pinnedServerVersion(version.packageName));
      expect(composed.info.version).toBe(version.version);
      expect(composed.info.description).toContain(`Unleash ${version.version}`);
      expect(composed.info.description).not.toContain('{{');
    });

    it('describes every served operation as the server does', () => {
      const {enterprise, kept, handler} = olderReport.exceptionsByReason;
      const prose = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
      console.log(
        [
          `unleash-server ${version.version}: ${olderReport.serverOperations} operations served, ${olderReport.ourOperations} in the ${version.label} reference`,
          `${olderReport.consistent} of the served operations consistent (${handler} of them through handler exceptions)`,
          `exceptions: ${enterprise} enterprise, ${kept} kept, ${handler} handler`,
          `${olderReport.failures.length} differences`,
          `prose: ${prose(composition.ours)} texts from ours (${composition.ours.operation} summaries and descriptions of operations), ${prose(composition.overlay)} from openapi/v${version.major}/overlay.yaml, ${composition.generic} response descriptions by status code`,
          `schemas described from a schema of ours with another name: ${composition.renamedSchemas.length}; operations without a summary: ${composition.untitled.length}`,
        ].join('\n'),
      );
      expect(olderReport.failures).toEqual([]);
      expect(olderReport.consistent).toBe(olderReport.serverOperations);
      expect(olderReport.stale, path.relative(process.cwd(), exceptionsFile)).toEqual([]);
    });

    it('publishes none of the server\'s own prose', () => {
      expect(copiedProse(servedOlder, composed)).toEqual([]);
      expect(copiedProseAnywhere([servedOlder, served], composed)).toEqual([]);
    });

    it('gives every operation a summary and uses every overlay entry', () => {
      expect(composition.untitled).toEqual([]);
      expect(composition.unusedOverlay).toEqual([]);
    });

    it('lints with zero errors: every operation and tag described, as in ours', async () => {
      // The server's own: schemas it declares but no operation uses, and paths that differ only in parameter names.
      expect(await lintErrors(composed, `unleash-${version.major}.json`, {'no-unused-components': 'off', 'no-identical-paths': 'off'})).toEqual([]);
    }, 60_000);
  });
}

describe('the exceptions file', () => {
  it('has no stale entry', () => {
    expect(report.stale, path.relative(process.cwd(), EXCEPTIONS_FILE)).toEqual([]);
  });

  it('names operations of ours: enterprise and kept ones the server lacks, handler ones the server has', () => {
    const problems: string[] = [];
    for (const exception of exceptions) {
      if (!ourOperations.has(exception.operation)) problems.push(`${exception.operation}: not in our description`);
      const servedHere = servedOperations.has(exception.operation);
      if (exception.reason === 'handler' && !servedHere) problems.push(`${exception.operation}: a handler exception for an operation the server does not have`);
      if (exception.reason !== 'handler' && servedHere) problems.push(`${exception.operation}: listed as ${exception.reason}, but the server has it`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every enterprise operation its plans and the availability badge on its page', () => {
    const problems = exceptions.filter((exception) => exception.reason === 'enterprise').flatMap((exception) => {
      const operation = ourOperations.get(exception.operation);
      return operation ? planMarkProblems(operation) : [];
    });
    expect(problems).toEqual([]);
  });

  it('marks no other operation as belonging to a commercial plan', () => {
    const enterprise = new Set(exceptions.filter((exception) => exception.reason === 'enterprise').map((exception) => exception.operation));
    const marked = [...ourOperations.values()].filter((operation) => operation.operation[PLANS_EXTENSION] !== undefined || String(operation.operation.description ?? '').includes(':::info Availability'));
    expect(marked.map((operation) => operation.key).filter((key) => !enterprise.has(key))).toEqual([]);
  });
});
