import {expect, test} from '@playwright/test';
import {hydrated, siteUrl} from './support';
import {site} from '../../config/site';
import {socialCardFor} from '../../config/socialCards';

const PAGES = ['/reference/segments', '/reference/api/unleash/get-feature', '/using-unleash/deploy/configuring-unleash', '/feature-flag-tutorials/react', '/unleash-academy/foundational'];

test.describe('search engines and link previews', () => {
  test('robots.txt names the sitemap, and the sitemap lists pages but no redirect stubs', async ({request}) => {
    const robots = await request.get(siteUrl('/robots.txt'));
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    const sitemap = await (await request.get(siteUrl('/sitemap.xml'))).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.length).toBeGreaterThan(400);
    for (const route of PAGES) expect(locations).toContain(`${site.url}${route}`);
    // Legacy paths only redirect; they must not compete with their targets.
    expect(locations).not.toContain(`${site.url}/docs/reference/segments`);
    expect(locations.filter((location) => location.endsWith('.htm'))).toEqual([]);
  });

  for (const route of PAGES) {
    test(`${route} has its canonical URL, section preview image and breadcrumb data`, async ({page, request}) => {
      await page.goto(siteUrl(route));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.url}${route}`);
      const image = `${site.url}/img/social/${socialCardFor(route).key}.png`;
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', image);
      await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(40);
      const served = await request.get(siteUrl(new URL(image).pathname));
      expect(served.headers()['content-type']).toContain('image/png');
      const breadcrumbs = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
      expect(breadcrumbs['@type']).toBe('BreadcrumbList');
      const items = breadcrumbs.itemListElement as Array<{item: string; name: string; position: number}>;
      expect(items.at(-1)?.item).toBe(`${site.url}${route}`);
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    });
  }

  test('hand-written pages link to their source for editing and say when they last changed', async ({page}) => {
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute('href', `${site.repository}/edit/main/docs/reference/segments.md`);
    const updated = page.locator('.theme-last-updated time');
    await expect(updated).toBeVisible();
    expect(Date.parse((await updated.getAttribute('datetime')) ?? '')).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  test('generated API pages offer no edit link, as their source is the OpenAPI description', async ({page}) => {
    await page.goto(siteUrl('/reference/api/unleash/get-feature'));
    await hydrated(page);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveCount(0);
  });
});
