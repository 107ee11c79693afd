/**
 * The generated HTTP API reference: docusaurus-plugin-openapi-docs turns the bundled
 * OpenAPI description (scripts/openapi/bundle.ts) into one page per operation under
 * docs/reference/api/unleash, with a category page per tag.
 */
import path from 'node:path';
import type {PluginConfig} from '@docusaurus/types';
import {repoRoot} from './paths';

export const API_OUTPUT_DIR = 'docs/reference/api/unleash';
export const API_BUNDLE = path.join(repoRoot, '.docusaurus/openapi/unleash.json');

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
