import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ENV_VARIABLES, EnvError, parseEnv} from './env';
import {policySources} from './securityHeaders';
import {SEARCH_INSIGHTS_SCRIPT} from './search';
import {contentSecurityPolicy} from '../plugins/security-headers/policy';

/** Every variable that switches on a third-party service, set. */
const EVERY_THIRD_PARTY = {
  GOOGLE_ANALYTICS_ID: 'G-ABC123XYZ',
  GOOGLE_TAG_MANAGER_ID: 'GTM-ABC1234',
  VISITOR_TRACKING_SCRIPT_URL: 'https://tracker.example.com/t.js',
  VISITOR_TRACKING_CLIENT_ID: 'client-42',
  ASSISTANT_WIDGET_SCRIPT_URL: 'https://widget.example.org/widget.js',
  ASSISTANT_WIDGET_WEBSITE_ID: 'site-7',
  ASSISTANT_WIDGET_PROJECT_LOGO: 'https://images.example.org/logo.png',
  ALGOLIA_APP_ID: 'APP123',
  ALGOLIA_SEARCH_API_KEY: 'abc123',
  ALGOLIA_INDEX_NAME: 'unleash-docs',
  ALGOLIA_INSIGHTS: 'true',
  API_SERVER_URL: 'https://unleash.example.com/api-root',
};

/** The policy's directives as {name: sources other than keywords, hashes and data:}. */
function hostsByDirective(env: Record<string, string>): Record<string, string[]> {
  const policy = contentSecurityPolicy({scriptHashes: [], styleHashes: [], sources: policySources(parseEnv(env))});
  const hosts: Record<string, string[]> = {};
  for (const part of policy.split('; ')) {
    const [name, ...values] = part.split(' ');
    const named = values.filter((value) => !value.startsWith("'") && value !== 'data:');
    if (named.length) hosts[name!] = named;
  }
  return hosts;
}

describe('the third-party hosts of the Content-Security-Policy', () => {
  it('are none by default', () => {
    expect(policySources(parseEnv({}))).toEqual({});
    expect(hostsByDirective({})).toEqual({});
  });

  it('with every third-party variable set, are exactly the hosts of those services', () => {
    expect(hostsByDirective(EVERY_THIRD_PARTY)).toEqual({
      'script-src': [
        'https://*.googletagmanager.com',
        SEARCH_INSIGHTS_SCRIPT,
        'https://tracker.example.com',
        'https://widget.example.org',
        'https://www.googletagmanager.com',
      ],
      'img-src': [
        'https://*.google-analytics.com',
        'https://*.googletagmanager.com',
        'https://images.example.org',
        'https://tracker.example.com',
        'https://widget.example.org',
        'https://www.googletagmanager.com',
      ],
      'connect-src': [
        'https://*.analytics.google.com',
        'https://*.google-analytics.com',
        'https://*.googletagmanager.com',
        'https://app123-1.algolianet.com',
        'https://app123-2.algolianet.com',
        'https://app123-3.algolianet.com',
        'https://app123-dsn.algolia.net',
        'https://insights.algolia.io',
        'https://tracker.example.com',
        'https://unleash.example.com',
        'https://widget.example.org',
        'https://www.googletagmanager.com',
      ],
      'frame-src': ['https://www.googletagmanager.com'],
    });
  });

  it('each come with their own variable only', () => {
    expect(hostsByDirective({ALGOLIA_APP_ID: 'APP123', ALGOLIA_SEARCH_API_KEY: 'k1', ALGOLIA_INDEX_NAME: 'docs'})).toEqual({
      'connect-src': ['https://app123-1.algolianet.com', 'https://app123-2.algolianet.com', 'https://app123-3.algolianet.com', 'https://app123-dsn.algolia.net'],
    });
    expect(hostsByDirective({VISITOR_TRACKING_SCRIPT_URL: 'https://t.example.com:8443/t.js', VISITOR_TRACKING_CLIENT_ID: 'c'})).toEqual({
      'script-src': ['https://t.example.com:8443'],
      'img-src': ['https://t.example.com:8443'],
      'connect-src': ['https://t.example.com:8443'],
    });
    expect(hostsByDirective({API_SERVER_URL: 'http://unleash.internal:4242'})).toEqual({'connect-src': ['http://unleash.internal:4242']});
  });

  it('name the search-insights script DocSearch really loads', () => {
    const bundle = fs.readFileSync(path.join(path.dirname(require.resolve('@docsearch/react/package.json')), 'dist/esm/index.js'), 'utf8');
    const loader = /"https:\/\/cdn\.jsdelivr\.net\/npm\/search-insights@"\.concat\((\w+),"(\/dist\/search-insights\.min\.js)"\)/.exec(bundle);
    expect(loader, 'the search-insights loader in @docsearch/react').not.toBeNull();
    const version = new RegExp(`[,;\\s]${loader![1]}="(\\d+\\.\\d+\\.\\d+)"`).exec(bundle)?.[1];
    expect(`https://cdn.jsdelivr.net/npm/search-insights@${version}${loader![2]}`).toBe(SEARCH_INSIGHTS_SCRIPT);
  });
});

describe('a third-party URL the policy cannot name stops the build', () => {
  it.each([
    ['VISITOR_TRACKING_SCRIPT_URL', 'http://tracker.example.com/t.js', {VISITOR_TRACKING_CLIENT_ID: 'c'}],
    ['VISITOR_TRACKING_SCRIPT_URL', 'https://tracker_1.example.com/t.js', {VISITOR_TRACKING_CLIENT_ID: 'c'}],
    ['VISITOR_TRACKING_SCRIPT_URL', 'https://[::1]/t.js', {VISITOR_TRACKING_CLIENT_ID: 'c'}],
    ['ASSISTANT_WIDGET_SCRIPT_URL', 'http://widget.example.org/w.js', {ASSISTANT_WIDGET_WEBSITE_ID: 'w'}],
    ['ASSISTANT_WIDGET_SCRIPT_URL', 'https://user:secret@widget.example.org/w.js', {ASSISTANT_WIDGET_WEBSITE_ID: 'w'}],
    ['ASSISTANT_WIDGET_SCRIPT_URL', 'https://wid get.example.org/w.js', {ASSISTANT_WIDGET_WEBSITE_ID: 'w'}],
    ['ASSISTANT_WIDGET_PROJECT_LOGO', 'https://img*.example.org/logo.png', {ASSISTANT_WIDGET_SCRIPT_URL: 'https://w.example.org/w.js', ASSISTANT_WIDGET_WEBSITE_ID: 'w'}],
    ['API_SERVER_URL', 'https://unleash_host.example.com', {}],
  ] as const)('%s=%s', (name, value, others) => {
    const parse = () => parseEnv({...others, [name]: value});
    expect(parse).toThrow(EnvError);
    expect(parse).toThrow(`Invalid environment variable ${name}=${JSON.stringify(value)}: expected ${ENV_VARIABLES[name]}.`);
  });
});
