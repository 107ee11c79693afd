/**
 * The code of a block highlighted at build time, read back from its HTML: one `div.token-line`
 * per line (highlight.ts), whose text is the line's (its closing <br> has none). The copy button
 * of a block the browser did not render (src/components/StaticContent) copies this. Shared by
 * the browser and the tests, so it imports nothing.
 */

interface LinesRoot {
  querySelectorAll(selector: string): ArrayLike<{textContent: string | null}>;
}

export function codeOfLines(code: LinesRoot): string {
  return Array.from(code.querySelectorAll('.token-line'), (line) => line.textContent ?? '').join('\n');
}
