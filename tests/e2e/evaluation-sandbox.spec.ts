/**
 * The evaluation sandbox: it loads only on pages that use it, after hydration; editing the flag
 * or the context changes the answer; a shared link restores the exact case; bad input is
 * explained next to its field and breaks nothing; it works from the keyboard and passes axe in
 * both colour modes.
 */
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Locator, type Page} from '@playwright/test';
import {collectConsole, hydrated, siteUrl} from './support';

const PAGE = '/reference/evaluation-sandbox';

function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function openSandbox(page: Page, path = PAGE): Promise<Locator> {
  await page.goto(siteUrl(path));
  await hydrated(page);
  const sandbox = page.getByRole('region', {name: 'Evaluation sandbox'});
  await expect(sandbox).toBeVisible();
  return sandbox;
}

/** The answers row of one SDK family in the result table. */
const answers = (sandbox: Locator, family: RegExp) => sandbox.getByRole('row', {name: family});
const NODE = /Node\.js SDK/;
const YGGDRASIL = /Yggdrasil/;

test('ordinary pages never download the sandbox', async ({page}) => {
  const scripts = scriptsOf(page);
  await page.goto(siteUrl('/reference/segments'));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((file) => /evaluation-sandbox/.test(file))).toEqual([]);
  await expect(page.locator('[data-evaluation-sandbox]')).toHaveCount(0);
});

test('the sandbox page renders a placeholder, then loads the sandbox once interactive', async ({page, request}) => {
  const html = await (await request.get(siteUrl(PAGE))).text();
  expect(html).toContain('The evaluation sandbox opens here once the page has loaded');
  expect(html).not.toContain('data-evaluation-sandbox');
  const scripts = scriptsOf(page);
  const hosts = new Set<string>();
  page.on('request', (req) => {
    if (/^https?:/.test(req.url())) hosts.add(new URL(req.url()).host);
  });
  const messages = collectConsole(page);
  const sandbox = await openSandbox(page);
  expect(scripts.some((file) => /evaluation-sandbox/.test(file))).toBe(true);
  // Everything it needs comes from the site itself, so it works offline from the app's cache.
  expect([...hosts]).toEqual([new URL(siteUrl()).host]);
  // The page's example: user 42 is outside the 25 % rollout and not in the internal segment.
  await expect(answers(sandbox, NODE)).toContainText('false');
  await expect(sandbox.getByRole('group', {name: 'Strategy 1'}).getByText('Does not match: segment "Internal users", constraint 1, fails')).toBeVisible();
  await expect(sandbox.getByText(/Bucket: 74 of 100/)).toBeVisible();
  await expect(sandbox.getByText('murmur3("new-checkout:42", seed 0) mod 100 + 1 =').first()).toBeVisible();
  expect(messages).toEqual([]);
});

test('editing the flag or the context changes the answer as you type', async ({page}) => {
  const sandbox = await openSandbox(page);
  const rollout = sandbox.getByRole('group', {name: 'Strategy 2'}).getByLabel('Rollout (%)');
  await rollout.fill('100');
  await expect(answers(sandbox, NODE)).toContainText('true');
  await expect(answers(sandbox, YGGDRASIL)).toContainText('true');
  await expect(sandbox.getByText('Strategy 2 (flexibleRollout) is the first that matches.', {exact: false})).toBeVisible();

  await rollout.fill('74');
  await expect(answers(sandbox, NODE)).toContainText('true');
  await rollout.fill('73');
  await expect(answers(sandbox, NODE)).toContainText('false');

  // The internal segment lets dana in through strategy 1, with a flag variant.
  const email = sandbox.getByLabel('Property 2: value');
  await email.fill('dana@EXAMPLE.com');
  await expect(answers(sandbox, NODE)).toContainText('true');
  await expect(sandbox.getByText(/Strategy 1 \(default\) is the first that matches/)).toBeVisible();
  await expect(answers(sandbox, NODE)).toContainText(/"control"|"one-page"/);

  // A different user lands in a different bucket.
  await email.fill('dana@customer.test');
  await sandbox.getByLabel('userId', {exact: true}).fill('7');
  await expect(sandbox.getByText(/murmur3\("new-checkout:7", seed 0\)/).first()).toBeVisible();

  // A new constraint on strategy 2 takes part at once.
  await rollout.fill('100');
  await expect(answers(sandbox, NODE)).toContainText('true');
  const strategy2 = sandbox.getByRole('group', {name: 'Strategy 2'});
  await strategy2.getByRole('button', {name: 'Add constraint to strategy 2'}).click();
  const added = strategy2.getByRole('group', {name: 'Constraint 3'});
  await added.getByLabel('Context field').fill('environment');
  await added.getByLabel('Operator').selectOption('NOT_IN');
  await added.getByLabel('Values (one per line)').fill('production');
  await expect(answers(sandbox, NODE)).toContainText('false');
  await added.getByLabel('Inverted (NOT)').check();
  await expect(answers(sandbox, NODE)).toContainText('true');
});

