/**
 * The generated HTTP API reference: docusaurus-plugin-openapi-docs turns the bundled
 * OpenAPI description (scripts/openapi/bundle.ts) into one page per operation under
 * docs/reference/api/unleash, with a category page per tag.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin, PluginConfig} from '@docusaurus/types';
import type {SiteEnv} from './env';
import {repoRoot} from './paths';
import {originSource, type PolicySources} from '../plugins/security-headers/policy';

export const API_OUTPUT_DIR = 'docs/reference/api/unleash';
export const API_BUNDLE = path.join(repoRoot, '.docusaurus/openapi/unleash.json');
/** Where the bundled description can be downloaded, linked from the API introduction. */
export const API_DOWNLOAD_ROUTE = '/reference/api/unleash/openapi.json';

/** The code-sample tabs of every operation, in this order, each with one client library. */
export const API_LANGUAGE_TABS = [
  {highlight: 'bash', language: 'curl', codeSampleLanguage: 'cURL', logoClass: 'curl', variant: 'cURL'},
  {highlight: 'python', language: 'python', codeSampleLanguage: 'Python', logoClass: 'python', variant: 'Requests'},
  {highlight: 'go', language: 'go', codeSampleLanguage: 'Go', logoClass: 'go', variant: 'Native'},
  {highlight: 'javascript', language: 'nodejs', codeSampleLanguage: 'JavaScript', logoClass: 'nodejs', variant: 'Native'},
  {highlight: 'ruby', language: 'ruby', codeSampleLanguage: 'Ruby', logoClass: 'ruby', variant: 'Net::HTTP'},
  {highlight: 'csharp', language: 'csharp', codeSampleLanguage: 'C#', logoClass: 'csharp', variant: 'HttpClient'},
  {highlight: 'php', language: 'php', codeSampleLanguage: 'PHP', logoClass: 'php', variant: 'cURL'},
  {highlight: 'java', language: 'java', codeSampleLanguage: 'Java', logoClass: 'java', variant: 'OkHttp'},
  {highlight: 'powershell', language: 'powershell', codeSampleLanguage: 'PowerShell', logoClass: 'powershell', variant: 'RestMethod'},
].map((tab) => ({...tab, variants: [tab.variant]}));

/**
 * The request explorer's "Send API Request" goes to the server the API pages name
 * (API_SERVER_URL): with a real URL configured, its host is one the pages may connect to.
 * The placeholder `<your-unleash-url>` makes the request relative, to the site itself.
 */
export function apiExplorerSources(env: SiteEnv): PolicySources {
  return env.apiServerUrl === '<your-unleash-url>' ? {} : {'connect-src': [originSource(env.apiServerUrl)]};
}

export function apiPlugin(): PluginConfig {
  return [
    'docusaurus-plugin-openapi-docs',
    {
      id: 'api',
      docsPluginId: 'classic',
      config: {
        unleash: {
          specPath: API_BUNDLE,
          outputDir: path.join(repoRoot, API_OUTPUT_DIR),
          sidebarOptions: {groupPathsBy: 'tag', categoryLinkSource: 'tag'},
          showSchemas: false,
        },
      },
    },
  ];
}

/**
 * Publishes the bundled description (the one the pages are generated from) in the build at
 * API_DOWNLOAD_ROUTE. A build without a bundle, such as a test fixture site, gets a warning.
 */
export function apiDownloadPlugin(bundleFile = API_BUNDLE): PluginConfig {
  // The API changelog's data (scripts/api-versions/changelogPage.ts) is published beside it.
  const downloads = [
    {file: bundleFile, route: API_DOWNLOAD_ROUTE},
    {file: path.join(path.dirname(bundleFile), 'changelog.json'), route: '/reference/api/unleash/changelog.json'},
  ];
  return (): Plugin => ({
    name: 'api-download',
    async postBuild({outDir}) {
      for (const {file, route} of downloads) {
        if (!fs.existsSync(file)) {
          console.warn(`[api-download] ${path.relative(repoRoot, file)} is missing (run npm run api:generate), so ${route} is not published`);
          continue;
        }
        const target = path.join(outDir, ...route.split('/'));
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.copyFileSync(file, target);
      }
    },
  });
}
