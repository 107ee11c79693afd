import {describe, expect, it} from 'vitest';
import {loadFactor, patience, patienceSetting} from './patience';
import {parseArgs, SERVER_BACKED} from './load';

describe('patience', () => {
  it('grows with the load per core, from 1 to 4 times', () => {
    expect(loadFactor(0, 2)).toBe(1);
    expect(loadFactor(3, 2)).toBe(2.5);
    expect(loadFactor(40, 2)).toBe(4);
  });

  it('takes TEST_PATIENCE from 1 to 20 and refuses anything else by name', () => {
    expect(patienceSetting(undefined)).toBe(1);
    expect(patienceSetting('2.5')).toBe(2.5);
    expect(() => patienceSetting('0')).toThrow(/TEST_PATIENCE must be a number from 1 to 20/);
    expect(() => patienceSetting('fast')).toThrow(/TEST_PATIENCE/);
    expect(patience(1000)).toBeGreaterThanOrEqual(1000);
  });
});

describe('test:load options', () => {
  it('runs the server-backed suites with a busy loop per core by default', () => {
    const options = parseArgs([], 2);
    expect(options).toMatchObject({command: SERVER_BACKED, workers: 2, maxMinutes: 90});
    for (const suite of ['runnable.test.ts', 'programs.test.ts', 'programs-next.test.ts', 'conformance.test.ts', 'api:real', 'api:versions']) expect(SERVER_BACKED).toContain(suite);
  });

  it('takes another command, worker count and bound, and names a bad option', () => {
    expect(parseArgs(['--command', 'bash .ci/run', '--workers', '0', '--max-minutes', '60'], 2)).toMatchObject({command: 'bash .ci/run', workers: 0, maxMinutes: 60});
    expect(() => parseArgs(['--workers', 'many'])).toThrow(/--workers takes a whole number from 0 to 64/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option --fast/);
  });
});