test('a shared link restores the exact case', async ({page, browser, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const sandbox = await openSandbox(page);
  await sandbox.getByLabel('userId', {exact: true}).fill('user 42 ünï');
  await sandbox.getByRole('group', {name: 'Strategy 2'}).getByLabel('Rollout (%)').fill('80');
  await sandbox.getByRole('button', {name: 'Add property to the context'}).click();
  await sandbox.getByLabel('Property 3: name').fill('plan');
  await sandbox.getByLabel('Property 3: value').fill('enterprise');
  const expected = (await answers(sandbox, NODE).textContent()) ?? '';

  await sandbox.getByRole('button', {name: 'Copy link to this case'}).click();
  await expect(sandbox.getByRole('status').filter({hasText: 'Link copied.'})).toHaveCount(1);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#sandbox=1\.[A-Za-z0-9_-]+$/);
  await expect(page).toHaveURL(link);

  // A colleague opens the link in a fresh browser.
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(link);
  await hydrated(colleague);
  const shared = colleague.getByRole('region', {name: 'Evaluation sandbox'});
  await expect(shared.getByText('This is the case from the link you opened.')).toBeVisible();
  await expect(shared.getByLabel('userId', {exact: true})).toHaveValue('user 42 ünï');
  await expect(shared.getByRole('group', {name: 'Strategy 2'}).getByLabel('Rollout (%)')).toHaveValue('80');
  await expect(shared.getByLabel('Property 3: value')).toHaveValue('enterprise');
  await expect(answers(shared, NODE)).toHaveText(expected);

  // Reloading keeps the case; reset returns to the page's example and clears the address.
  await colleague.reload();
  await hydrated(colleague);
  await expect(shared.getByLabel('userId', {exact: true})).toHaveValue('user 42 ünï');
  await shared.getByRole('button', {name: "Reset to this page's example"}).click();
  await expect(shared.getByLabel('userId', {exact: true})).toHaveValue('42');
  expect(new URL(colleague.url()).hash).toBe('');
});

test('a link whose case cannot be read falls back to the example', async ({page}) => {
  const messages = collectConsole(page);
  const sandbox = await openSandbox(page, `${PAGE}#sandbox=1.bm90LWRlZmxhdGU`);
  await expect(sandbox.getByText("The case in this link could not be read, so the page's example is shown.")).toBeVisible();
  await expect(sandbox.getByLabel('userId', {exact: true})).toHaveValue('42');
  expect(messages).toEqual([]);
});

test('bad input is explained next to its field and breaks nothing', async ({page}) => {
  const messages = collectConsole(page);
  const sandbox = await openSandbox(page);
  const strategy2 = sandbox.getByRole('group', {name: 'Strategy 2'});

  const rollout = strategy2.getByLabel('Rollout (%)');
  await rollout.fill('150');
  await expect(rollout).toHaveAttribute('aria-invalid', 'true');
  await expect(rollout).toHaveAccessibleDescription(/Above 100 %\. The Node\.js SDK enables the strategy .* Yggdrasil cannot compile the flag/);
  await expect(answers(sandbox, NODE)).toContainText('true');
  await expect(answers(sandbox, YGGDRASIL)).toContainText('false');
  await expect(sandbox.getByText(/Yggdrasil: Yggdrasil cannot compile this flag, so it is always off: strategy 2 \(flexibleRollout\): the rollout 150 is above 100/)).toBeVisible();
  await rollout.fill('-3');
  await expect(rollout).toHaveAccessibleDescription(/Below 0/);
  await rollout.fill('25');
  await expect(rollout).not.toHaveAttribute('aria-invalid', 'true');

  const version = strategy2.getByRole('group', {name: 'Constraint 2'}).getByLabel('Value');
  await version.fill('v5.2.0');
  await expect(version).toHaveAccessibleDescription(/Starts with "v"/);
  await version.fill('5.2');
  await expect(version).toHaveAccessibleDescription(/Not a semantic version .* Yggdrasil reads it as a number/);
  await version.fill('5.2.0');

  const time = sandbox.getByLabel('currentTime', {exact: true});
  await time.fill('the day after tomorrow');
  await expect(time).toHaveAccessibleDescription(/Not a date: date constraints are false/);
  await time.fill('');

  const weight = sandbox.getByRole('group', {name: 'Variant 1'}).getByLabel('Weight (of 1000)');
  await weight.fill('400');
  await expect(sandbox.getByText(/The weights add up to 900, not 1000\. SDKs share out by the total, so: control 44\.4 %, one-page 55\.6 %/)).toBeVisible();
  await weight.fill('lots');
  await expect(weight).toHaveAccessibleDescription(/refuses this one/);

  const constraint = strategy2.getByRole('group', {name: 'Constraint 1'});
  await constraint.getByLabel('Operator').selectOption('REGEX');
  await constraint.getByLabel('Pattern').fill('(checkout');
  await expect(constraint.getByLabel('Pattern')).toHaveAccessibleDescription(/Does not compile/);
  await expect(constraint.getByText(/Fails: the pattern does not compile/)).toBeVisible();

  // The page is still alive: the sandbox keeps answering and navigation still works.
  await rollout.fill('100');
  await constraint.getByLabel('Pattern').fill('^checkout');
  await expect(answers(sandbox, NODE)).toContainText('true');
  expect(messages).toEqual([]);
});

test('the sandbox works from the keyboard', async ({page}) => {
  const sandbox = await openSandbox(page);
  await sandbox.getByRole('button', {name: "Reset to this page's example"}).focus();
  // Tab into the context fields and type.
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('id')?.endsWith('-ctx-userId'))) break;
  }
  await expect(sandbox.getByLabel('userId', {exact: true})).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('user-3');
  await expect(sandbox.getByText(/murmur3\("new-checkout:user-3", seed 0\)/).first()).toBeVisible();
  // Buttons answer Enter; a select answers the arrow keys.
  await sandbox.getByRole('button', {name: 'Add constraint to strategy 1'}).focus();
  await page.keyboard.press('Enter');
  await expect(sandbox.getByRole('group', {name: 'Strategy 1'}).getByRole('group', {name: 'Constraint 1'})).toBeVisible();
  const type = sandbox.getByRole('group', {name: 'Strategy 1'}).getByLabel('Strategy', {exact: true});
  await type.focus();
  await page.keyboard.press('ArrowDown');
  await expect(type).toHaveValue('flexibleRollout');
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds no serious problem with the sandbox in ${mode} mode`, async ({page}) => {
    await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    const sandbox = await openSandbox(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    // Show the messages and the differing answers too.
    await sandbox.getByRole('group', {name: 'Strategy 2'}).getByLabel('Rollout (%)').fill('150');
    await sandbox.getByLabel('currentTime', {exact: true}).fill('soon');
    await expect(sandbox.getByText(/Yggdrasil cannot compile this flag/)).toBeVisible();
    const {violations} = await new AxeBuilder({page}).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'heading-order')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
  });
}

const EMBEDS: Array<[string, string, string]> = [
  ['/reference/activation-strategies', 'new-checkout', '25'],
  ['/reference/stickiness', 'new-invoice-layout', '25'],
  ['/reference/strategy-constraints', 'beta-banner', '100'],
  ['/reference/strategy-variants', 'new-checkout', '20'],
  ['/feature-flag-tutorials/use-cases/gradual-rollout', 'new-search-backend', '25'],
];

for (const [route, flag, rollout] of EMBEDS) {
  test(`${route} opens the sandbox with the example it discusses`, async ({page}) => {
    const sandbox = await openSandbox(page, route);
    await expect(sandbox.getByLabel('Flag name')).toHaveValue(flag);
    await expect(sandbox.getByRole('group', {name: 'Strategy 1'}).getByLabel('Rollout (%)')).toHaveValue(rollout);
  });
}

test('/reference/feature-toggle-variants opens the sandbox with its flag variants', async ({page}) => {
  const sandbox = await openSandbox(page, '/reference/feature-toggle-variants');
  await expect(sandbox.getByLabel('Flag name')).toHaveValue('checkout-button');
  await expect(sandbox.getByRole('group', {name: 'Variant 1'}).getByLabel('Name')).toHaveValue('blue-button');
  await sandbox.getByLabel('userId', {exact: true}).fill('alice');
  await expect(sandbox.getByText('An override gives "control" to userId "alice".')).toBeVisible();
});
