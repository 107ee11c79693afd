/**
 * Every environment variable the site reads is parsed and validated here, and only here.
 * A wrong value stops the build with a message that names the variable and what it
 * accepts; with nothing set, the site is fully offline (no third-party host anywhere).
 */

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    readonly accepted: string,
    received: string,
  ) {
    super(
      `Invalid environment variable ${variable}=${JSON.stringify(received)}: expected ${accepted}.`,
    );
    this.name = 'EnvError';
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface AnnouncementBarEnv {
  id: string;
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface AlgoliaEnv {
  appId: string;
  searchApiKey: string;
  indexName: string;
  /** Loads the search-insights script from Algolia's CDN (click analytics). */
  insights: boolean;
}

export interface VisitorTrackingEnv {
  scriptUrl: string;
  clientId: string;
}

export interface AssistantWidgetEnv {
  scriptUrl: string;
  websiteId: string;
  projectName: string;
  projectColor: string;
  projectLogo?: string;
}

export interface SiteEnv {
  siteUrl?: string;
  baseUrl: string;
  announcementBar?: AnnouncementBarEnv;
  colorMode: {
    defaultMode: 'light' | 'dark';
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  navbarHideOnScroll: boolean;
  googleAnalyticsId?: string;
  googleTagManagerId?: string;
  visitorTracking?: VisitorTrackingEnv;
  assistantWidget?: AssistantWidgetEnv;
  algolia?: AlgoliaEnv;
  /** Where the "Let us know." link of an empty search result points. */
  searchMissingResultsUrl?: string;
  remoteContent: {
    mode: 'off' | 'fetch';
    baseUrl?: string;
    timeoutMs: number;
  };
  /** The server URL shown in generated API samples. */
  apiServerUrl: string;
}

/** Every variable this module reads, with what it accepts: the README table mirrors it. */
export const ENV_VARIABLES = {
  SITE_URL: 'an absolute http(s) URL without a path, e.g. https://docs.example.com',
  BASE_URL: 'a path that starts and ends with "/", e.g. / or /docs/',
  ANNOUNCEMENT_BAR_ID: 'a non-empty id; changing it shows the bar again to readers who closed it',
  ANNOUNCEMENT_BAR_CONTENT: 'the bar text (HTML allowed); the bar shows only when this is set',
  ANNOUNCEMENT_BAR_BACKGROUND_COLOR: 'a CSS colour (#rgb, #rrggbb or a colour name)',
  ANNOUNCEMENT_BAR_TEXT_COLOR: 'a CSS colour (#rgb, #rrggbb or a colour name)',
  ANNOUNCEMENT_BAR_CLOSEABLE: 'true or false',
  COLOR_MODE_DEFAULT: 'light or dark',
  COLOR_MODE_DISABLE_SWITCH: 'true or false',
  COLOR_MODE_RESPECT_PREFERS: 'true or false',
  NAVBAR_HIDE_ON_SCROLL: 'true or false',
  GOOGLE_ANALYTICS_ID: 'a Google Analytics 4 measurement id, e.g. G-ABC123XYZ',
  GOOGLE_TAG_MANAGER_ID: 'a Google Tag Manager container id, e.g. GTM-ABC1234',
  VISITOR_TRACKING_SCRIPT_URL: 'an absolute https URL of the tracking script, on a host name (its host joins the Content-Security-Policy)',
  VISITOR_TRACKING_CLIENT_ID: 'the client id the tracking script is initialised with',
  ASSISTANT_WIDGET_SCRIPT_URL: 'an absolute https URL of the assistant widget script, on a host name (its host joins the Content-Security-Policy)',
  ASSISTANT_WIDGET_WEBSITE_ID: 'the website id given to the widget (data-website-id)',
  ASSISTANT_WIDGET_PROJECT_NAME: 'the project name shown by the widget (data-project-name)',
  ASSISTANT_WIDGET_PROJECT_COLOR: 'a CSS colour for the widget (data-project-color)',
  ASSISTANT_WIDGET_PROJECT_LOGO: 'an absolute http(s) URL of a logo on a host name (data-project-logo; its host joins the Content-Security-Policy)',
  ALGOLIA_APP_ID: 'an Algolia application id (letters and digits)',
  ALGOLIA_SEARCH_API_KEY: 'a search-only Algolia API key',
  ALGOLIA_INDEX_NAME: 'the Algolia index name',
  ALGOLIA_INSIGHTS: 'true or false (needs the Algolia variables)',
  SEARCH_MISSING_RESULTS_URL: 'an absolute http(s) URL readers use to report a search without results',
  REMOTE_CONTENT: 'off or fetch',
  REMOTE_CONTENT_BASE_URL: 'an absolute http(s) URL ending in "/" (raw content base)',
  REMOTE_CONTENT_TIMEOUT_MS: 'a whole number of milliseconds between 100 and 120000',
  API_SERVER_URL: 'the server URL shown in API samples: an absolute http(s) URL on a host name (the request explorer may connect to it) or <your-unleash-url>',
} as const;

export type EnvVariable = keyof typeof ENV_VARIABLES;

class Reader {
  constructor(private readonly env: Env) {}

  raw(name: EnvVariable): string | undefined {
    const value = this.env[name];
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  fail(name: EnvVariable, received: string): never {
    throw new EnvError(name, ENV_VARIABLES[name], received);
  }

  boolean(name: EnvVariable, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (value === 'true') return true;
    if (value === 'false') return false;
    return this.fail(name, value);
  }

  oneOf<T extends string>(name: EnvVariable, options: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((options as readonly string[]).includes(value)) return value as T;
    return this.fail(name, value);
  }

  url(name: EnvVariable, check?: (url: URL) => boolean): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return this.fail(name, value);
    }
    if (!/^https?:$/.test(parsed.protocol) || (check && !check(parsed))) {
      return this.fail(name, value);
    }
    return value;
  }

  /**
   * A URL whose host goes into the Content-Security-Policy: a host name the policy can write
   * (letters, digits, hyphens and dots, an optional port), no user or password; with `https`,
   * nothing but https (a script fetched over plain HTTP could be swapped on the way).
   */
  policyUrl(name: EnvVariable, {https}: {https: boolean}): string | undefined {
    const value = this.url(name);
    if (value === undefined) return undefined;
    const url = new URL(value);
    if ((https && url.protocol !== 'https:') || url.username || url.password || !POLICY_HOST.test(url.hostname)) {
      return this.fail(name, value);
    }
    return value;
  }

  matching(name: EnvVariable, pattern: RegExp): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    return pattern.test(value) ? value : this.fail(name, value);
  }

  integer(name: EnvVariable, min: number, max: number, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
    return parsed >= min && parsed <= max ? parsed : this.fail(name, value);
  }

  /** Variables that only make sense together: all set, or none. */
  group(names: readonly EnvVariable[]): boolean {
    const set = names.filter((name) => this.raw(name) !== undefined);
    if (set.length === 0) return false;
    if (set.length === names.length) return true;
    const missing = names.find((name) => this.raw(name) === undefined)!;
    throw new EnvError(
      missing,
      `${ENV_VARIABLES[missing]}; it must be set together with ${set.join(', ')}`,
      '',
    );
  }
}

/** A host name as a Content-Security-Policy host source writes it (URL has lower-cased it). */
const POLICY_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

const CSS_COLOR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|[a-zA-Z]+)$/;

