import {describe, expect, it} from 'vitest';
import {robotsTxt} from './index';

describe('robots.txt', () => {
  it('points at the sitemap under the configured site URL and base path', () => {
    expect(robotsTxt('https://docs.example.com', '/')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.example.com/sitemap.xml\n');
    expect(robotsTxt('https://example.com/', '/docs/')).toContain('Sitemap: https://example.com/docs/sitemap.xml');
  });
});
