/**
 * Class names the build writes on numbered lines, which src/theme/CodeBlock swaps for the
 * theme's CSS-module classes (their hashed names are only known to the bundler). Shared by the
 * highlighter (Node) and the component (browser), so it imports nothing.
 */
export const LINE_NUMBER_MARKERS = {line: '__codeLine__', number: '__codeLineNumber__', content: '__codeLineContent__'} as const;
