/** The nearest candidates to a name, for error messages that say what the product has instead. */

/** Damerau–Levenshtein (optimal string alignment) distance, case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({length: s.length + 1}, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 0; j <= t.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= s.length; i += 1) {
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[s.length]![t.length]!;
}

/** Up to `count` candidates closest to `name`; strings much longer or shorter are skipped. */
export function nearestStrings(name: string, candidates: Iterable<string>, count = 3): string[] {
  const scored: Array<[number, string]> = [];
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - name.length) > Math.max(4, name.length / 2)) continue;
    scored.push([editDistance(name, candidate), candidate]);
  }
  return scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])).slice(0, count).map(([, candidate]) => candidate);
}
