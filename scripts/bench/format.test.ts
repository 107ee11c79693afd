import {describe, expect, it} from 'vitest';
import {duration, kb} from './format';

describe('duration', () => {
  it('rounds to the second before splitting into minutes', () => {
    expect(duration(119.6)).toBe('2 min 00 s');
    expect(duration(183.2)).toBe('3 min 03 s');
    expect(duration(42.4)).toBe('42 s');
  });
});

describe('kb', () => {
  it('counts 1024 bytes to the KB', () => {
    expect(kb(256_000)).toBe('250.0 KB');
    expect(kb(1536, 0)).toBe('2 KB');
  });
});
