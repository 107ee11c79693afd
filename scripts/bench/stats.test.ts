import {describe, expect, it} from 'vitest';
import {spread} from './stats';

describe('spread', () => {
  it('gives min, max and median of the runs, keeping them in run order', () => {
    expect(spread([74, 71, 78])).toEqual({values: [74, 71, 78], min: 71, max: 78, median: 74, missing: 0});
  });

  it('averages the two middle values of an even count', () => {
    expect(spread([0.2, 0.1, 0.4, 0.3]).median).toBeCloseTo(0.25);
  });

  it('counts a run that produced no figure as missing, not as zero', () => {
    expect(spread([90, null, 95])).toMatchObject({min: 90, max: 95, median: 92.5, missing: 1});
  });

  it('has no min or max when no run produced the figure', () => {
    expect(spread([null, null])).toMatchObject({min: null, max: null, median: null, missing: 2});
  });
});
