/**
 * Build-time code highlighting (plugins/code-highlight): one highlighter with the site's two
 * code themes and its extra Prism grammars, shared by the rehype step that highlights the
 * pages and the plugin that writes the themes' CSS.
 */
import {CodeHighlighter} from '../plugins/code-highlight/highlight';
import {darkCodeTheme, lightCodeTheme} from './prismThemes';

/**
 * Grammars beyond prism-react-renderer's defaults that the pages use. PowerShell, used by the
 * API explorer's samples, is registered in the explorer's chunk (src/theme/ApiExplorer).
 */
export const PRISM_ADDITIONAL_LANGUAGES = ['bash', 'java', 'dart', 'ruby', 'php', 'csharp', 'sql', 'nginx', 'ini', 'docker'];

let highlighter: CodeHighlighter | undefined;

export function codeHighlighter(): CodeHighlighter {
  highlighter ??= new CodeHighlighter(lightCodeTheme, darkCodeTheme, PRISM_ADDITIONAL_LANGUAGES);
  return highlighter;
}
