/**
 * Code blocks. Fenced blocks arrive highlighted from the build (plugins/code-highlight): their
 * lines come as HTML in `highlighted` and render as they are (Static), so pages ship and run no
 * highlighter. Code handed to <CodeBlock> at run time, without `highlighted`, still goes
 * through the theme's own CodeBlock and Prism, loaded in a chunk of its own when such a block
 * first renders (Runtime), so neither is in the bundle every page downloads.
 */
import {lazy, type ComponentProps, type ReactNode} from 'react';
import type CodeBlockType from '@theme-original/CodeBlock';
import StaticCodeBlock, {type StaticCodeBlockProps} from './Static';

type Props = ComponentProps<typeof CodeBlockType> & Partial<Pick<StaticCodeBlockProps, 'highlighted'>>;

const RuntimeCodeBlock = lazy(() => import(/* webpackChunkName: "code-block-runtime" */ './Runtime'));

export default function CodeBlock(props: Props): ReactNode {
  if (typeof props.highlighted === 'string') return <StaticCodeBlock {...(props as StaticCodeBlockProps)} />;
  return <RuntimeCodeBlock {...props} />;
}
