/**
 * Where a page's Markdown twin lives: its route plus `.md` (`/` → `/index.md`). Shared by the
 * build step that writes twins and the "Copy page" control that fetches them.
 */
export function twinPath(route: string): string {
  const clean = route.replace(/(.)\/$/, '$1');
  return clean === '/' || clean === '' ? '/index.md' : `${clean}.md`;
}
