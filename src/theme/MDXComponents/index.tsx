/**
 * The components every page can use without importing them. Wraps the theme's map rather
 * than replacing it.
 */
import MDXComponents from '@theme-original/MDXComponents';
import UiLabel from '@site/src/components/UiLabel';
import {contentIsland} from '@site/src/components/StaticContent/island';

// A <details> a reader opens is an island of the doc content (src/components/StaticContent).
const Details = contentIsland('Details', MDXComponents.Details);

export default {
  ...MDXComponents,
  details: Details,
  Details,
  UiLabel,
  // `.md` pages are CommonMark (markdown.format 'detect'), where <UiLabel> is an HTML element
  // and arrives with its name in lower case.
  uilabel: UiLabel,
};
