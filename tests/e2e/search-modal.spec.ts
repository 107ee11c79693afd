import {expect, test, type Page} from '@playwright/test';
import {hydrated, siteUrl} from './support';

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const RECENT_KEY = '__DOCSEARCH_RECENT_SEARCHES__unleash-docs';
const FAVORITE_KEY = '__DOCSEARCH_FAVORITE_SEARCHES__unleash-docs';

async function openPage(page: Page, path = '/'): Promise<void> {
  await page.goto(siteUrl(path));
  await hydrated(page);
}

async function search(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(modal(page)).toBeVisible();
  await input(page).fill(query);
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
}

function storedHit(n: number) {
  return {
    objectID: `seed-${n}`,
    url: `/reference/segments#seed-${n}`,
    hierarchy: {lvl0: 'Reference', lvl1: `Seeded search ${n}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    type: 'lvl1',
    content: null,
    _highlightResult: {},
    _snippetResult: {},
  };
}

test.describe('search modal', () => {
  test('opens with Ctrl+K and with Cmd+K, and shows the placeholder', async ({page}) => {
    await openPage(page);
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await page.keyboard.press('Meta+k');
    await expect(modal(page)).toBeVisible();
  });

  test('opens with / unless the reader is typing in a field', async ({page}) => {
    await openPage(page, '/search');
    await page.locator('#search-page-input').fill('');
    await page.locator('#search-page-input').press('/');
    await expect(modal(page)).toBeHidden();
    await page.locator('body').click({position: {x: 5, y: 300}});
    await page.keyboard.press('/');
    await expect(modal(page)).toBeVisible();
  });

  test('opens on click and on a key typed on the focused button', async ({page}) => {
    await openPage(page);
    await page.locator('.DocSearch-Button').click();
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await page.locator('.DocSearch-Button').focus();
    await page.keyboard.press('s');
    await expect(modal(page)).toBeVisible();
    await expect(input(page)).toHaveValue('s');
  });

  test('hovering or focusing the button preloads the modal and the index', async ({page}) => {
    await openPage(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.locator('.DocSearch-Button').hover();
    await expect.poll(() => requests.some((path) => /\/search\/index\.[0-9a-f]+\.json$/.test(path))).toBe(true);
    expect(requests).toContain('/search/manifest.json');
    await expect(modal(page)).toBeHidden();
  });

  test('Escape closes it', async ({page}) => {
    await openPage(page);
    await search(page, 'segments');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
  });

  test('the cancel button closes it on small screens', async ({page}) => {
    await page.setViewportSize({width: 600, height: 800});
    await openPage(page);
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    await page.getByRole('button', {name: 'Cancel'}).press('Enter');
    await expect(modal(page)).toBeHidden();
  });

  test('arrow keys move the selection and Enter opens the hit', async ({page}) => {
    await openPage(page);
    await search(page, 'segments');
    const selected = page.locator('.DocSearch-Hit[aria-selected="true"]');
    const first = await selected.getAttribute('id');
    await page.keyboard.press('ArrowDown');
    await expect(selected).not.toHaveAttribute('id', first!);
    await page.keyboard.press('ArrowUp');
    await expect(selected).toHaveAttribute('id', first!);
    const href = await selected.locator('.DocSearch-Hit-link').getAttribute('data-url');
    await page.keyboard.press('Enter');
    await expect(modal(page)).toBeHidden();
    await expect(page).toHaveURL(siteUrl(href!));
  });

  test('Ctrl+Enter opens the hit in a new tab and Shift+Enter in a new window', async ({page, context}) => {
    await openPage(page);
    await search(page, 'segments');
    const href = await page.locator('.DocSearch-Hit[aria-selected="true"] .DocSearch-Hit-link').getAttribute('data-url');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(siteUrl(href!));
    const [win] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Shift+Enter')]);
    await win.waitForLoadState();
    expect(win.url()).toBe(siteUrl(href!));
  });

  test('groups hits by section, at most 5 per group, with a "See all" link carrying the real count', async ({page}) => {
    await openPage(page);
    await search(page, 'token');
    const groups = page.locator('.DocSearch-Hits');
    expect(await groups.count()).toBeGreaterThan(1);
    for (const group of await groups.all()) {
      await expect(group.locator('.DocSearch-Hit-source')).toHaveCount(1);
      expect(await group.locator('.DocSearch-Hit').count()).toBeLessThanOrEqual(5);
    }
    const seeAll = page.getByRole('link', {name: /^See all \d+ results$/});
    const count = Number((await seeAll.innerText()).match(/\d+/)![0]);
    expect(count).toBeGreaterThan(5);
    await seeAll.click();
    await expect(page).toHaveURL(siteUrl('/search?q=token'));
    await expect(page.getByText(`${count} results for "token"`)).toBeVisible();
  });

  test('snippets have 10 words on wide screens and 5 on narrow ones', async ({page}) => {
    const longestSnippet = async () => {
      const snippets = await page.locator('.DocSearch-Hit-path, .DocSearch-Hit-title').allInnerTexts();
      return Math.max(...snippets.map((text) => text.replace(/…/g, ' ').trim().split(/\s+/).length));
    };
    await openPage(page);
    await search(page, 'rollout percentage stickiness');
    expect(await longestSnippet()).toBeLessThanOrEqual(10);
    expect(await longestSnippet()).toBeGreaterThan(5);
    await page.keyboard.press('Escape');
    await page.setViewportSize({width: 700, height: 900});
    await page.reload();
    await hydrated(page);
    await search(page, 'rollout percentage stickiness');
    expect(await longestSnippet()).toBeLessThanOrEqual(5);
  });

  test('caps the input at 64 characters, and a selection prefill too', async ({page}) => {
    await openPage(page, '/reference/segments');
    await page.keyboard.press('Control+k');
    await input(page).pressSequentially('x'.repeat(70));
    await expect(input(page)).toHaveValue('x'.repeat(64));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll('article p')].find((p) => (p.textContent ?? '').length > 80)!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    });
    await page.keyboard.press('Control+k');
    await expect.poll(async () => (await input(page).inputValue()).length).toBe(64);
  });

  test('shows the stalled state when results take over 300 ms', async ({page}) => {
    // The index is held back until the modal has shown the stalled state.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/search\/index\.[0-9a-f]+\.json$/, async (route) => {
      await released;
      await route.continue();
    });
    await openPage(page);
    await page.keyboard.press('Control+k');
    await input(page).fill('segments');
    await expect(page.locator('.DocSearch-Container--Stalled')).toBeAttached();
    release();
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(page.locator('.DocSearch-Container--Stalled')).not.toBeAttached();
  });

  test('says "No recent searches" before the first search', async ({page}) => {
    await openPage(page);
    await page.keyboard.press('Control+k');
    await expect(page.getByText('No recent searches')).toBeVisible();
  });

  test('remembers a chosen hit as recent, per index name, and can make it a favourite or remove it', async ({page}) => {
    await openPage(page);
    await search(page, 'segments');
    const title = await page.locator('.DocSearch-Hit[aria-selected="true"] .DocSearch-Hit-title').innerText();
    await page.keyboard.press('Enter');
    await expect(modal(page)).toBeHidden();
    await expect(page).toHaveURL(/\/reference\/segments/);
    // The URL changes before the new page renders; each page mounts its own navbar, so a modal
    // opened in between would close with the old one.
    await expect(page.getByRole('heading', {level: 1, name: 'Segments'})).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    const recent = page.locator('.DocSearch-Hits', {has: page.getByText('Recent', {exact: true})});
    await expect(recent.locator('.DocSearch-Hit-title', {hasText: title})).toBeVisible();
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), RECENT_KEY))!)).toHaveLength(1);
    await recent.locator('.DocSearch-Hit').first().hover();
    await page.getByTitle('Save this search').click();
    const favourites = page.locator('.DocSearch-Hits', {has: page.getByText('Favorite', {exact: true})});
    await expect(favourites.locator('.DocSearch-Hit-title', {hasText: title})).toBeVisible();
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), FAVORITE_KEY))!)).toHaveLength(1);
    await favourites.locator('.DocSearch-Hit').first().hover();
    await page.getByTitle('Remove this search from favorites').click();
    await expect(page.getByText('No recent searches')).toBeVisible();
  });

  test('keeps 7 recent searches without favourites and 4 with, and 10 favourites', async ({page}) => {
    await openPage(page);
    await page.evaluate(
      ({key, items}) => localStorage.setItem(key, JSON.stringify(items)),
      {key: RECENT_KEY, items: Array.from({length: 7}, (_, n) => storedHit(n))},
    );
    await page.reload();
    await hydrated(page);
    await search(page, 'segments');
    await page.keyboard.press('Enter');
    const recentCount = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, RECENT_KEY);
    expect(await recentCount()).toBe(7);
    await page.evaluate(
      ({key, items}) => localStorage.setItem(key, JSON.stringify(items)),
      {key: FAVORITE_KEY, items: Array.from({length: 10}, (_, n) => storedHit(100 + n))},
    );
    await page.reload();
    await hydrated(page);
    await search(page, 'environments');
    await page.keyboard.press('Enter');
    expect(await recentCount()).toBe(4);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Hits', {has: page.getByText('Recent', {exact: true})}).locator('.DocSearch-Hit').first().hover();
    await page.getByTitle('Save this search').first().click();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, FAVORITE_KEY)).toBe(10);
  });

  test('with no hits, says so and suggests queries', async ({page}) => {
    await openPage(page);
    await search(page, 'segments');
    await input(page).fill('zzqqxxjj');
    await expect(page.getByText('No results for')).toBeVisible();
    await expect(page.locator('.DocSearch-Title strong')).toHaveText('zzqqxxjj');
    const suggestions = page.locator('.DocSearch-NoResults-Prefill-List li');
    await expect(page.getByText('Try searching for')).toBeVisible();
    expect(await suggestions.count()).toBeGreaterThan(0);
    expect(await suggestions.count()).toBeLessThanOrEqual(3);
    await expect(page.getByText('Believe this query should return results?')).toHaveCount(0);
  });

  test('shows "Unable to fetch results" when the index cannot be reached', async ({page}) => {
    await page.route(/\/search\//, (route) => route.abort());
    await openPage(page);
    await page.keyboard.press('Control+k');
    await input(page).fill('segments');
    await expect(page.getByText('Unable to fetch results')).toBeVisible({timeout: 20_000});
    await expect(page.getByText('You might want to check your network connection.')).toBeVisible();
  });

  test('never injects HTML from queries or page text', async ({page}) => {
    await openPage(page);
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await page.keyboard.press('Control+k');
    for (const query of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '&lt;b&gt;', '.*+?^${}()|[]\\', '   ', '🚀 flags', 'مرحبا', 'ünïcödé']) {
      await input(page).fill(query);
      // Let the modal answer this query (hits, or "No results for" it) before the next one.
      await expect
        .poll(() =>
          page.evaluate((asked) => {
            if (document.querySelector('.DocSearch-Container--Stalled')) return false;
            if (asked.trim() === '' || document.querySelector('.DocSearch-Hit')) return true;
            return (document.querySelector('.DocSearch-NoResults')?.textContent ?? '').includes(asked.trim());
          }, query),
        )
        .toBe(true);
    }
    expect(dialogs).toBe(0);
    expect(await page.locator('.DocSearch-Modal img[src="x"], .DocSearch-Modal script').count()).toBe(0);
  });
});
