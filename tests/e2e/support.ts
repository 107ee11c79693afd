import {test, type ConsoleMessage, type Page} from '@playwright/test';
import {startNginx, type NginxServer} from '../support/nginx';

function base(name: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: run the browser tests through "npm run test:e2e".`);
  return url;
}

/** A URL on the production build. */
export const siteUrl = (path = '/') => `${base('SITE_URL_UNDER_TEST')}${path}`;
/** A URL on the configured fixture site (every optional feature on). */
export const configuredUrl = (path = '/') => `${base('CONFIGURED_URL_UNDER_TEST')}${path}`;
/** A URL on the Algolia-mode fixture site. */
export const algoliaUrl = (path = '/') => `${base('ALGOLIA_URL_UNDER_TEST')}${path}`;
/** The production build served under a base path it was not built for. */
export const wrongBaseUrl = (path = '/') => `${base('WRONG_BASE_URL_UNDER_TEST')}${path}`;
export const buildDir = () => base('BUILD_DIR_UNDER_TEST');
/** The configured fixture site's build folder. */
export const configuredBuildDir = () => base('CONFIGURED_BUILD_DIR_UNDER_TEST');
/** The Algolia-mode fixture site's build folder. */
export const algoliaBuildDir = () => base('ALGOLIA_BUILD_DIR_UNDER_TEST');

/** Waits until React has hydrated the page, so clicks reach client-side handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}

export function collectConsole(page: Page, types: ReadonlyArray<ReturnType<ConsoleMessage['type']>> = ['error', 'warning']): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (types.includes(message.type())) messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/**
 * Serves a build directory through the production nginx configuration for the tests of the
 * enclosing describe block (started before them, stopped after); returns the URL of a path.
 */
export function serveWithNginx(root: () => string): (urlPath: string) => string {
  let server: NginxServer | undefined;
  test.beforeAll(async () => {
    server = await startNginx(root());
  });
  test.afterAll(async () => {
    await server?.close();
  });
  return (urlPath) => `${server!.url}${urlPath}`;
}
