/**
 * robots.txt, written after the build so it names the sitemap at the configured site URL and
 * base path (SITE_URL, BASE_URL) rather than a fixed host.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export function robotsTxt(siteUrl: string, baseUrl: string): string {
  const base = `${siteUrl.replace(/\/$/, '')}${baseUrl}`;
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${base}sitemap.xml`, ''].join('\n');
}

export default function seoPlugin(context: LoadContext): Plugin {
  return {
    name: 'seo',
    async postBuild({outDir}) {
      fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(context.siteConfig.url, context.siteConfig.baseUrl));
    },
  };
}
