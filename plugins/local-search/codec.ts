/**
 * A compact, lossless encoding of MiniSearch's serialised index (toJSON), so the file the
 * browser downloads first is small. Sequential document ids are implied instead of listed,
 * field lengths become plain arrays, and each term's postings become delta-encoded id lists
 * with term frequencies only where they are not 1.
 */

/** MiniSearch's serialised form (serializationVersion 2), as far as this codec needs it. */
export interface MiniSearchJson {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: Array<[string, Record<string, Record<string, number>>]>;
  serializationVersion: number;
}

/** Per field: [fieldId, docId deltas, frequencies (omitted when all are 1)]. */
type CompactPosting = [number, number[]] | [number, number[], number[]];

export interface CompactIndex {
  format: 'compact-minisearch-1';
  documentCount: number;
  fieldIds: Record<string, number>;
  fieldLength: number[][];
  averageFieldLength: number[];
  serializationVersion: number;
  terms: string[];
  postings: CompactPosting[][];
}

export function compactIndex(json: MiniSearchJson): CompactIndex {
  const ids = Object.keys(json.documentIds).map(Number);
  ids.forEach((shortId, position) => {
    if (shortId !== position || json.documentIds[String(shortId)] !== position) {
      throw new Error('compactIndex expects documents numbered 0..n-1 in insertion order, with nothing removed');
    }
  });
  if (json.dirtCount !== 0 || Object.keys(json.storedFields).length > 0) {
    throw new Error('compactIndex expects an index without removed documents or stored fields');
  }
  return {
    format: 'compact-minisearch-1',
    documentCount: json.documentCount,
    fieldIds: json.fieldIds,
    fieldLength: ids.map((id) => json.fieldLength[String(id)]!),
    averageFieldLength: json.averageFieldLength,
    serializationVersion: json.serializationVersion,
    terms: json.index.map(([term]) => term),
    postings: json.index.map(([, fields]) =>
      Object.entries(fields).map(([fieldId, docs]): CompactPosting => {
        const entries = Object.entries(docs)
          .map(([doc, frequency]) => [Number(doc), frequency] as const)
          .sort((a, b) => a[0] - b[0]);
        const deltas = entries.map(([doc], index) => (index === 0 ? doc : doc - entries[index - 1]![0]));
        const frequencies = entries.map(([, frequency]) => frequency);
        return frequencies.every((frequency) => frequency === 1) ? [Number(fieldId), deltas] : [Number(fieldId), deltas, frequencies];
      }),
    ),
  };
}

export function expandIndex(compact: CompactIndex): MiniSearchJson {
  if (compact.format !== 'compact-minisearch-1') throw new Error(`Unknown search index format: ${String(compact.format)}`);
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  compact.fieldLength.forEach((lengths, id) => {
    documentIds[String(id)] = id;
    fieldLength[String(id)] = lengths;
  });
  return {
    documentCount: compact.documentCount,
    nextId: compact.documentCount,
    documentIds,
    fieldIds: compact.fieldIds,
    fieldLength,
    averageFieldLength: compact.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    serializationVersion: compact.serializationVersion,
    index: compact.terms.map((term, termIndex) => {
      const fields: Record<string, Record<string, number>> = {};
      for (const [fieldId, deltas, frequencies] of compact.postings[termIndex]!) {
        const docs: Record<string, number> = {};
        let doc = 0;
        deltas.forEach((delta, index) => {
          doc = index === 0 ? delta : doc + delta;
          docs[String(doc)] = frequencies ? frequencies[index]! : 1;
        });
        fields[String(fieldId)] = docs;
      }
      return [term, fields];
    }),
  };
}
