/**
 * The Content-Security-Policy the build computed, enforced by the production nginx config,
 * on everything that runs scripts: the search modal and page with queries, the API request
 * explorer building and sending a request, diagrams, legacy redirects, client-side
 * navigation, the colour switch, the evaluation sandbox (once a page carries it), offline
 * mode with its service worker, and, in the configured fixtures (each served by nginx with its
 * own computed policy), the announcement bar, analytics, the tracker, the assistant widget
 * and Algolia with click analytics. Every `securitypolicyviolation` event and every console
 * message about the policy fails a test. The crawl (crawl.spec.ts) opens every page under the
 * same policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {ALGOLIA_ENV} from '../fixtures/algolia-site/site';
import {FIXTURE_ENV} from '../fixtures/configured-site/site';
import {builtPolicy, recordPolicyViolations} from './csp';
import {algoliaBuildDir, buildDir, configuredBuildDir, hydrated, serveWithNginx} from './support';
import {patience} from '../../scripts/testing/patience';

/** A page whose HTML carries the evaluation sandbox's placeholder, if the build has one. */
function pageWithSandbox(): string | undefined {
  const root = buildDir();
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') stack.push(full);
      } else if (entry.name.endsWith('.html') && fs.readFileSync(full, 'utf8').includes('The evaluation sandbox opens here')) {
        return `/${path.relative(root, full).replace(/\.html$/, '')}`;
      }
    }
  }
  return undefined;
}

/** Opens a page that must come with the build's policy. */
async function open(page: Page, url: string, policy: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toBe(policy);
  await hydrated(page);
}

