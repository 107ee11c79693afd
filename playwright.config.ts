import {defineConfig} from '@playwright/test';
import {patience} from './scripts/testing/patience';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Tests wait for states (an element shown, a request seen, the browser idle), never for a
  // fixed time; these are only the limits on those waits. They are generous because the suite
  // runs two browsers on two cores beside the static servers, and a slower host (Lighthouse
  // benchmark index ~1,500) took over 10 s to show a state that alone takes one. Both grow with
  // the machine's load when the run starts (scripts/testing/patience.ts), as do the longer
  // bounds some tests set (the offline app's precache, the crawl).
  timeout: patience(120_000),
  expect: {timeout: patience(30_000)},
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    viewport: {width: 1280, height: 800},
  },
});
