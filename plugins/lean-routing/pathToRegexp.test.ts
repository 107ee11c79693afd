import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

type Matcher = {exec(input: string): unknown};
type PathToRegexp = (path: string, keys?: unknown[], options?: Record<string, unknown>) => Matcher;
const load = createRequire(import.meta.url);
const real = load('path-to-regexp') as PathToRegexp;
const fast = load('./pathToRegexp.cjs') as PathToRegexp;

const PATHS = ['/', '/reference', '/reference/', '/reference/segments', '/reference/api/unleash/get-feature', '/search', '/a.b+c?d', '/contributing/ADRs'];
const INPUTS = ['/', '', '/reference', '/REFERENCE', '/reference/', '/reference//', '/reference/segments', '/reference/segments/', '/reference/segmentsx', '/Reference/Segments', '/reference/api/unleash/get-feature', '/a.b+c?d', '/axb+c?d', '/search', '/search/x', '/contributing/adrs', '/contributing/ADRs/', '/référence'];
const OPTIONS = [{}, {end: false}, {strict: true}, {end: false, strict: true}, {sensitive: true}, {end: false, sensitive: true}, {end: true, strict: false, sensitive: false}];

describe('path-to-regexp for plain route paths', () => {
  it('matches every URL exactly as the compiled expression does', () => {
    for (const path of PATHS) {
      for (const options of OPTIONS) {
        const expected = real(path, [], options);
        const actual = fast(path, [], options);
        for (const input of INPUTS) {
          const want = expected.exec(input) as string[] | null;
          const got = actual.exec(input) as string[] | null;
          // React Router reads the match (and its groups, none here); nothing else.
          expect(got && [...got], `${path} ${JSON.stringify(options)} ${input}`).toEqual(want && [...want]);
        }
      }
    }
  });

  it('leaves paths with parameters, groups and wildcards to path-to-regexp', () => {
    for (const path of ['/docs/:id', '/(foo)', '*', '/a\\:b']) expect(fast(path, [], {})).toBeInstanceOf(RegExp);
    expect(fast('/x', [], {})).not.toBeInstanceOf(RegExp);
  });
});
