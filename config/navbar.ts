import type {Navbar} from '@docusaurus/theme-common';
import {site} from './site';

type NavbarItem = Navbar['items'][number];

function dropdown(label: string, links: Record<string, string>): NavbarItem {
  return {
    type: 'dropdown',
    label,
    position: 'left',
    items: Object.entries(links).map(([itemLabel, target]) =>
      target.startsWith('/') ? {label: itemLabel, to: target} : {label: itemLabel, href: target},
    ),
  };
}

export function navbarItems(): NavbarItem[] {
  const {navbar} = site;
  return [
    {type: 'doc', docId: 'quickstart', label: 'Quickstart', position: 'left'},
    {type: 'docSidebar', sidebarId: 'documentation', label: 'Docs', position: 'left'},
    {href: navbar.Product, label: 'Product', position: 'left'},
    {href: navbar.Plans, label: 'Plans', position: 'left'},
    {href: navbar.Blog, label: 'Blog', position: 'left'},
    dropdown('Academy', navbar.Academy),
    dropdown('Certification', navbar.Certification),
    {
      type: 'docsVersionDropdown',
      position: 'right',
      // A second entry makes the single "Next" version a real dropdown choice, so a
      // reader's pick is stored as their preferred version.
      dropdownItemsAfter: [{href: `${site.repository}/releases`, label: 'Release notes'}],
    },
    {type: 'localeDropdown', position: 'right'},
    {
      href: navbar['Sign in'],
      label: 'Sign in',
      position: 'right',
      target: '_blank',
      rel: 'noopener noreferrer',
    },
    {
      href: site.repository,
      position: 'right',
      className: 'header-github-link',
      'aria-label': 'Unleash on GitHub',
    },
  ];
}

export function navbar(hideOnScroll: boolean): Navbar {
  return {
    title: undefined,
    hideOnScroll,
    logo: {
      src: 'img/logo.svg',
      srcDark: 'img/logo-dark.svg',
      alt: 'Unleash documentation',
      width: 140,
      height: 32,
      href: '/',
    },
    items: navbarItems(),
  } as Navbar;
}
