/**
 * Doc page metadata, plus the link-preview image of the page's section (config/socialCards.ts)
 * unless the page names its own `image` in front matter.
 */
import type {ReactNode} from 'react';
import Metadata from '@theme-original/DocItem/Metadata';
import {PageMetadata} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
// Relative, not @site: fixture sites link this folder in from the repository.
import {socialImageFor} from '../../../../config/socialCards';

export default function MetadataWrapper(): ReactNode {
  const {metadata, frontMatter} = useDoc();
  const {baseUrl} = useDocusaurusContext().siteConfig;
  // The section table lists routes without the base URL and without a trailing slash.
  const route = `/${metadata.permalink.slice(baseUrl.length)}`.replace(/(.)\/$/, '$1');
  return (
    <>
      <Metadata />
      {!frontMatter.image && <PageMetadata image={socialImageFor(route)} />}
    </>
  );
}
