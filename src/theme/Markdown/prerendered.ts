/**
 * Descriptions of API pages rendered to HTML at generation time (scripts/openapi/prerender.ts)
 * start with this mark. It is an HTML comment, so the HTML stays valid Markdown too.
 */
export const PRERENDERED_MARK = '<!--html-->';

export function isPrerendered(text: unknown): text is string {
  return typeof text === 'string' && text.startsWith(PRERENDERED_MARK);
}
