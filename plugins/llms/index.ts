/**
 * Pages for AI assistants and tools, written after the build from the real content:
 * `/llms.txt` (every hand-written page with its one-line description, by section),
 * a Markdown twin of each hand-written page at `<route>.md`, and `/llms-full.txt` (all twins).
 * Generated API operation pages are listed through the API index and the OpenAPI-based pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';

export interface PageEntry {
  route: string;
  title: string;
  description: string;
  /** Absolute path of the Markdown source. */
  file: string;
}

/** The Markdown of a page without its front matter and MDX import lines, headed by its title. */
export function markdownTwin(source: string, title: string): string {
  const body = source
    .replace(/^---\n[\s\S]*?\n---\n?/, '')
    .replace(/^import\s.+from\s.+;?\s*$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `# ${title}\n\n${body}\n`;
}

export function section(route: string): string {
  return route.split('/').filter(Boolean)[0] ?? '';
}

export function llmsIndex(siteTitle: string, tagline: string, siteUrl: string, pages: PageEntry[]): string {
  const groups = new Map<string, PageEntry[]>();
  for (const page of pages) groups.set(section(page.route), [...(groups.get(section(page.route)) ?? []), page]);
  const lines = [`# ${siteTitle}`, '', `> ${tagline}. Every page below is also available as Markdown at its address plus \`.md\`; ${siteUrl}/llms-full.txt holds them all.`, ''];
  for (const [name, entries] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`## ${name || 'Start'}`, '');
    for (const entry of entries.sort((a, b) => a.route.localeCompare(b.route))) {
      lines.push(`- [${entry.title}](${siteUrl}${entry.route === '/' ? '' : entry.route}.md): ${entry.description}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export default function llmsPlugin(context: LoadContext): Plugin {
  let pages: PageEntry[] = [];
  return {
    name: 'llms',
    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      pages = (docs?.loadedVersions ?? [])
        .flatMap((version) => version.docs)
        .filter((doc) => !(doc.frontMatter as {api?: unknown}).api && !doc.source.endsWith('.info.mdx') && !doc.source.endsWith('.tag.mdx'))
        .map((doc) => ({
          // Section landing pages carry a trailing slash here; the site serves them without.
          route: doc.permalink.replace(/(.)\/$/, '$1'),
          title: doc.title,
          description: doc.description,
          file: path.join(context.siteDir, doc.source.replace(/^@site\//, '')),
        }));
    },
    async postBuild({outDir}) {
      const {siteConfig} = context;
      const siteUrl = `${siteConfig.url}${siteConfig.baseUrl}`.replace(/\/$/, '');
      const twins: string[] = [];
      for (const page of pages) {
        const twin = markdownTwin(fs.readFileSync(page.file, 'utf8'), page.title);
        const target = path.join(outDir, page.route === '/' ? 'index.md' : `${page.route.slice(1)}.md`);
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, twin);
        twins.push(`<!-- ${siteUrl}${page.route} -->\n${twin}`);
      }
      fs.writeFileSync(path.join(outDir, 'llms.txt'), llmsIndex(siteConfig.title, siteConfig.tagline, siteUrl, pages));
      fs.writeFileSync(path.join(outDir, 'llms-full.txt'), twins.join('\n'));
    },
  };
}
