/**
 * The components every page can use without importing them. Wraps the theme's map rather
 * than replacing it.
 */
import MDXComponents from '@theme-original/MDXComponents';
import UiLabel from '@site/src/components/UiLabel';

export default {
  ...MDXComponents,
  UiLabel,
  // `.md` pages are CommonMark (markdown.format 'detect'), where <UiLabel> is an HTML element
  // and arrives with its name in lower case.
  uilabel: UiLabel,
};
