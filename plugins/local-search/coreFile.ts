/**
 * The core of the index as it travels (`index.<hash>.json`) and as the engine holds it. The
 * core is the one file every first search waits for, so the file leaves out what the engine
 * can work out from the rest of it when it loads:
 * - the lengths of the fields made of what the core already holds (a section's headings
 *   field is its page's title and its headings, the path field is the page's slug);
 * - anchors that are the slug of the section's last heading (as before), and the sections
 *   that have headings but no anchor, as gaps between their ids;
 * - where each shard starts, as the number of sections in each.
 * The indexer writes the fields' text through derivedFieldText, so the lengths the engine
 * computes are the ones the postings were counted against.
 */
import {indexTerms} from './analysis';
import {INDEX_FIELDS, type IndexCore, type IndexField} from './types';

export const CORE_FILE_VERSION = 3;

/** Fields whose text is made of the page's URL and title and the section's headings. */
export const DERIVED_FIELDS = ['headings', 'path'] as const satisfies readonly IndexField[];
type DerivedField = (typeof DERIVED_FIELDS)[number];

export interface IndexCoreFile extends Omit<IndexCore, 'anchors' | 'fieldLength' | 'shardStarts'> {
  version: typeof CORE_FILE_VERSION;
  /** Section id → anchor, where the anchor is neither the slug of the last heading nor missing. */
  anchors: Record<string, string>;
  /** Sections with headings and no anchor: the first id, then the gap to each next one. */
  unanchored: number[];
  /** Per field (INDEX_FIELDS order), each section's length in terms; null for a derived field. */
  fieldLength: Array<number[] | null>;
  /** Sections in each shard, in order. */
  shardSizes: number[];
}

/** The text of a derived field of a section; the opening section (no headings) has neither. */
export function derivedFieldText(field: DerivedField, url: string, title: string, headings: readonly string[]): string {
  if (headings.length === 0) return field === 'path' ? (url.split('/').filter(Boolean).pop() ?? '') : '';
  // A section is found by its own headings and by the title of the page it is on.
  return field === 'headings' ? [title, ...headings].join(' ') : '';
}

const isDerived = (field: IndexField): field is DerivedField => (DERIVED_FIELDS as readonly IndexField[]).includes(field);

const gaps = (ids: readonly number[]) => ids.map((id, index) => id - (ids[index - 1] ?? 0));
const sums = (steps: readonly number[]) => {
  let total = 0;
  return steps.map((step) => (total += step));
};

export function packCore(core: IndexCore): IndexCoreFile {
  const anchors: Record<string, string> = {};
  const unanchored: number[] = [];
  for (const [id, anchor] of Object.entries(core.anchors)) {
    if (anchor === null) unanchored.push(Number(id));
    else anchors[id] = anchor;
  }
  unanchored.sort((a, b) => a - b);
  const {anchors: _anchors, fieldLength, shardStarts, ...rest} = core;
  return {
    ...rest,
    version: CORE_FILE_VERSION,
    anchors,
    unanchored: gaps(unanchored),
    fieldLength: fieldLength.map((lengths, field) => (isDerived(INDEX_FIELDS[field]!) ? null : lengths)),
    shardSizes: shardStarts.map((start, index) => (shardStarts[index + 1] ?? core.headings.length) - start),
  };
}

/**
 * The number of terms in a derived field, as indexTerms(derivedFieldText(…)) counts them, from
 * counts of its parts: terms never span the space the parts are joined with, and titles and
 * parent headings repeat from section to section, so each distinct text is read once (a tenth
 * of the time of reading every section's text whole).
 */
function derivedFieldLength(field: DerivedField, url: string, title: string, headings: readonly string[], terms: (text: string) => number): number {
  if (headings.length === 0) return field === 'path' ? terms(derivedFieldText('path', url, title, headings)) : 0;
  return field === 'headings' ? headings.reduce((sum, heading) => sum + terms(heading), terms(title)) : 0;
}

/** The core the engine works with; throws on a file of another version (a stale cached manifest's core). */
export function unpackCore(file: IndexCoreFile): IndexCore {
  if ((file as {version: unknown}).version !== CORE_FILE_VERSION) throw new Error(`Unknown search index version: ${String((file as {version: unknown}).version)}`);
  const {version: _version, unanchored, shardSizes, anchors: named, fieldLength, ...rest} = file;
  const anchors: IndexCore['anchors'] = {...named};
  for (const id of sums(unanchored)) anchors[String(id)] = null;
  const sectionPage: number[] = [];
  file.pageSections.forEach((count, page) => sectionPage.push(...new Array<number>(count).fill(page)));
  const counted = new Map<string, number>();
  const terms = (text: string) => {
    let count = counted.get(text);
    if (count === undefined) counted.set(text, (count = indexTerms(text).length));
    return count;
  };
  return {
    ...rest,
    anchors,
    fieldLength: fieldLength.map((lengths, field) => {
      if (lengths) return lengths;
      const name = INDEX_FIELDS[field]!;
      if (!isDerived(name)) throw new Error(`The search index has no lengths for its ${name} field`);
      return file.headings.map((headings, section) => {
        const [url, , title] = file.pages[sectionPage[section]!]!;
        return derivedFieldLength(name, url, title, headings, terms);
      });
    }),
    shardStarts: shardSizes.length === 0 ? [] : sums([0, ...shardSizes.slice(0, -1)]),
  };
}
