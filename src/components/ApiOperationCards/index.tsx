/**
 * The operation cards of a generated API tag page (e.g. /reference/api/unleash/events).
 * Cards take their text from the sidebar category; the descriptions come from the page itself
 * (written in by scripts/openapi/generate.ts), because the docs metadata every page downloads
 * no longer carries descriptions (plugins/lean-docs-props).
 */
import type {ReactNode} from 'react';
import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

interface Props {
  /** Operation description by doc id. */
  descriptions: Readonly<Record<string, string>>;
}

export function withDescriptions(items: readonly PropSidebarItem[], descriptions: Props['descriptions']): PropSidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'link' || !item.docId || item.description) return item;
    const description = descriptions[item.docId];
    return description ? {...item, description} : item;
  });
}

export default function ApiOperationCards({descriptions}: Props): ReactNode {
  const category = useCurrentSidebarCategory();
  return <DocCardList items={withDescriptions(category.items, descriptions)} />;
}
