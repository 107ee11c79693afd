import {describe, expect, it} from 'vitest';
import {navbar} from './navbar';
import {footer} from './footer';
import {site} from './site';

describe('navbar', () => {
  const {items, logo, hideOnScroll} = navbar(false);
  const labels = items.map((item) => ('label' in item ? item.label : undefined));

  it('lists the spec items in order', () => {
    expect(labels.slice(0, 7)).toEqual(['Quickstart', 'Docs', 'Product', 'Plans', 'Blog', 'Academy', 'Certification']);
    expect(labels).toContain('Sign in');
    expect(hideOnScroll).toBe(false);
    expect(navbar(true).hideOnScroll).toBe(true);
  });

  it('points the external items at site.json', () => {
    const byLabel = Object.fromEntries(items.map((item) => [(item as {label?: string}).label, item]));
    expect(byLabel.Product).toMatchObject({href: site.navbar.Product});
    expect(byLabel.Plans).toMatchObject({href: site.navbar.Plans});
    expect(byLabel.Blog).toMatchObject({href: site.navbar.Blog});
    expect(byLabel['Sign in']).toMatchObject({href: site.navbar['Sign in'], target: '_blank', rel: 'noopener noreferrer'});
    expect(byLabel.Certification).toMatchObject({
      type: 'dropdown',
      items: Object.entries(site.navbar.Certification).map(([label, href]) => ({label, href})),
    });
    expect(byLabel.Academy).toMatchObject({
      type: 'dropdown',
      items: Object.entries(site.navbar.Academy).map(([label, to]) => ({label, to})),
    });
  });

  it('labels the repository link and gives the logo both variants', () => {
    expect(items).toContainEqual(expect.objectContaining({href: site.repository, 'aria-label': 'Unleash on GitHub'}));
    expect(logo).toEqual({src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Unleash documentation', width: 140, height: 32, href: '/'});
  });
});

describe('footer', () => {
  it('has the Product and Community groups and the exact copyright', () => {
    const {links, copyright} = footer();
    expect(links.map((group) => (group as {title: string}).title)).toEqual(['Product', 'Community']);
    expect(copyright).toBe('Copyright © 2024 Unleash. Built with Docusaurus.');
    const community = (links[1] as {items: Array<{label: string; href?: string}>}).items;
    expect(community.map((item) => item.label)).toEqual(['GitHub discussions', 'Slack', 'Stack Overflow', 'Twitter']);
  });
});
