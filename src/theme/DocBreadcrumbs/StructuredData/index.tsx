/**
 * Breadcrumb structured data with the URLs the site serves. Section landing pages (a folder's
 * index.md) have permalinks ending in "/"; links to them are rendered without it
 * (trailingSlash: false), but the theme's structured data keeps the slash, which names a URL
 * static hosts answer with 404 or a redirect.
 */
import type {ReactNode} from 'react';
import StructuredData from '@theme-original/DocBreadcrumbs/StructuredData';
import type {Props} from '@theme/DocBreadcrumbs/StructuredData';
import type {PropSidebarBreadcrumbsItem} from '@docusaurus/plugin-content-docs';

export default function StructuredDataWrapper({breadcrumbs, ...rest}: Props): ReactNode {
  const served = breadcrumbs.map((item: PropSidebarBreadcrumbsItem) => (item.href ? {...item, href: item.href.replace(/(.)\/$/, '$1')} : item));
  return <StructuredData {...rest} breadcrumbs={served} />;
}