function readAnnouncementBar(read: Reader): AnnouncementBarEnv | undefined {
  const content = read.raw('ANNOUNCEMENT_BAR_CONTENT');
  if (content === undefined) return undefined;
  return {
    id: read.matching('ANNOUNCEMENT_BAR_ID', /^[\w.-]+$/) ?? 'announcement',
    content,
    backgroundColor: read.matching('ANNOUNCEMENT_BAR_BACKGROUND_COLOR', CSS_COLOR) ?? '#1a4049',
    textColor: read.matching('ANNOUNCEMENT_BAR_TEXT_COLOR', CSS_COLOR) ?? '#ffffff',
    isCloseable: read.boolean('ANNOUNCEMENT_BAR_CLOSEABLE', true),
  };
}

function readAlgolia(read: Reader): AlgoliaEnv | undefined {
  const names = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;
  const insights = read.boolean('ALGOLIA_INSIGHTS', false);
  if (!read.group(names)) {
    if (insights) {
      throw new EnvError('ALGOLIA_INSIGHTS', 'false unless ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME are set', 'true');
    }
    return undefined;
  }
  return {
    appId: read.matching('ALGOLIA_APP_ID', /^[A-Za-z0-9]+$/)!,
    searchApiKey: read.matching('ALGOLIA_SEARCH_API_KEY', /^[A-Za-z0-9]+$/)!,
    indexName: read.matching('ALGOLIA_INDEX_NAME', /^[\w.-]+$/)!,
    insights,
  };
}

