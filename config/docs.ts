import path from 'node:path';
import {repoRoot} from './paths';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import rehypeFocusableTables from '../plugins/rehype-focusable-tables';
import rehypeEvaluationSandbox from '../plugins/evaluation-sandbox';
import rehypeCodeHighlight from '../plugins/code-highlight/rehype';
import {codeHighlighter} from './codeHighlight';
import remarkDiagrams from '../plugins/diagrams';
import rehypeAvailability from '../plugins/availability';
import {availabilityProps} from './availability';

/**
 * Pages that are served but kept out of every sidebar (legacy pages readers reach by link
 * or redirect).
 */
export const docsOutsideSidebar = new Set(['reference/whats-new-v4', 'reference/feature-toggle-variants']);

type SidebarItemsGenerator = NonNullable<DocsOptions['sidebarItemsGenerator']>;
type GeneratedItem = Awaited<ReturnType<SidebarItemsGenerator>>[number];

function withAvailability(items: GeneratedItem[]): GeneratedItem[] {
  return items.map((item): GeneratedItem => {
    if (item.type === 'doc') return {...item, ...availabilityProps(item.id)};
    if (item.type === 'category') return {...item, items: withAvailability(item.items)};
    return item;
  });
}

function withoutHidden(items: GeneratedItem[]): GeneratedItem[] {
  return items.flatMap((item): GeneratedItem[] => {
    if (item.type === 'doc' && docsOutsideSidebar.has(item.id)) return [];
    if (item.type === 'category') return [{...item, items: withoutHidden(item.items)}];
    return [item];
  });
}

/** Folders whose pages sidebars.ts lists itself (the API reference has its own structure). */
export const explicitlyListedFolders = ['reference/api/'];

function withoutFolders(items: GeneratedItem[], folders: string[]): GeneratedItem[] {
  return items.flatMap((item): GeneratedItem[] => {
    if (item.type === 'doc' && folders.some((folder) => item.id.startsWith(folder))) return [];
    if (item.type === 'category') {
      const inner = withoutFolders(item.items, folders);
      const linkId = item.link?.type === 'doc' ? item.link.id : undefined;
      if (inner.length === 0 && (!linkId || folders.some((folder) => linkId.startsWith(folder)))) return [];
      return [{...item, items: inner}];
    }
    return [item];
  });
}

/**
 * The default generator, minus pages kept out of the sidebar, minus folders listed
 * explicitly elsewhere, and minus the folder's own index page, which is already the link
 * of the category that holds the folder.
 */
export const sidebarItemsGenerator: SidebarItemsGenerator = async ({defaultSidebarItemsGenerator, ...args}) => {
  const {dirName} = args.item;
  const folderIndex = `${dirName}/index`;
  const excluded = explicitlyListedFolders.filter((folder) => !`${dirName}/`.startsWith(folder));
  const items = withAvailability(withoutFolders(withoutHidden(await defaultSidebarItemsGenerator(args)), excluded));
  return items.filter((item) => !(item.type === 'doc' && item.id === folderIndex));
};

export function docsOptions(repository: string, overrides: Partial<DocsOptions> = {}, baseUrl = '/'): DocsOptions {
  return {
    path: path.join(repoRoot, 'docs'),
    routeBasePath: '/',
    sidebarPath: path.join(repoRoot, 'sidebars.ts'),
    sidebarItemsGenerator,
    editUrl: `${repository}/edit/main/`,
    // From git history; generated API pages are untracked and show none.
    showLastUpdateTime: true,
    // Mermaid blocks become images of their committed drawings: no diagram engine in the browser.
    remarkPlugins: [[remarkDiagrams, {staticDir: path.join(repoRoot, 'static'), baseUrl}]],
    // Code blocks arrive highlighted: no highlighter in the browser (plugins/code-highlight).
    // <EvaluationSandbox> tags: the sandbox, imported only by the pages that use it.
    // Which editions have the feature, and since when (config/availability.yaml), under the title.
    rehypePlugins: [rehypeFocusableTables, [rehypeCodeHighlight, {highlighter: codeHighlighter()}], rehypeEvaluationSandbox, rehypeAvailability],
    lastVersion: 'current',
    versions: {current: {label: 'Next', path: ''}},
    ...overrides,
  } as DocsOptions;
}
