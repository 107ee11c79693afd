/** Admin UI labels (<UiLabel>) render as bold labels in the page and as bold text in its twin. */
import {expect, test} from '@playwright/test';
import {hydrated, siteUrl} from './support';

test('a UiLabel in a Markdown page renders as a bold label, and its twin has it in bold', async ({page, request}) => {
  await page.goto(siteUrl('/reference/maintenance-mode'));
  await hydrated(page);
  const label = page.locator('article strong.ui-label', {hasText: 'Maintenance Mode'});
  await expect(label).toHaveCount(1);
  await expect(label).toHaveCSS('font-weight', /^(700|bold)$/);
  await expect(page.locator('article uilabel')).toHaveCount(0);
  const twin = await (await request.get(siteUrl('/reference/maintenance-mode.md'))).text();
  expect(twin).toContain('**Maintenance Mode**');
  expect(twin).not.toContain('UiLabel');
});

test('a label of another program says which program it belongs to', async ({page}) => {
  await page.goto(siteUrl('/how-to/how-to-add-sso-saml'));
  await hydrated(page);
  const other = page.locator('article strong.ui-label[data-app]').first();
  await expect(other).toBeVisible();
  expect(await other.getAttribute('data-app')).toMatch(/\w/);
});
