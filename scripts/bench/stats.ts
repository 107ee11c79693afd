/**
 * Summaries of repeated measurements. A figure that a run could not produce (a Lighthouse
 * audit that errored) is null: it is counted as missing, never as zero.
 */

export interface Spread {
  /** Values in run order, nulls included, so a reader can match them to runs. */
  values: Array<number | null>;
  min: number | null;
  max: number | null;
  median: number | null;
  missing: number;
}

export function spread(values: Array<number | null>): Spread {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value)).sort((a, b) => a - b);
  const middle = Math.floor(present.length / 2);
  const median = present.length === 0 ? null : present.length % 2 === 1 ? present[middle]! : (present[middle - 1]! + present[middle]!) / 2;
  return {
    values,
    min: present[0] ?? null,
    max: present[present.length - 1] ?? null,
    median,
    missing: values.length - present.length,
  };
}
