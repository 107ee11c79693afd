import {describe, expect, it} from 'vitest';
import {checkBlock, checkCodeSamples} from './codeSamples';

const block = (language: string, code: string) => ({language, meta: '', code, line: 1});

describe('code sample check', () => {
  it('parses each checked language and reports what fails', () => {
    expect(checkBlock(block('ts', 'const flag: boolean = unleash.isEnabled("x");'))).toBeUndefined();
    expect(checkBlock(block('tsx', 'export const A = () => <div>{on && <b>hi</b>}</div>;'))).toBeUndefined();
    expect(checkBlock(block('js', 'const x = {;'))).toMatch(/^js does not parse/);
    expect(checkBlock(block('json', '{"a": 1}'))).toBeUndefined();
    expect(checkBlock(block('json', '{"a": 1, // comment\n}'))).toMatch(/^json does not parse/);
    expect(checkBlock(block('yaml', 'a: [1, 2'))).toMatch(/^yaml does not parse/);
    expect(checkBlock(block('bash', 'if true; then echo ok; fi'))).toBeUndefined();
    expect(checkBlock(block('bash', 'if true; then echo ok'))).toMatch(/^bash does not parse/);
    expect(checkBlock(block('cobol', 'DISPLAY "HI".'))).toBe('unknown code language "cobol"');
  });

  it('passes on every code block in docs/', () => {
    expect(checkCodeSamples()).toEqual([]);
    // Spawns bash for every shell block: minutes on two busy cores.
  }, 240_000);
});
