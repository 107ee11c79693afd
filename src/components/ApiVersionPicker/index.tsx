/**
 * The version picker at the top of every API reference page (written into the generated pages
 * by scripts/openapi/versions.ts): one link per Unleash version the site documents the API
 * of, each to the same page in that version, or to that version's introduction when it has no
 * such page. It also tells search which version the page documents (`docsearch:version`).
 * Only Infima classes: no stylesheet of its own for every page to load.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {contentIsland} from '../StaticContent/island';

export interface ApiVersionLink {
  /** `Unleash 7.6.5` */
  label: string;
  /** `7.6.5` */
  version: string;
  to: string;
  /** The version this page documents. */
  active?: boolean;
  /** The version the site documents. */
  current?: boolean;
  /** That version has no such page: `to` is its introduction. */
  missing?: boolean;
}

function ApiVersionPicker({versions}: {versions: readonly ApiVersionLink[]}): ReactNode {
  const active = versions.find((version) => version.active);
  return (
    <>
      {active && (
        <Head>
          <meta name="docsearch:version" content={active.version} />
        </Head>
      )}
      <nav className="button-group margin-bottom--md" aria-label="Unleash version">
        {versions.map((version) => (
          <Link
            key={version.version}
            to={version.to}
            className={clsx('button button--sm button--secondary', version.active ? 'button--active' : 'button--outline')}
            aria-current={version.active ? 'page' : undefined}
            title={version.missing ? `${version.label} does not have this page: this opens its introduction` : undefined}>
            {version.label}
            {version.current ? ' (current)' : ''}
          </Link>
        ))}
      </nav>
    </>
  );
}

// On the API reference's introduction and tag pages, whose content is static
// (src/components/StaticContent), an island: its <Head> must be mounted for the page's head
// manager to keep the version's meta tag.
export default contentIsland('ApiVersionPicker', ApiVersionPicker);
