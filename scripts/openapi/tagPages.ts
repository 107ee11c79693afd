/**
 * Rewrites the generated API tag pages so their operation cards carry the operations'
 * descriptions themselves (see src/components/ApiOperationCards for why).
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const CARD_LIST_BLOCK = /```mdx-code-block\n[^`]*<DocCardList items=\{useCurrentSidebarCategory\(\)\.items\}\s*\/>\n```/;

interface SidebarItem {
  type: string;
  id?: string;
  link?: {type: string; id?: string};
  items?: SidebarItem[];
}

/** Front-matter description of every generated page, by doc id. */
export function descriptionsByDocId(dir: string, docIdPrefix: string): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.mdx'))) {
    const match = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (!match) continue;
    const frontMatter = YAML.parse(match[1]) as {id?: string; description?: string};
    if (frontMatter.id && frontMatter.description) descriptions.set(docIdPrefix ? `${docIdPrefix}/${frontMatter.id}` : frontMatter.id, frontMatter.description);
  }
  return descriptions;
}

/** The MDX block that replaces the generated card list on one tag page. */
export function operationCardsBlock(operationIds: readonly string[], descriptions: ReadonlyMap<string, string>): string {
  const own = Object.fromEntries(operationIds.flatMap((id) => (descriptions.has(id) ? [[id, descriptions.get(id)!]] : [])));
  return [
    '```mdx-code-block',
    "import ApiOperationCards from '@site/src/components/ApiOperationCards';",
    '',
    `<ApiOperationCards descriptions={${JSON.stringify(own)}} />`,
    '```',
  ].join('\n');
}

/**
 * The generator sets a tag page's meta description to the tag's name ("Events"); search
 * engines and link previews get the tag's own first paragraph instead.
 */
export function describeTagPage(source: string): string {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) return source;
  const paragraph = match[2].split(/\n\s*\n/).map((part) => part.trim()).find((part) => part && !part.startsWith('```') && !part.startsWith('import '));
  if (!paragraph) return source;
  const frontMatter = match[1].replace(/^description: .*$/m, `description: ${JSON.stringify(paragraph.replace(/\s+/g, ' '))}`);
  return `---\n${frontMatter}\n---\n${match[2]}`;
}

/**
 * For each tag category of the generated sidebar, rewrites its tag page. Returns how many
 * pages were rewritten; throws when a tag page does not have the block we replace, so a
 * generator upgrade that changes it cannot silently bring back the heavy metadata.
 */
export function rewriteTagPages(dir: string, docIdPrefix: string, sidebar: readonly SidebarItem[]): number {
  const descriptions = descriptionsByDocId(dir, docIdPrefix);
  let rewritten = 0;
  for (const category of sidebar) {
    if (category.type !== 'category' || category.link?.type !== 'doc' || !category.link.id) continue;
    // An older reference's pages are a docs instance of their own: their ids have no prefix.
    const file = path.join(dir, `${docIdPrefix ? category.link.id.slice(docIdPrefix.length + 1) : category.link.id}.tag.mdx`);
    const source = fs.readFileSync(file, 'utf8');
    if (!CARD_LIST_BLOCK.test(source)) throw new Error(`${path.basename(file)} has no generated card list to rewrite`);
    const operations = (category.items ?? []).flatMap((item) => (item.type === 'doc' && item.id ? [item.id] : []));
    fs.writeFileSync(file, describeTagPage(source).replace(CARD_LIST_BLOCK, () => operationCardsBlock(operations, descriptions)));
    rewritten += 1;
  }
  return rewritten;
}
