/**
 * The compact form of a term's postings in the chunk files: per field, the ids of the
 * sections holding the term as deltas (small numbers compress well), and term frequencies
 * only when one of them is not 1.
 */
import type {Posting} from './types';

/** Sections holding one term in one field, ascending, with the term's frequency in each. */
export interface FieldPostings {
  field: number;
  sections: number[];
  frequencies: number[];
}

/** `byField`: field number → section id → frequency. */
export function encodePostings(byField: ReadonlyMap<number, ReadonlyMap<number, number>>): Posting[] {
  return [...byField.entries()]
    .sort(([a], [b]) => a - b)
    .map(([field, sections]): Posting => {
      const entries = [...sections.entries()].sort((a, b) => a[0] - b[0]);
      const deltas = entries.map(([section], index) => (index === 0 ? section : section - entries[index - 1]![0]));
      const frequencies = entries.map(([, frequency]) => frequency);
      return frequencies.every((frequency) => frequency === 1) ? [field, deltas] : [field, deltas, frequencies];
    });
}

export function decodePostings(postings: readonly Posting[]): FieldPostings[] {
  return postings.map(([field, deltas, frequencies]) => {
    const sections = new Array<number>(deltas.length);
    let section = 0;
    deltas.forEach((delta, index) => {
      section = index === 0 ? delta : section + delta;
      sections[index] = section;
    });
    return {field, sections, frequencies: frequencies ?? new Array<number>(deltas.length).fill(1)};
  });
}
