/**
 * The theme's CodeBlock, which highlights in the browser with prism-react-renderer, with the
 * site's extra grammars registered first (theme-classic does that in a client module of every
 * page, which plugins/code-highlight removes). Loaded only where code is highlighted at run time.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';

prismIncludeLanguages(Prism);

export default CodeBlock;
