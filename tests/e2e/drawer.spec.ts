import {expect, test} from '@playwright/test';
import {collectConsole, hydrated, siteUrl} from './support';

test.describe('mobile drawer', () => {
  test.use({viewport: {width: 996, height: 800}});

  test('replaces the navbar links at 996 px and opens from the toggle', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await expect(page.locator('.navbar__items .navbar__link', {hasText: 'Plans'})).toBeHidden();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', {name: /^Plans\b/})).toBeVisible();
  });

  test('opened before the browser has been idle, it renders at once, with its docs sidebar', async ({page}) => {
    // The drawer and its docs sidebar wait for idle time (theme/Navbar/MobileSidebar,
    // theme/DocSidebar/Mobile); with no idle callback ever running, opening must bring them.
    await page.addInitScript(() => {
      window.requestIdleCallback = (() => 0) as typeof window.requestIdleCallback;
    });
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await expect(page.locator('.navbar-sidebar__items')).toHaveCount(0);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const secondary = page.locator('.navbar-sidebar__item.menu').nth(1);
    await expect(secondary.locator('.menu__link--active', {hasText: 'Segments'})).toBeVisible();
    await page.getByRole('button', {name: /Back to main menu/}).click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', {name: /^Plans\b/})).toBeVisible();
  });

  test('its secondary menu shows the docs sidebar with a back button', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    // On a docs page the drawer opens on the docs sidebar.
    const secondary = page.locator('.navbar-sidebar__item.menu').nth(1);
    await expect(secondary.locator('.menu__link', {hasText: 'Quickstart'})).toBeVisible();
    const back = page.getByRole('button', {name: /Back to main menu/});
    await expect(back).toBeVisible();
    await back.click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', {name: /^Plans\b/})).toBeVisible();
  });

  test('closes on back navigation', async ({page}) => {
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.getByRole('link', {name: 'Start the quickstart'}).click();
    await expect(page).toHaveURL(siteUrl('/quickstart'));
    // The address changes before the new page has rendered, and the drawer closes on every
    // location change: open it only once the quickstart is on screen.
    await expect(page.getByRole('heading', {level: 1, name: 'Quickstart'})).toBeVisible();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.goBack();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('is forced closed when the window grows to desktop width', async ({page}) => {
    await page.goto(siteUrl('/quickstart'));
    await hydrated(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    await expect(page.locator('.navbar__items .navbar__link', {hasText: 'Plans'})).toBeVisible();
  });
});

/**
 * On a phone the desktop sidebar and table of contents are left as the server wrote them, not
 * hydrated, and removed once the theme's window size says "mobile"; the drawer gets the docs
 * sidebar when the browser is idle or when it is opened (src/components/DesktopOnly,
 * src/theme/DocSidebar). None of it may cost an error, a hydration mismatch or a layout shift.
 */
test.describe('a doc page on a phone', () => {
  test.use({viewport: {width: 390, height: 800}});

  test('hydrates without console errors or layout shift, leaving the desktop sidebar unhydrated', async ({page}) => {
    const messages = collectConsole(page);
    await page.addInitScript(() => {
      const state = window as unknown as {layoutShift: number; sidebarElements?: number; sidebarHydrated?: number};
      state.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & {value: number; hadRecentInput: boolean}>) {
          if (!entry.hadRecentInput) state.layoutShift += entry.value;
        }
      }).observe({type: 'layout-shift', buffered: true});
      // When the theme removes the desktop sidebar, count the elements React had hydrated in it
      // (those it gave a fiber): only the stand-in for its outer element.
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (!(node instanceof HTMLElement) || !node.querySelector('nav.menu')) continue;
            const elements = [node, ...node.querySelectorAll('*')];
            state.sidebarElements = elements.length;
            state.sidebarHydrated = elements.filter((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))).length;
          }
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await expect(page.locator('.theme-doc-sidebar-container nav.menu')).toHaveCount(0);
    const removed = await page.evaluate(() => {
      const state = window as unknown as {sidebarElements?: number; sidebarHydrated?: number};
      return {sidebarElements: state.sidebarElements, sidebarHydrated: state.sidebarHydrated};
    });
    expect(removed.sidebarElements).toBeGreaterThan(100);
    expect(removed.sidebarHydrated).toBeLessThanOrEqual(1);

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const secondary = page.locator('.navbar-sidebar__item.menu').nth(1);
    await expect(secondary.locator('.menu__link--active', {hasText: 'Segments'})).toBeVisible();
    await expect(page.getByRole('button', {name: /Back to main menu/})).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {layoutShift: number}).layoutShift)).toBe(0);
    expect(messages).toEqual([]);
  });

  test('after a client-side navigation the drawer holds the docs sidebar', async ({page}) => {
    const messages = collectConsole(page);
    await page.goto(siteUrl('/'));
    await hydrated(page);
    await page.getByRole('link', {name: 'Start the quickstart'}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'Quickstart'})).toBeVisible();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const secondary = page.locator('.navbar-sidebar__item.menu').nth(1);
    await expect(secondary.locator('.menu__link--active', {hasText: 'Quickstart'})).toBeVisible();
    expect(messages).toEqual([]);
  });

  test('grown to desktop width, the sidebar shows the active page and collapses', async ({page}) => {
    await page.goto(siteUrl('/reference/segments'));
    await hydrated(page);
    await page.setViewportSize({width: 1280, height: 800});
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await expect(sidebar.locator('.menu__link--active', {hasText: 'Segments'})).toBeVisible();
    await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
    await sidebar.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
    await expect(sidebar.getByRole('button', {name: 'Expand sidebar', exact: true})).toBeVisible();
  });
});
