/**
 * The feature inventory: what an unleash-server release ships that a reader can meet (the
 * Admin UI's screens, the server's feature modules, the API's tags), read from the package
 * itself, and where this site documents each (`inventory.yaml`: a page and section, or a
 * reviewed exclusion with its reason). The test holds every live entry to the file, so a pin
 * move shows what is new; `npm run drift` lists what another release adds or drops.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {docsDir, repoRoot} from '../content/pages';

export type Kind = 'routes' | 'modules' | 'tags';
export const KINDS: Kind[] = ['routes', 'modules', 'tags'];

/** What one release ships, by kind: route path → screen title, module → module, tag → tag. */
export type Shipped = Record<Kind, Map<string, string>>;

export type Mapping = {page: string; section?: string} | {excluded: string};
export type Inventory = Record<Kind, Record<string, Mapping>>;

export const INVENTORY_FILE = path.join(repoRoot, 'scripts/inventory/inventory.yaml');

/** The Admin UI's route table: its entries are written `path:`/admin/sessions`,title:`Active sessions``. */
export function adminRoutes(staticDir: string): Map<string, string> {
  const routes = new Map<string, string>();
  // Each string ends at its own closing quote: a title may hold another kind (`What's new`).
  const entry = /path:(["'`])(\/(?:(?!\1).)*)\1,title:(["'`])((?:(?!\3).)*)\3/g;
  for (const file of fs.readdirSync(staticDir).filter((name) => name.endsWith('.js'))) {
    for (const match of fs.readFileSync(path.join(staticDir, file), 'utf8').matchAll(entry)) routes.set(match[2]!, match[4]!);
  }
  return routes;
}

/** The folders of the server's `dist/lib/features`: one feature module each. */
export function featureModules(featuresDir: string): Map<string, string> {
  return new Map(
    fs
      .readdirSync(featuresDir, {withFileTypes: true})
      .filter((entry) => entry.isDirectory())
      .map((entry) => [entry.name, entry.name]),
  );
}

/** The tags of the OpenAPI description the server serves. */
export function apiTags(document: {tags?: Array<{name: string}>}): Map<string, string> {
  return new Map((document.tags ?? []).map((tag) => [tag.name, tag.name]));
}

/** What the unleash-server package in `packageDir` ships, with the OpenAPI description it serves. */
export function shippedBy(packageDir: string, openapi: {tags?: Array<{name: string}>}): Shipped {
  return {
    routes: adminRoutes(path.join(packageDir, 'frontend/build/static')),
    modules: featureModules(path.join(packageDir, 'dist/lib/features')),
    tags: apiTags(openapi),
  };
}

export function loadInventory(file = INVENTORY_FILE): Inventory {
  const parsed = (YAML.parse(fs.readFileSync(file, 'utf8')) ?? {}) as Partial<Inventory>;
  return {routes: parsed.routes ?? {}, modules: parsed.modules ?? {}, tags: parsed.tags ?? {}};
}

/** The file of a page given as its path under docs/ without the extension. */
export function pageFile(page: string, root = docsDir): string | undefined {
  return [`${page}.md`, `${page}.mdx`, `${page}/index.md`, `${page}/index.mdx`].map((candidate) => path.join(root, candidate)).find((candidate) => fs.existsSync(candidate));
}

/** The headings (## to ####) of a Markdown page, as written, without an explicit `{#id}`. */
export function headings(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^#{2,4}\s+(.+?)\s*(\{#[^}]+\})?\s*$/.exec(line);
    if (match) out.push(match[1]!);
  }
  return out;
}

/** Everything wrong with the inventory against what is shipped; empty when it holds. */
export function inventoryProblems(shipped: Shipped, inventory: Inventory, root = docsDir): string[] {
  const problems: string[] = [];
  for (const kind of KINDS) {
    for (const [key, title] of shipped[kind]) {
      if (!(key in inventory[kind])) problems.push(`${kind} ${key}${title !== key ? ` (${title})` : ''}: shipped, but neither documented nor excluded in inventory.yaml`);
    }
    for (const [key, mapping] of Object.entries(inventory[kind])) {
      if (!shipped[kind].has(key)) problems.push(`${kind} ${key}: in inventory.yaml, but the pinned release no longer ships it`);
      if ('excluded' in mapping) {
        if (typeof mapping.excluded !== 'string' || mapping.excluded.trim().length < 20) problems.push(`${kind} ${key}: an exclusion needs its reason (a sentence)`);
        continue;
      }
      if (typeof mapping?.page !== 'string') {
        problems.push(`${kind} ${key}: give a page or an exclusion`);
        continue;
      }
      const file = pageFile(mapping.page, root);
      if (!file) {
        problems.push(`${kind} ${key}: page ${mapping.page} does not exist under docs/`);
        continue;
      }
      if (mapping.section && !headings(fs.readFileSync(file, 'utf8')).includes(mapping.section)) problems.push(`${kind} ${key}: ${mapping.page} has no heading "${mapping.section}"`);
    }
  }
  return problems;
}

/** What `other` ships that `pinned` does not, and the reverse, by kind (for the drift report). */
export function inventoryChanges(pinned: Shipped, other: Shipped): Record<Kind, {added: string[]; removed: string[]}> {
  const changes = {} as Record<Kind, {added: string[]; removed: string[]}>;
  for (const kind of KINDS) {
    const label = (map: Map<string, string>, key: string) => (map.get(key) !== key ? `${key} (${map.get(key)})` : key);
    changes[kind] = {
      added: [...other[kind].keys()].filter((key) => !pinned[kind].has(key)).map((key) => label(other[kind], key)),
      removed: [...pinned[kind].keys()].filter((key) => !other[kind].has(key)).map((key) => label(pinned[kind], key)),
    };
  }
  return changes;
}
