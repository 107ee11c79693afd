/**
 * The API theme's page layout. (The Prism grammars its explorer's samples use are registered
 * in the explorer's own chunk: src/theme/ApiExplorer/Explorer.)
 */
import ApiItem from '@theme-original/ApiItem';

export default ApiItem;
