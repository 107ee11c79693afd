/**
 * Unleash's client specification (@unleash/client-specification, the version package.json pins):
 * every case of every file its index lists runs through the sandbox's evaluator, once as the
 * Node.js SDK computes and once as Yggdrasil does, and must give the expected answer:
 * `tests` through isEnabled, `variantTests` through getVariant.
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {evaluate, toFeatureState, type ClientPayload, type Context, type Engine, type VariantResult} from '../../src/evaluation';

const specDir = path.join(__dirname, '../../node_modules/@unleash/client-specification/specifications');
const version = (JSON.parse(fs.readFileSync(path.join(specDir, '../package.json'), 'utf8')) as {version: string}).version;

interface SpecFile {
  name: string;
  state: ClientPayload;
  tests?: Array<{description: string; context: Context; toggleName: string; expectedResult: boolean}>;
  variantTests?: Array<{description: string; context: Context; toggleName: string; expectedResult: VariantResult}>;
}

const files = (JSON.parse(fs.readFileSync(path.join(specDir, 'index.json'), 'utf8')) as string[]).map((file) => ({
  file,
  spec: JSON.parse(fs.readFileSync(path.join(specDir, file), 'utf8')) as SpecFile,
}));
const ENGINES: Engine[] = ['node', 'yggdrasil'];
const counts = {isEnabled: 0, variants: 0};
const ran: Record<Engine, number> = {node: 0, yggdrasil: 0};

describe(`client specification ${version}`, () => {
  it('lists its files and has cases', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const {spec} of files) {
      counts.isEnabled += spec.tests?.length ?? 0;
      counts.variants += spec.variantTests?.length ?? 0;
    }
    expect(counts.isEnabled).toBeGreaterThan(0);
    expect(counts.variants).toBeGreaterThan(0);
  });

  for (const engine of ENGINES) {
    describe(engine, () => {
      for (const {file, spec} of files) {
        const state = toFeatureState(spec.state);
        describe(file, () => {
          for (const test of spec.tests ?? []) {
            it(`isEnabled: ${test.description}`, () => {
              const result = evaluate(state, test.toggleName, test.context ?? {}, {engine});
              expect(result.enabled, result.reason).toBe(test.expectedResult);
              ran[engine] += 1;
            });
          }
          for (const test of spec.variantTests ?? []) {
            it(`getVariant: ${test.description}`, () => {
              const {variant} = evaluate(state, test.toggleName, test.context ?? {}, {engine});
              expect(variant).toEqual(test.expectedResult);
              ran[engine] += 1;
            });
          }
        });
      }
    });
  }

  afterAll(() => {
    console.log(
      `client specification ${version}: ${files.length} files, ${counts.isEnabled} isEnabled cases and ${counts.variants} variant cases; ` +
        `passed as the Node.js SDK computes: ${ran.node}, as Yggdrasil computes: ${ran.yggdrasil}`,
    );
  });
});
