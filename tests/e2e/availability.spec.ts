/**
 * Issue #37: a feature's editions and first release, from config/availability.yaml, on its
 * page (under the title), in its sidebar entry (when not every edition has it), in its search
 * records and in its Markdown twin.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {availabilityText, EDITION_LABELS, EDITIONS, loadAvailability, sidebarBadge, type Availability} from '../../config/availability';
import {releaseNoteRouteIfAny} from '../../config/releases';
import {extractRecords} from '../../plugins/local-search/records';
import {buildDir, hydrated, siteUrl} from './support';

/** A paid feature with a first release, and a page every edition has: taken from the data. */
function examples(): {paid: [string, Availability]; everyone: [string, Availability]} {
  const records = [...loadAvailability()].filter(([file]) => file.startsWith('reference/') && !file.endsWith('index.md'));
  const route = (file: string) => `/${file.replace(/\.mdx?$/, '')}`;
  const paid = records.find(([, record]) => !record.editions.includes('open-source') && record.since)!;
  const everyone = records.find(([, record]) => record.editions.length === 3 && record.since)!;
  return {paid: [route(paid[0]), paid[1]], everyone: [route(everyone[0]), everyone[1]]};
}

test.describe('availability at a glance', () => {
  const {paid, everyone} = examples();

  test('a page says under its title which editions have the feature and since which release', async ({page}) => {
    for (const [route, availability] of [paid, everyone]) {
      await page.goto(siteUrl(route));
      await hydrated(page);
      const line = page.locator('article .availability');
      await expect(line).toHaveCount(1);
      await expect(line.locator('.availability__edition')).toHaveText(EDITIONS.filter((edition) => availability.editions.includes(edition)).map((edition) => EDITION_LABELS[edition]));
      await expect(line.locator('.availability__since')).toHaveText(`since Unleash ${availability.since}`);
      // Right under the title: nothing of the page's own content comes before it.
      expect(await line.evaluate((element) => element.previousElementSibling === null || element.previousElementSibling.tagName === 'HEADER')).toBe(true);
    }
  });

  test('"since Unleash X" leads to the release notes of X when the site has them', async ({page}) => {
    const [file, record] = [...loadAvailability()].find(([, candidate]) => candidate.since && releaseNoteRouteIfAny(candidate.since))!;
    const route = `/${file.replace(/\.mdx?$/, '')}`;
    await page.goto(siteUrl(route));
    await hydrated(page);
    const link = page.locator('article .availability .availability__since a');
    await expect(link).toHaveText(`since Unleash ${record.since}`);
    await link.click();
    const target = releaseNoteRouteIfAny(record.since!)!;
    await expect(page).toHaveURL(new RegExp(`${target.replace(/[.#]/g, (c) => `\\${c}`)}$`));
    await expect(page.locator(`[id="${target.split('#')[1]}"]`)).toBeVisible();
  });

  test('the sidebar marks a feature not every edition has, and only those', async ({page}) => {
    await page.goto(siteUrl(paid[0]));
    await hydrated(page);
    const entry = page.locator(`.theme-doc-sidebar-container a.menu__link[href="${paid[0]}"]`);
    await expect(entry.locator('.sidebar-availability')).toHaveText(sidebarBadge(paid[1])!);
    await expect(page.locator(`.theme-doc-sidebar-container a.menu__link[href="${everyone[0]}"] .sidebar-availability`)).toHaveCount(0);
  });

  test('the search records and the Markdown twin carry it too', async ({request}) => {
    const [route, availability] = paid;
    const html = fs.readFileSync(path.join(buildDir(), `${route}.html`), 'utf8');
    // The line under the title is a paragraph of the page's opening section: its records have it.
    const opening = extractRecords({url: route, html}).filter((record) => record.hierarchy.lvl2 === null);
    const line = `Availability: ${EDITIONS.filter((edition) => availability.editions.includes(edition)).map((edition) => EDITION_LABELS[edition]).join(' ')}${availability.since ? ` since Unleash ${availability.since}` : ''}`;
    expect(opening.map((record) => record.content ?? '')).toContain(line);
    const twin = await (await request.get(siteUrl(`${route}.md`))).text();
    expect(twin.split('\n').slice(0, 3).join('\n')).toContain(`_${availabilityText(availability)}_`);
  });
});
