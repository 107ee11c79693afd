/**
 * Page weight on first load: each page opens in a fresh browser context (empty cache) in
 * Chromium; every response is recorded until the page has hydrated and then the network has
 * been quiet for NETWORK_QUIET_MS.
 */
import {chromium, type Browser, type Request} from '@playwright/test';
import {CHROMIUM, CHROMIUM_ARGS} from './chromium';
import {onCleanup} from './cleanup';
import {addResource, gzipSize, kindOf, totals, type Resource, type Totals} from './weight';

/** Playwright's default viewport, written out: how many sidebar links are visible decides what gets prefetched. */
export const VIEWPORT = {width: 1280, height: 720};
export const NETWORK_QUIET_MS = 500;
const HYDRATION_TIMEOUT_MS = 60_000;
const IDLE_TIMEOUT_MS = 30_000;

export interface PageWeight {
  path: string;
  totals: Totals;
  resources: Resource[];
  /** Milliseconds from navigation to hydration and to network idle. */
  hydratedMs: number;
  idleMs: number;
  /** True when the network never went quiet within IDLE_TIMEOUT_MS (figures are then partial). */
  idleTimedOut: boolean;
}

/** Counts requests in flight and remembers when the last one started or ended. */
class NetworkActivity {
  private inFlight = new Set<Request>();
  private lastChange = performance.now();

  started(request: Request): void {
    this.inFlight.add(request);
    this.lastChange = performance.now();
  }

  ended(request: Request): void {
    this.inFlight.delete(request);
    this.lastChange = performance.now();
  }

  async quiet(quietMs: number, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.inFlight.size === 0 && performance.now() - this.lastChange >= quietMs) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }
}

async function measurePage(browser: Browser, baseUrl: string, pagePath: string): Promise<PageWeight> {
  const context = await browser.newContext({viewport: VIEWPORT});
  try {
    const resources = new Map<string, Resource>();
    const bodies: Array<Promise<void>> = [];
    const activity = new NetworkActivity();
    context.on('request', (request) => activity.started(request));
    context.on('requestfailed', (request) => activity.ended(request));
    context.on('requestfinished', (request) => {
      // The body is read before the request counts as ended, so idle means "all bytes in".
      bodies.push(
        (async () => {
          const response = await request.response();
          const body = response && response.status() < 300 ? await response.body().catch(() => null) : null;
          if (body) {
            const kind = kindOf(request.resourceType(), request.headers()['sec-purpose']);
            addResource(resources, {url: request.url(), kind, raw: body.length, gzip: gzipSize(body)});
          }
          activity.ended(request);
        })(),
      );
    });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${baseUrl}${pagePath}`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, {timeout: HYDRATION_TIMEOUT_MS});
    const hydratedMs = performance.now() - started;
    const idle = await activity.quiet(NETWORK_QUIET_MS, IDLE_TIMEOUT_MS);
    const idleMs = performance.now() - started - (idle ? NETWORK_QUIET_MS : 0);
    await Promise.all(bodies);
    const list = [...resources.values()];
    return {path: pagePath, totals: totals(list), resources: list, hydratedMs, idleMs, idleTimedOut: !idle};
  } finally {
    await context.close();
  }
}

export async function measurePageWeights(baseUrl: string, paths: readonly string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  const forget = onCleanup(() => browser.close());
  try {
    const weights: PageWeight[] = [];
    for (const pagePath of paths) weights.push(await measurePage(browser, baseUrl, pagePath));
    return weights;
  } finally {
    forget();
    await browser.close();
  }
}
