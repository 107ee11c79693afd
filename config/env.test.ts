import {describe, expect, it} from 'vitest';
import {ENV_VARIABLES, EnvError, parseEnv} from './env';

describe('parseEnv', () => {
  it('with nothing set, turns every third party off and keeps the defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      baseUrl: '/',
      colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
      navbarHideOnScroll: false,
      remoteContent: {mode: 'off', timeoutMs: 10000},
      apiServerUrl: '<your-unleash-url>',
    });
    for (const key of ['announcementBar', 'googleAnalyticsId', 'googleTagManagerId', 'visitorTracking', 'assistantWidget', 'algolia', 'searchMissingResultsUrl', 'siteUrl'] as const) {
      expect(env[key]).toBeUndefined();
    }
  });

  it('reads a complete configuration', () => {
    const env = parseEnv({
      SITE_URL: 'https://docs.example.com/',
      BASE_URL: '/docs/',
      ANNOUNCEMENT_BAR_ID: 'v7-release',
      ANNOUNCEMENT_BAR_CONTENT: 'Unleash 7 is out',
      ANNOUNCEMENT_BAR_BACKGROUND_COLOR: '#ffcc00',
      ANNOUNCEMENT_BAR_TEXT_COLOR: 'black',
      ANNOUNCEMENT_BAR_CLOSEABLE: 'false',
      COLOR_MODE_DISABLE_SWITCH: 'true',
      COLOR_MODE_RESPECT_PREFERS: 'true',
      GOOGLE_ANALYTICS_ID: 'G-ABC123XYZ',
      GOOGLE_TAG_MANAGER_ID: 'GTM-ABC1234',
      VISITOR_TRACKING_SCRIPT_URL: 'https://tracker.example.com/t.js',
      VISITOR_TRACKING_CLIENT_ID: 'client-42',
      ALGOLIA_APP_ID: 'APP123',
      ALGOLIA_SEARCH_API_KEY: 'abc123',
      ALGOLIA_INDEX_NAME: 'unleash-docs',
      API_SERVER_URL: 'https://unleash.example.com/',
    });
    expect(env.siteUrl).toBe('https://docs.example.com');
    expect(env.baseUrl).toBe('/docs/');
    expect(env.announcementBar).toEqual({id: 'v7-release', content: 'Unleash 7 is out', backgroundColor: '#ffcc00', textColor: 'black', isCloseable: false});
    expect(env.colorMode).toEqual({defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: true});
    expect(env.visitorTracking).toEqual({scriptUrl: 'https://tracker.example.com/t.js', clientId: 'client-42'});
    expect(env.algolia).toEqual({appId: 'APP123', searchApiKey: 'abc123', indexName: 'unleash-docs', insights: false});
    expect(env.apiServerUrl).toBe('https://unleash.example.com');
  });

  it.each([
    ['SITE_URL', 'docs.example.com'],
    ['SITE_URL', 'https://docs.example.com/sub/path'],
    ['SITE_URL', 'ftp://docs.example.com'],
    ['BASE_URL', 'docs'],
    ['COLOR_MODE_DISABLE_SWITCH', 'yes'],
    ['COLOR_MODE_DEFAULT', 'sepia'],
    ['NAVBAR_HIDE_ON_SCROLL', '1'],
    ['GOOGLE_ANALYTICS_ID', 'UA-1234-1'],
    ['GOOGLE_TAG_MANAGER_ID', 'ABC'],
    ['REMOTE_CONTENT', 'always'],
    ['REMOTE_CONTENT_BASE_URL', 'https://raw.example.com/no-slash'],
    ['REMOTE_CONTENT_TIMEOUT_MS', 'soon'],
    ['API_SERVER_URL', 'unleash.local'],
    ['SEARCH_MISSING_RESULTS_URL', 'not a url'],
  ] as const)('rejects %s=%s, naming the variable and what it accepts', (name, value) => {
    const parse = () => parseEnv({[name]: value});
    expect(parse).toThrow(EnvError);
    expect(parse).toThrow(`Invalid environment variable ${name}=${JSON.stringify(value)}: expected ${ENV_VARIABLES[name]}.`);
  });

  it('rejects a bad announcement colour only when the bar is configured', () => {
    expect(() => parseEnv({ANNOUNCEMENT_BAR_CONTENT: 'Hi', ANNOUNCEMENT_BAR_TEXT_COLOR: 'url(x)'})).toThrow(/ANNOUNCEMENT_BAR_TEXT_COLOR/);
  });

  it('rejects a partial Algolia configuration, naming the missing variable', () => {
    expect(() => parseEnv({ALGOLIA_APP_ID: 'APP123', ALGOLIA_INDEX_NAME: 'docs'})).toThrow(
      /Invalid environment variable ALGOLIA_SEARCH_API_KEY="": expected a search-only Algolia API key; it must be set together with ALGOLIA_APP_ID, ALGOLIA_INDEX_NAME/,
    );
  });

  it('rejects search insights without Algolia', () => {
    expect(() => parseEnv({ALGOLIA_INSIGHTS: 'true'})).toThrow(/ALGOLIA_INSIGHTS/);
  });

  it('rejects a visitor-tracking script without a client id', () => {
    expect(() => parseEnv({VISITOR_TRACKING_SCRIPT_URL: 'https://t.example.com/t.js'})).toThrow(/VISITOR_TRACKING_CLIENT_ID/);
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({GOOGLE_ANALYTICS_ID: '   ', BASE_URL: ''}).googleAnalyticsId).toBeUndefined();
  });
});