test.describe('the site under its Content-Security-Policy', () => {
  const url = serveWithNginx(buildDir);
  let violations: string[] = [];
  test.beforeEach(async ({context}) => {
    violations = await recordPolicyViolations(context);
  });
  test.afterEach(() => {
    expect(violations).toEqual([]);
  });

  test('the policy allows no inline script or eval beyond the hashes, and styles by hash', () => {
    const policy = builtPolicy(buildDir());
    const directives = Object.fromEntries(policy.split('; ').map((part) => [part.split(' ')[0], part]));
    expect(directives['script-src']).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/);
    expect(directives['script-src']).toMatch(/'sha256-/);
    // No third-party host in the default build.
    expect(policy).not.toMatch(/https?:\/\//);
    expect(directives['default-src']).toBe("default-src 'self'");
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
  });

  test('the policy is enforced, and a breach is seen: an injected inline script is blocked and reported', async ({page}) => {
    await open(page, url('/reference/segments'), builtPolicy(buildDir()));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as {injected?: boolean}).injected)).toBeUndefined();
    await expect.poll(() => violations.some((violation) => violation.includes('script-src-elem blocked inline'))).toBe(true);
    await expect.poll(() => violations.some((violation) => /console error: .*Content Security Policy/.test(violation))).toBe(true);
    // Seen, so this test's own check after it would fail: clear what it provoked on purpose.
    violations.length = 0;
  });

  test('the search modal: a query typed, results shown, one opened', async ({page}) => {
    await open(page, url('/reference/segments'), builtPolicy(buildDir()));
    await page.keyboard.press('Control+k');
    await page.getByRole('searchbox').fill('gradual rollout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(url('/reference/segments'));
    await expect(page.locator('article h1')).toBeVisible();
  });

  test('the search page: opened with a query, then another typed', async ({page}) => {
    await open(page, url('/search?q=feature%20flag'), builtPolicy(buildDir()));
    const input = page.locator('main').getByRole('searchbox');
    await expect(input).toHaveValue('feature flag');
    await input.fill('strategy constraints');
    await expect(page).toHaveURL(/q=strategy/);
    await expect(page.locator('main article, main a[href^="/"]').first()).toBeVisible();
  });

  test('an API operation page: the explorer opened, a request with a body built and sent', async ({page}) => {
    await open(page, url('/reference/api/unleash/create-feature'), builtPolicy(buildDir()));
    // Islands taken over by a click: a response code and a nested schema level.
    await page.locator('.openapi-tabs__response-code-item').nth(1).click();
    await expect(page.locator('.openapi-tabs__response-code-item').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', {name: 'Try this request'}).click();
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeEnabled();
    await page.locator('input[name="projectId"]').fill('csp-project');
    await page.locator('input[type="password"]').first().fill('csp-token');
    // The body editor: edited as text, never run as code (no eval under the policy).
    const editor = page.locator('.openapi-explorer__playground-editor pre').first();
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('{"name": "csp-flag"}');
    await page.getByRole('tab', {name: 'python'}).click();
    const sample = page.locator('.api-request__sample pre').first();
    await expect(sample).toContainText('csp-project');
    await expect(sample).toContainText('csp-flag');
    await page.getByRole('button', {name: 'Send API Request'}).click();
    // The placeholder server URL keeps the request on the site itself; the explorer shows its answer.
    await expect(page.locator('.openapi-explorer__response-container')).not.toContainText('Click the Send API Request button');
  });

  test('a page with diagrams shows them', async ({page}) => {
    await open(page, url('/understanding-unleash/proxy-hosting'), builtPolicy(buildDir()));
    const diagrams = page.locator('article figure img');
    expect(await diagrams.count()).toBeGreaterThan(0);
    const visible = diagrams.filter({visible: true}).first();
    await visible.scrollIntoViewIfNeeded();
    await expect.poll(() => visible.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  test('a legacy redirect page, with its shared script, keeps the fragment', async ({page}) => {
    const response = await page.goto(url('/client-sdk.htm#setup'));
    expect(response?.headers()['content-security-policy']).toBe(builtPolicy(buildDir()));
    await expect(page).toHaveURL(url('/reference/sdks#setup'));
    await hydrated(page);
  });

  test('client-side navigation, the colour switch, code tabs and collapsible sections', async ({page}) => {
    await open(page, url('/quickstart'), builtPolicy(buildDir()));
    await page.getByRole('button', {name: /dark mode|light mode|system mode/i}).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const tabs = page.locator('article [role="tab"]');
    if ((await tabs.count()) > 1) await tabs.nth(1).click();
    // Client-side navigation: the next page renders in place, its head tags (JSON-LD included) updated by script.
    const next = page.locator('a.pagination-nav__link--next');
    const target = (await next.getAttribute('href'))!;
    await next.click();
    await expect(page).toHaveURL(url(target));
    await expect(page.locator('article h1')).not.toHaveText('Quickstart');
    const details = page.locator('article details summary');
    if ((await details.count()) > 0) await details.first().click();
  });

  test('the evaluation sandbox: loaded, edited and evaluated', async ({page}) => {
    const route = pageWithSandbox();
    test.skip(route === undefined, 'no page of this build carries the evaluation sandbox yet');
    await open(page, url(route!), builtPolicy(buildDir()));
    const sandbox = page.locator('[data-evaluation-sandbox]').first();
    await sandbox.scrollIntoViewIfNeeded();
    await expect(sandbox).toBeVisible();
    // Its styles are one <style> element with a fixed text, allowed by hash (bundles.ts).
    await expect(sandbox).not.toHaveCSS('padding', '0px');
    const field = sandbox.locator('input[type="text"], textarea').first();
    if ((await field.count()) > 0) await field.fill('user-42');
    const buttons = sandbox.getByRole('button');
    for (let i = 0; i < Math.min(await buttons.count(), 3); i += 1) await buttons.nth(i).click();
  });

  test('offline mode: the service worker installs, and pages it serves keep the policy', async ({page, context}) => {
    test.setTimeout(patience(180_000));
    await open(page, url('/reference/segments?offlineMode=true'), builtPolicy(buildDir()));
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.active?.state === 'activated';
          }),
        {timeout: patience(150_000), intervals: [500]},
      )
      .toBe(true);
    await context.setOffline(true);
    const response = await page.goto(url('/reference/strategy-constraints'));
    expect(response?.fromServiceWorker()).toBe(true);
    // The precache kept nginx's headers: offline, the page is under the same policy.
    expect(response?.headers()['content-security-policy']).toBe(builtPolicy(buildDir()));
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Strategy constraints');
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await page.getByRole('searchbox').fill('gradual rollout');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await context.setOffline(false);
  });
});

