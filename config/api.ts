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
import {apiReferenceVersions} from './apiVersions';
import {docsOptions} from './docs';

export const API_OUTPUT_DIR = 'docs/reference/api/unleash';
export const API_BUNDLE = path.join(repoRoot, '.docusaurus/openapi/unleash.json');
/** The sidebar file generated with an older reference's pages (scripts/openapi/versions.ts). */
export const API_VERSION_SIDEBARS = 'sidebars.json';
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

/**
 * The OpenAPI docs plugin, with its versioning: the current reference (`version`, `label`,
 * `baseUrl`) and the older ones (`versions`, config/apiVersions.ts), each generated from its own
 * bundle into its own folder. `gen-api-docs all --all-versions` also writes the plugin's
 * versions.json beside the current pages, which the version picker is made from.
 */
export function apiPlugin(): PluginConfig {
  const [current, ...older] = apiReferenceVersions();
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
          version: current!.version,
          label: current!.label,
          baseUrl: current!.baseRoute,
          versions: Object.fromEntries(
            older.map((version) => [
              version.version,
              {specPath: version.bundleFile, outputDir: path.join(repoRoot, version.outputDir), label: version.label, baseUrl: version.baseRoute},
            ]),
          ),
        },
      },
    },
  ];
}

/**
 * The pages of each older reference are a docs plugin instance of their own (config/apiVersions.ts:
 * `api-7` at /reference/api/unleash/v7), with their own sidebar and search tag
 * (`docs-api-7-current`), so a plain doc page carries none of their metadata. An instance is
 * added only once its pages are generated (npm run api:generate).
 */
export function apiVersionDocsPlugins(repository: string, baseUrl: string): PluginConfig[] {
  return apiReferenceVersions()
    .filter((version) => !version.current && fs.existsSync(path.join(repoRoot, version.outputDir, API_VERSION_SIDEBARS)))
    .map((version) => [
      '@docusaurus/plugin-content-docs',
      docsOptions(
        repository,
        {
          id: version.docsPluginId,
          path: path.join(repoRoot, version.outputDir),
          routeBasePath: version.baseRoute.slice(1),
          sidebarPath: path.join(repoRoot, version.outputDir, API_VERSION_SIDEBARS),
          sidebarItemsGenerator: undefined,
          editUrl: undefined,
          showLastUpdateTime: false,
          versions: {current: {label: version.label, path: ''}},
          exclude: [],
        },
        baseUrl,
      ),
    ]);
}

/**
 * Publishes the bundled description (the one the pages are generated from) in the build at
 * API_DOWNLOAD_ROUTE. A build without a bundle, such as a test fixture site, gets a warning.
 */
export function apiDownloadPlugin(bundleFile = API_BUNDLE): PluginConfig {
  // The API changelog's data (scripts/api-versions/changelogPage.ts) is published beside it.
  const downloads = [
    {file: bundleFile, route: API_DOWNLOAD_ROUTE},
    // Each older reference's description beside its pages (/reference/api/unleash/v7/openapi.json).
    ...apiReferenceVersions()
      .filter((version) => !version.current)
      .map((version) => ({file: path.join(path.dirname(bundleFile), path.basename(version.bundleFile)), route: version.downloadRoute})),
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
