/** Strings the API theme builds at run time, read without a Markdown parser (see index.tsx). */

export type Piece = {kind: 'text' | 'strong' | 'code'; text: string};

/**
 * The pieces of a one-line string made of plain text, `code` spans and **strong** runs, as the
 * theme writes its qualifiers; null for anything a real Markdown parser must read.
 */
export function simpleInline(markdown: string): Piece[] | null {
  if (markdown.includes('\n') || /^\s|\s$/.test(markdown) || /^(?:[-+*]\s|>|#{1,6}(?:\s|$)|\d+[.)](?:\s|$))/.test(markdown) || markdown.includes('](')) return null;
  const pieces: Piece[] = [];
  for (const part of markdown.split(/(`[^`]+`)/)) {
    if (part === '') continue;
    if (/^`[^`]+`$/.test(part)) {
      const inner = part.slice(1, -1);
      // CommonMark strips one space from both ends of a code span that has them.
      pieces.push({kind: 'code', text: /^ .* $/.test(inner) && inner.trim() !== '' ? inner.slice(1, -1) : inner});
      continue;
    }
    const runs = part.split('**');
    if (runs.length % 2 === 0) return null;
    for (const [index, run] of runs.entries()) {
      if (/[*_\\<>&!`|]/.test(run)) return null;
      const strong = index % 2 === 1;
      if (strong && (run === '' || /^\s|\s$/.test(run))) return null;
      if (run !== '') pieces.push({kind: strong ? 'strong' : 'text', text: run});
    }
  }
  return pieces;
}
