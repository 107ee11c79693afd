/**
 * The request column of every operation page, prepared when the pages are generated, so that a
 * reader's browser needs no script to show it. For each `*.api.mdx` the API theme's generator
 * wrote:
 *
 * - `<page>.RequestColumn.json`: method, URL, parameters, authentication options, the example
 *   body and the code sample of every language (config/api.ts API_LANGUAGE_TABS), generated
 *   as the theme's explorer generates them (src/components/ApiRequest/samples.ts, with
 *   postman-code-generators) and highlighted as every code block of the site is
 *   (plugins/code-highlight). src/theme/ApiExplorer renders it on the server.
 * - `<page>.Explorer.json`: the operation as the explorer needs it (the theme's `api` item,
 *   with its Postman request). The page's `api` front matter held it compressed and base64
 *   encoded, twice in the page's chunk and decompressed with pako on every load; it becomes
 *   `api: true` (the mark that the page is an operation page), and the item loads with the
 *   explorer when the reader asks for it.
 * - In the page: the two files as exports (`apiRequest`, `apiItem`; the browser loads them when
 *   they are needed, plugins/api-pages/lazyProps.cjs), the server URL on
 *   <MethodEndpoint>, and no imports of theme components the page does not use.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {createRequire} from 'node:module';
import {API_LANGUAGE_TABS} from '../../config/api';
import {codeHighlighter} from '../../config/codeHighlight';
import {loadLanguages} from '../../plugins/code-highlight/highlight';
import {
  emptyAuth,
  initialState,
  optionLabel,
  sampleCode,
  sampleRequest,
  schemeLabel,
  type ApiOperation,
  type ApiParameter,
  type GeneratorDeps,
} from '../../src/components/ApiRequest/samples';
import type {RequestColumnData} from '../../src/components/ApiRequest/types';
import {markdownRenderer} from './prerender';

const nodeRequire = createRequire(__filename);

/** The theme's `api` front matter: the operation, deflated and base64 encoded (pako). */
const API_FRONT_MATTER = /^api: (\S+)$/m;

export function decodeApiItem(mdx: string): ApiOperation | undefined {
  const blob = API_FRONT_MATTER.exec(mdx)?.[1];
  if (!blob || blob === 'true') return undefined;
  return JSON.parse(zlib.inflateSync(Buffer.from(blob, 'base64')).toString('utf8')) as ApiOperation;
}

/** postman-collection, the theme's request builder and postman-code-generators, in Node. */
function generatorDeps(): GeneratorDeps {
  return {
    Request: (nodeRequire('postman-collection') as {Request: GeneratorDeps['Request']}).Request,
    buildPostmanRequest: (nodeRequire('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest') as {default: GeneratorDeps['buildPostmanRequest']}).default,
    convert: (nodeRequire('postman-code-generators') as {convert: GeneratorDeps['convert']}).convert,
  };
}

/**
 * The body the explorer's editor starts with (the theme's Body component): an example built
 * from the JSON schema of the first content type, or the generator's example.
 */
export function defaultBody(item: ApiOperation): {text: string; language: string} {
  const contentType = Object.keys(item.requestBody?.content ?? {})[0];
  if (!contentType || !(contentType.includes('application/json') || contentType.endsWith('+json'))) return {text: '', language: 'plaintext'};
  const schema = item.requestBody?.content?.[contentType]?.schema as {format?: string} | undefined;
  if (schema?.format === 'binary') return {text: '', language: 'plaintext'};
  const {sampleFromSchema} = nodeRequire('docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample') as {sampleFromSchema: (schema: unknown, context: object) => unknown};
  const {resolveSchemaWithSelections} = nodeRequire('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/resolveSchemaWithSelections') as {
    resolveSchemaWithSelections: (schema: unknown, selections: object, prefix: string) => unknown;
  };
  const example = schema ? sampleFromSchema(resolveSchemaWithSelections(schema, {}, 'requestBody'), {type: 'request'}) : item.jsonRequestBodyExample;
  return {text: example ? JSON.stringify(example, null, 2) : '', language: 'json'};
}