/** Answers the third-party hosts the configured fixture uses, inside the policy's hosts. */
async function fakeThirdParties(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/^https:\/\/(www\.googletagmanager\.com|tracker\.example\.test|assistant\.example\.test)\//, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({contentType: 'application/javascript', body: '/* stand-in */'});
  });
  return requested;
}

test.describe('with every optional feature configured, under the policy computed for it', () => {
  const url = serveWithNginx(configuredBuildDir);

  test('the announcement bar, analytics, the tracker and the assistant widget run without a violation', async ({page, context}) => {
    const violations = await recordPolicyViolations(context);
    const requested = await fakeThirdParties(page);
    const policy = builtPolicy(configuredBuildDir());
    for (const host of ['https://tracker.example.test', 'https://assistant.example.test', 'https://www.googletagmanager.com']) expect(policy).toContain(host);
    await open(page, url('/'), policy);
    const bar = page.getByRole('banner').filter({hasText: FIXTURE_ENV.ANNOUNCEMENT_BAR_CONTENT});
    await expect(bar).toBeVisible();
    await expect.poll(() => requested.map((request) => new URL(request).host).sort()).toEqual(
      expect.arrayContaining(['assistant.example.test', 'tracker.example.test', 'www.googletagmanager.com']),
    );
    expect(requested.some((request) => request.includes(`gtag/js?id=${FIXTURE_ENV.GOOGLE_ANALYTICS_ID}`))).toBe(true);
    expect(requested.some((request) => request.includes(`gtm.js?id=${FIXTURE_ENV.GOOGLE_TAG_MANAGER_ID}`))).toBe(true);
    // The inline initialisations ran (allowed by their hashes).
    expect(await page.evaluate(() => (window as unknown as {visitorTracking?: unknown[][]}).visitorTracking?.[0])).toEqual(['init', FIXTURE_ENV.VISITOR_TRACKING_CLIENT_ID]);
    expect(await page.evaluate(() => Array.isArray((window as unknown as {dataLayer?: unknown[]}).dataLayer))).toBe(true);
    await page.getByRole('button', {name: 'Close'}).click();
    await expect(page.getByText(FIXTURE_ENV.ANNOUNCEMENT_BAR_CONTENT)).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    expect(violations).toEqual([]);
  });
});

test.describe('with Algolia and click analytics, under the policy computed for it', () => {
  const url = serveWithNginx(algoliaBuildDir);

  test('the modal queries Algolia and loads search-insights without a violation', async ({page, context}) => {
    const violations = await recordPolicyViolations(context);
    const queried: string[] = [];
    const insights: string[] = [];
    await page.route(/^https:\/\/[\w-]+\.(algolia\.net|algolianet\.com)\//, async (route) => {
      queried.push(route.request().url());
      const hit = {
        objectID: 'guide-1',
        url: '/guide#intro',
        type: 'lvl1',
        hierarchy: {lvl0: 'Documentation', lvl1: 'Guide from Algolia', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
        content: null,
        _highlightResult: {hierarchy: {lvl0: {value: 'Documentation', matchLevel: 'none', matchedWords: []}, lvl1: {value: 'Guide from Algolia', matchLevel: 'none', matchedWords: []}}},
      };
      const result = {hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, processingTimeMS: 1, query: 'guide', params: '', index: ALGOLIA_ENV.ALGOLIA_INDEX_NAME, queryID: 'q1'};
      await route.fulfill({contentType: 'application/json', body: JSON.stringify({results: [result]})});
    });
    await page.route(/search-insights/, async (route) => {
      insights.push(route.request().url());
      await route.fulfill({contentType: 'application/javascript', body: 'window.AlgoliaAnalyticsObject = "aa"; window.aa = window.aa || function () {};'});
    });
    await open(page, url('/'), builtPolicy(algoliaBuildDir()));
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('guide');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect.poll(() => insights.length).toBeGreaterThan(0);
    expect(new URL(queried[0]!).host).toBe(`${ALGOLIA_ENV.ALGOLIA_APP_ID.toLowerCase()}-dsn.algolia.net`);
    expect(violations).toEqual([]);
  });
});
