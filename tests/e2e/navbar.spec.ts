import {documentedUnleashVersion} from '../../config/unleashVersion';
import {expect, test} from '@playwright/test';
import site from '../../contract/site.json';
import {hydrated, siteUrl} from './support';

test.describe('navbar', () => {
  test('shows every spec item with its target', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await expect(navbar.getByRole('link', {name: 'Quickstart', exact: true})).toHaveAttribute('href', '/quickstart');
    await expect(navbar.getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute('href', /^\/[\w-]*/);
    for (const label of ['Product', 'Plans', 'Blog'] as const) {
      await expect(navbar.getByRole('link', {name: new RegExp(`^${label}`)})).toHaveAttribute('href', site.navbar[label]);
    }
    const signIn = navbar.getByRole('link', {name: 'Sign in'});
    await expect(signIn).toHaveAttribute('href', site.navbar['Sign in']);
    await expect(signIn).toHaveAttribute('target', '_blank');
    await expect(signIn).toHaveAttribute('rel', /noopener/);
    await expect(navbar.getByRole('link', {name: 'Unleash on GitHub'})).toHaveAttribute('href', site.repository);
    const logo = navbar.locator('.navbar__brand');
    await expect(logo).toHaveAttribute('href', '/');
    await expect(logo.locator('img').first()).toHaveAttribute('alt', 'Unleash documentation');
  });

  test('logo switches to its dark variant in dark mode', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    const visibleLogo = page.locator('.navbar__brand img:visible');
    await expect(visibleLogo).toHaveAttribute('src', /logo\.svg$/);
    await page.getByRole('button', {name: /dark mode|light mode|system mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(visibleLogo).toHaveAttribute('src', /logo-dark\.svg$/);
  });

  test('Academy and Certification dropdowns list their links', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    const navbar = page.getByRole('navigation', {name: 'Main'});
    const academy = navbar.locator('.dropdown', {has: page.getByRole('button', {name: 'Academy'})});
    await academy.hover();
    for (const [label, to] of Object.entries(site.navbar.Academy)) {
      await expect(academy.getByRole('link', {name: label})).toHaveAttribute('href', to);
    }
    const certification = navbar.locator('.dropdown', {has: page.getByRole('button', {name: 'Certification'})});
    await certification.hover();
    for (const [label, href] of Object.entries(site.navbar.Certification)) {
      const link = certification.getByRole('link', {name: label});
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });

  test('a navbar link navigates on the client', async ({page}) => {
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Quickstart', exact: true}).click();
    await expect(page).toHaveURL(siteUrl('/quickstart'));
    await expect(page.locator('article h1')).toBeVisible();
  });

  test('the locale dropdown keeps path, query and hash', async ({page}) => {
    await page.goto(siteUrl('/quickstart?from=test#top'));
    await hydrated(page);
    const locale = page.locator('.navbar__items--right .dropdown', {has: page.getByRole('button', {name: /English|Languages/})});
    await locale.hover();
    const english = locale.getByRole('link', {name: 'English'});
    await expect(english).toHaveAttribute('href', /\/quickstart\?from=test#top$/);
    await expect(english).toHaveAttribute('lang', 'en');
  });

  test('the version dropdown shows Next and stores the preferred version', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    const versions = page.locator('.navbar__items--right .dropdown', {has: page.getByRole('button', {name: 'Next'})});
    await versions.hover();
    await versions.getByRole('link', {name: 'Next'}).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
  });
});

test.describe('footer', () => {
  test('has the Product and Community links and the exact copyright', async ({page}) => {
    await page.goto(siteUrl('/'));
    const footer = page.locator('footer');
    for (const [group, links] of Object.entries(site.footer)) {
      const column = footer.locator('.footer__col', {has: page.getByText(group, {exact: true})});
      for (const [label, target] of Object.entries(links)) {
        await expect(column.getByRole('link', {name: label})).toHaveAttribute('href', target);
      }
    }
    await expect(footer.locator('.footer__copyright')).toHaveText('Copyright © 2024 Unleash. Built with Docusaurus.');
  });

  test('names the Unleash version the site documents: the pinned unleash-server', async ({page}) => {
    await page.goto(siteUrl('/'));
    await expect(page.locator('footer .footer__documented-version')).toHaveText(`These pages describe Unleash ${documentedUnleashVersion()}.`);
  });
});