const typeOf = (param: ApiParameter) => (param.schema?.type === 'array' ? `${param.schema.items?.type ?? 'string'}[]` : (param.schema?.type ?? 'string'));

/** What the request column shows and its form starts with, for one operation. */
export function requestColumnData(item: ApiOperation, render: (markdown: string) => string, deps = generatorDeps()): RequestColumnData {
  const auth = emptyAuth(item);
  const body = defaultBody(item);
  const state = initialState(item, auth, body.text);
  const scope = globalThis as {window?: unknown};
  const hadWindow = 'window' in scope;
  // The theme's request builder reads the page's origin, which a configured server replaces.
  if (!hadWindow) scope.window = {location: {origin: ''}, btoa: (text: string) => Buffer.from(text, 'binary').toString('base64')};
  let request: unknown;
  try {
    request = sampleRequest(deps, item, state);
  } finally {
    if (!hadWindow) delete scope.window;
  }
  const highlighter = codeHighlighter();
  loadLanguages(['powershell']);
  const samples = API_LANGUAGE_TABS.map((tab) => {
    const code = sampleCode(deps, request, {language: tab.language, variant: tab.variant, highlight: tab.highlight});
    return {language: tab.language, logo: tab.logoClass, highlight: tab.highlight, variant: tab.variant, code, html: highlighter.toHtml(code, tab.highlight, {lineNumbers: true})};
  });
  const parameters = Object.values(state.params)
    .flat()
    .map((param) => ({
      name: param.name,
      in: param.in,
      required: Boolean(param.required),
      type: typeOf(param),
      ...(param.value !== undefined && !Array.isArray(param.value) ? {value: String(param.value)} : {}),
      ...(param.schema?.enum ? {enum: param.schema.enum.map(String)} : param.schema?.type === 'boolean' ? {enum: ['true', 'false']} : {}),
    }));
  return {
    method: item.method,
    path: item.path,
    server: item.servers?.[0]?.url ?? '',
    parameters,
    auth: Object.entries(auth.options).map(([id, schemes]) => ({
      id,
      label: optionLabel(schemes),
      schemes: schemes.map((scheme) => ({
        key: scheme.key,
        label: schemeLabel(scheme),
        fields: Object.keys(auth.data[scheme.key] ?? {}),
        ...(scheme.description ? {description: render(scheme.description)} : {}),
      })),
    })),
    body: body.text,
    bodyLanguage: body.language,
    samples,
  };
}

/** The page's MDX with the explorer's item out of its front matter and the column's files exported. */
export function rewriteOperationPage(mdx: string, id: string, server: string): string {
  let page = mdx.replace(API_FRONT_MATTER, 'api: true');
  page = page.replace(/<MethodEndpoint\n/, `<MethodEndpoint\n  server={${JSON.stringify(server)}}\n`);
  // Imported by every generated page, used only by pages with callbacks or tab groups.
  for (const name of ['OperationTabs', 'TabItem']) {
    if (!page.includes(`<${name}`)) page = page.replace(new RegExp(`^import ${name} from "@theme/${name}";\\n`, 'm'), '');
  }
  return `${page.trimEnd()}\n\nexport const apiRequest = require("./${id}.RequestColumn.json");\n\nexport const apiItem = require("./${id}.Explorer.json");\n`;
}

/** Writes every operation page's column and item files and rewrites the page; returns how many. */
export async function writeRequestColumns(dir: string): Promise<number> {
  const render = await markdownRenderer();
  const deps = generatorDeps();
  let count = 0;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.api.mdx'))) {
    const target = path.join(dir, file);
    const mdx = fs.readFileSync(target, 'utf8');
    const item = decodeApiItem(mdx);
    if (!item) continue;
    const id = file.replace(/\.api\.mdx$/, '');
    const column = requestColumnData(item, render, deps);
    fs.writeFileSync(path.join(dir, `${id}.RequestColumn.json`), JSON.stringify(column));
    fs.writeFileSync(path.join(dir, `${id}.Explorer.json`), JSON.stringify(item));
    fs.writeFileSync(target, rewriteOperationPage(mdx, id, column.server));
    count += 1;
  }
  return count;
}
