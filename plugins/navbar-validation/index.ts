/**
 * Fails the build early, naming the navbar item, when a sidebar-linked navbar item
 * (`docSidebar`) points at a sidebar that is missing or has no page to link to. Without
 * this, the theme only fails later, during static rendering, without naming the item.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';

type SidebarItem = DocsContent['loadedVersions'][number]['sidebars'][string][number];

interface NavbarItemConfig {
  type?: string;
  sidebarId?: string;
  items?: NavbarItemConfig[];
  [key: string]: unknown;
}

export function hasLinkTarget(items: readonly SidebarItem[]): boolean {
  return items.some((item) => {
    if (item.type === 'doc' || item.type === 'ref') return true;
    if (item.type === 'category') return item.link !== undefined || hasLinkTarget(item.items);
    return false;
  });
}

function sidebarItems(items: readonly NavbarItemConfig[]): NavbarItemConfig[] {
  return items.flatMap((item) => [item, ...sidebarItems(item.items ?? [])]).filter((item) => item.type === 'docSidebar');
}

export function findNavbarSidebarProblems(
  navbarItems: readonly NavbarItemConfig[],
  sidebars: Record<string, readonly SidebarItem[]>,
): string[] {
  return sidebarItems(navbarItems).flatMap((item) => {
    const sidebar = sidebars[item.sidebarId ?? ''];
    if (sidebar === undefined) {
      return [`Navbar item ${JSON.stringify(item)} links to sidebar "${item.sidebarId}", which does not exist.`];
    }
    if (!hasLinkTarget(sidebar)) {
      return [`Navbar item ${JSON.stringify(item)} links to sidebar "${item.sidebarId}", which has no page to link to.`];
    }
    return [];
  });
}

export default function navbarValidationPlugin(context: LoadContext): Plugin {
  return {
    name: 'navbar-validation',
    async allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      if (!docs) return;
      const sidebars = Object.assign({}, ...docs.loadedVersions.map((version) => version.sidebars));
      const navbar = (context.siteConfig.themeConfig as {navbar?: {items?: NavbarItemConfig[]}}).navbar;
      const problems = findNavbarSidebarProblems(navbar?.items ?? [], sidebars);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },
  };
}
