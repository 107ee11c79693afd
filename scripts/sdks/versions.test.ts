import {describe, expect, it} from 'vitest';
import {compareVersions, newestStable} from './versions';

describe('release versions', () => {
  it('orders versions numerically, with or without a v, a pre-release before its release', () => {
    expect(compareVersions('v12.2.3', '12.2.2')).toBeGreaterThan(0);
    expect(compareVersions('2.10.184', 'v2.9.184')).toBeGreaterThan(0);
    expect(compareVersions('6.1.0-beta.0', '6.1.0')).toBeLessThan(0);
    expect(compareVersions('v6', '6.0.0')).toBe(0);
  });

  it('picks the newest release among tags, skipping pre-releases and other names', () => {
    expect(newestStable(['v1.9.6', 'v1.9.8', 'v1.10.0-beta.1', 'latest', 'v1.9.7', ''])).toBe('v1.9.8');
    expect(newestStable(['v2.10.172', 'v2.10.184', 'v2.9.184'])).toBe('v2.10.184');
    expect(newestStable(['main'])).toBeUndefined();
  });
});
