import type {Footer} from '@docusaurus/theme-common';
import {site} from './site';

export function footer(): Footer {
  return {
    style: 'dark',
    links: Object.entries(site.footer).map(([title, links]) => ({
      title,
      items: Object.entries(links).map(([label, target]) =>
        target.startsWith('/') ? {label, to: target} : {label, href: target},
      ),
    })),
    copyright: site.copyright,
  };
}