function readAssistantWidget(read: Reader): AssistantWidgetEnv | undefined {
  if (!read.group(['ASSISTANT_WIDGET_SCRIPT_URL', 'ASSISTANT_WIDGET_WEBSITE_ID'])) return undefined;
  return {
    scriptUrl: read.policyUrl('ASSISTANT_WIDGET_SCRIPT_URL', {https: true})!,
    websiteId: read.matching('ASSISTANT_WIDGET_WEBSITE_ID', /^[\w-]+$/)!,
    projectName: read.raw('ASSISTANT_WIDGET_PROJECT_NAME') ?? 'Unleash',
    projectColor: read.matching('ASSISTANT_WIDGET_PROJECT_COLOR', CSS_COLOR) ?? '#1a4049',
    projectLogo: read.policyUrl('ASSISTANT_WIDGET_PROJECT_LOGO', {https: false}),
  };
}

export function parseEnv(env: Env): SiteEnv {
  const read = new Reader(env);
  const visitorTracking = read.group(['VISITOR_TRACKING_SCRIPT_URL', 'VISITOR_TRACKING_CLIENT_ID'])
    ? {
        scriptUrl: read.policyUrl('VISITOR_TRACKING_SCRIPT_URL', {https: true})!,
        clientId: read.matching('VISITOR_TRACKING_CLIENT_ID', /^[\w.-]+$/)!,
      }
    : undefined;
  const remoteMode = read.oneOf('REMOTE_CONTENT', ['off', 'fetch'] as const, 'off');
  const apiServer = read.raw('API_SERVER_URL');
  return {
    siteUrl: read.url('SITE_URL', (url) => url.pathname === '/' && !url.search && !url.hash)?.replace(/\/$/, ''),
    baseUrl: read.matching('BASE_URL', /^\/([\w.-]+\/)*$/) ?? '/',
    announcementBar: readAnnouncementBar(read),
    colorMode: {
      defaultMode: read.oneOf('COLOR_MODE_DEFAULT', ['light', 'dark'] as const, 'light'),
      disableSwitch: read.boolean('COLOR_MODE_DISABLE_SWITCH', false),
      respectPrefersColorScheme: read.boolean('COLOR_MODE_RESPECT_PREFERS', false),
    },
    navbarHideOnScroll: read.boolean('NAVBAR_HIDE_ON_SCROLL', false),
    googleAnalyticsId: read.matching('GOOGLE_ANALYTICS_ID', /^G-[A-Z0-9]{4,}$/),
    googleTagManagerId: read.matching('GOOGLE_TAG_MANAGER_ID', /^GTM-[A-Z0-9]{4,}$/),
    visitorTracking,
    assistantWidget: readAssistantWidget(read),
    algolia: readAlgolia(read),
    searchMissingResultsUrl: read.url('SEARCH_MISSING_RESULTS_URL'),
    remoteContent: {
      mode: remoteMode,
      baseUrl: read.url('REMOTE_CONTENT_BASE_URL', (url) => url.pathname.endsWith('/')),
      timeoutMs: read.integer('REMOTE_CONTENT_TIMEOUT_MS', 100, 120000, 10000),
    },
    apiServerUrl:
      apiServer === undefined || apiServer === '<your-unleash-url>'
        ? '<your-unleash-url>'
        : read.policyUrl('API_SERVER_URL', {https: false})!.replace(/\/$/, ''),
  };
}

/** The environment of this process, parsed once. */
export function processEnv(): SiteEnv {
  return parseEnv(process.env);
}
