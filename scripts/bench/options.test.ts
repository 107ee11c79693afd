import {describe, expect, it} from 'vitest';
import {parseOptions} from './options';

describe('parseOptions', () => {
  it('builds, runs Lighthouse twice, runs the search benchmark and serves gzip by default', () => {
    expect(parseOptions([])).toEqual({skipBuild: false, runs: 3, search: true, gzip: true});
  });

  it('reads the flags', () => {
    expect(parseOptions(['--skip-build', '--runs', '3', '--no-search', '--no-gzip'])).toEqual({skipBuild: true, runs: 3, search: false, gzip: false});
    expect(parseOptions(['--runs=1'])).toMatchObject({runs: 1});
    expect(parseOptions(['--help'])).toBe('help');
    expect(parseOptions(['--baseline', 'f74e880'])).toMatchObject({baseline: 'f74e880'});
    expect(parseOptions(['--cpus', '0.5'])).toMatchObject({cpus: 0.5});
  });

  it('refuses a run count that is not a whole number from 1 to 20, and unknown flags', () => {
    expect(() => parseOptions(['--runs', '0'])).toThrow(/--runs/);
    expect(() => parseOptions(['--runs', 'two'])).toThrow(/--runs/);
    expect(() => parseOptions(['--skip-builds'])).toThrow();
    expect(() => parseOptions(['--baseline', ' '])).toThrow(/--baseline/);
    expect(() => parseOptions(['--cpus', '0'])).toThrow(/--cpus takes a number of cores/);
  });
});
