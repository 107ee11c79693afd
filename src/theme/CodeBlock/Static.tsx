/**
 * A code block highlighted at build time (plugins/code-highlight): the markup and classes of the
 * theme's CodeBlock (container, title, lines, line numbers, highlighted lines), with the
 * highlighted lines set as HTML, which React leaves alone when it hydrates, and the theme's
 * copy and word-wrap buttons. Colours come from classes whose rules cover both colour modes,
 * so the block does not re-render when the page hydrates or the mode changes.
 */
import {useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {CodeBlockContextProvider, useCodeWordWrap} from '@docusaurus/theme-common/internal';
import Buttons from '@theme/CodeBlock/Buttons';
import Title from '@theme/CodeBlock/Title';
import containerStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';
import contentStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import layoutStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Layout/styles.module.css';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
// Relative, not @site: fixture sites link this folder in from the repository.
import {LINE_NUMBER_MARKERS} from '../../../plugins/code-highlight/markers';
import {BUTTONS_SLOT} from '../../components/StaticContent/CodeBlockButtons';

export interface StaticCodeBlockProps {
  /** The lines inside <code>, highlighted. */
  highlighted: string;
  /** The code as copied, with a line break at the end. */
  children?: ReactNode;
  /** `language-<language>` and any other classes of the fence. */
  className?: string;
  title?: ReactNode;
  /** First line number, when the block shows them. */
  showLineNumbers?: number;
}

type Metadata = Parameters<typeof CodeBlockContextProvider>[0]['metadata'];

function withLineNumberClasses(html: string): string {
  return html
    .replaceAll(LINE_NUMBER_MARKERS.line, lineStyles.codeLine!)
    .replaceAll(LINE_NUMBER_MARKERS.number, lineStyles.codeLineNumber!)
    .replaceAll(LINE_NUMBER_MARKERS.content, lineStyles.codeLineContent!);
}

export default function StaticCodeBlock({highlighted, children, className, title, showLineNumbers}: StaticCodeBlockProps): ReactNode {
  const wordWrap = useCodeWordWrap();
  const language = /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  const numbered = typeof showLineNumbers === 'number';
  const code = (Array.isArray(children) ? children.join('') : typeof children === 'string' ? children : '').replace(/\r?\n$/, '');
  const metadata = useMemo<Metadata>(
    () => ({codeInput: code, code, className: className ?? `language-${language}`, language, title, lineNumbersStart: numbered ? showLineNumbers : undefined, lineClassNames: {}}),
    [code, className, language, title, numbered, showLineNumbers],
  );
  const html = useMemo(() => ({__html: numbered ? withLineNumberClasses(highlighted) : highlighted}), [highlighted, numbered]);
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <div className={clsx(className, containerStyles.codeBlockContainer, ThemeClassNames.common.codeBlock)}>
        {title && (
          <div className={layoutStyles.codeBlockTitle}>
            <Title>{title}</Title>
          </div>
        )}
        <div className={layoutStyles.codeBlockContent}>
          <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={clsx('prism-code', `language-${language}`, contentStyles.codeBlock, 'thin-scrollbar')}>
            <code
              className={clsx(contentStyles.codeBlockLines, numbered && contentStyles.codeBlockLinesWithNumbering)}
              style={numbered ? {counterReset: `line-count ${showLineNumbers - 1}`} : undefined}
              dangerouslySetInnerHTML={html}
            />
          </pre>
          {/* In static content the page fills this in (src/components/StaticContent/CodeBlockButtons). */}
          <div className={BUTTONS_SLOT}>
            <Buttons />
          </div>
        </div>
      </div>
    </CodeBlockContextProvider>
  );
}
