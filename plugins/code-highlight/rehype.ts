/**
 * Rehype plugin: every fenced code block (`<pre><code class="language-…">`) is highlighted
 * here, at build time. Its <code> keeps the code as its text (MDX hands it to the theme's
 * CodeBlock, whose copy button copies it) and gets the highlighted lines as a `highlighted`
 * attribute, with the title and line numbers read from the fence's meta; src/theme/CodeBlock
 * renders that HTML as it is, so no highlighter or grammar runs or ships in the browser.
 */
import type {CodeHighlighter, MagicComment} from './highlight';
import {codeBlockMetadata} from './metadata';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export interface RehypeCodeHighlightOptions {
  highlighter: CodeHighlighter;
  magicComments?: MagicComment[];
  defaultLanguage?: string;
}

/** Languages another plugin turns into something else than code. */
const LEFT_ALONE = new Set(['mermaid']);

const textOf = (node: HastNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));

function classNameOf(node: HastNode): string | undefined {
  const value = node.properties?.className;
  if (Array.isArray(value)) return value.join(' ');
  return typeof value === 'string' ? value : undefined;
}

/** The <code> of a fenced block: the only element inside a <pre>. */
function fencedCode(pre: HastNode): HastNode | undefined {
  const elements = (pre.children ?? []).filter((child) => child.type !== 'text' || (child.value ?? '').trim() !== '');
  const [code] = elements;
  return elements.length === 1 && code?.type === 'element' && code.tagName === 'code' ? code : undefined;
}

export function highlightCodeBlocks(tree: HastNode, options: RehypeCodeHighlightOptions): number {
  let count = 0;
  const visit = (node: HastNode): void => {
    if (node.type === 'element' && node.tagName === 'pre') {
      const code = fencedCode(node);
      if (code && typeof code.properties?.highlighted !== 'string') {
        const text = textOf(code);
        const metastring = typeof code.properties?.metastring === 'string' ? code.properties.metastring : undefined;
        const metadata = codeBlockMetadata({code: text, className: classNameOf(code), metastring, magicComments: options.magicComments, defaultLanguage: options.defaultLanguage});
        if (text !== '' && !LEFT_ALONE.has(metadata.language)) {
          const lineNumbers = metadata.lineNumbersStart !== undefined;
          code.properties = {
            className: metadata.className.split(' '),
            highlighted: options.highlighter.toHtml(metadata.code, metadata.language, {lineClassNames: metadata.lineClassNames, lineNumbers}),
            ...(metadata.title ? {title: metadata.title} : {}),
            ...(lineNumbers ? {showLineNumbers: metadata.lineNumbersStart} : {}),
          };
          // The line break keeps MDX from taking a one-line block for inline code.
          code.children = [{type: 'text', value: `${metadata.code}\n`}];
          count += 1;
        }
      }
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return count;
}

export default function rehypeCodeHighlight(options: RehypeCodeHighlightOptions) {
  return (tree: HastNode) => {
    highlightCodeBlocks(tree, options);
  };
}
