/**
 * The copy and word-wrap buttons of a code block in static content (./index.tsx). The theme
 * renders code-block buttons in the browser only (they are not in the server's HTML), so a
 * block React does not hydrate would have none: src/theme/CodeBlock/Static leaves an empty
 * `.code-block-buttons` element where they go, and the page renders the theme's buttons into
 * it (a portal from the static content, which has the page's contexts) once the block comes
 * near the screen or the reader comes to it. What the buttons act on is the server's block:
 * the word-wrap button its <pre>, the copy button the code its lines show (codeOfLines).
 */
import {useMemo, type ReactNode} from 'react';
import {CodeBlockContextProvider, useCodeWordWrap} from '@docusaurus/theme-common/internal';
import Buttons from '@theme/CodeBlock/Buttons';
// Relative, not @site: fixture sites link this folder in from the repository.
import {codeOfLines} from '../../../plugins/code-highlight/lines';

/** Where a code block's buttons go (src/theme/CodeBlock/Static renders it in every block). */
export const BUTTONS_SLOT = 'code-block-buttons';

type Metadata = Parameters<typeof CodeBlockContextProvider>[0]['metadata'];

function metadataOf(pre: HTMLPreElement): Metadata {
  const code = pre.querySelector('code');
  const text = code ? codeOfLines(code) : '';
  const language = /(?:^|\s)language-(\S+)/.exec(pre.className)?.[1] ?? 'text';
  return {codeInput: text, code: text, className: `language-${language}`, language, title: undefined, lineNumbersStart: undefined, lineClassNames: {}};
}

export default function CodeBlockButtons({pre}: {pre: HTMLPreElement}): ReactNode {
  const wordWrap = useCodeWordWrap();
  // The block is the server's: its <pre> is what the word-wrap button measures and wraps.
  wordWrap.codeBlockRef.current = pre;
  const metadata = useMemo(() => metadataOf(pre), [pre]);
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <Buttons />
    </CodeBlockContextProvider>
  );
}
