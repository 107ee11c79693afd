import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {API_LANGUAGE_TABS} from '../../config/api';
import {emptyAuth, initialState, maskedAuth, schemeLabel, type ApiOperation} from '../../src/components/ApiRequest/samples';
import {decodeApiItem, defaultBody, requestColumnData, rewriteOperationPage} from './requestColumn';

const operation: ApiOperation = {
  method: 'post',
  path: '/api/admin/projects/{projectId}/features',
  parameters: [
    {name: 'projectId', in: 'path', required: true, schema: {type: 'string', example: 'webshop'}},
    {name: 'dryRun', in: 'query', schema: {type: 'boolean'}},
  ],
  requestBody: {
    required: true,
    content: {'application/json': {schema: {type: 'object', required: ['name'], properties: {name: {type: 'string', example: 'checkout-redesign'}}}}},
  },
  responses: {201: {content: {'application/json': {}}}, 400: {content: {'application/json': {}}}},
  servers: [{url: '<your-unleash-url>'}],
  security: [{apiKey: []}, {bearerToken: []}],
  securitySchemes: {
    apiKey: {type: 'apiKey', in: 'header', name: 'Authorization', description: 'An Unleash API token in the `Authorization` header.'},
    bearerToken: {type: 'http', scheme: 'bearer', description: 'The same token as a Bearer token.'},
  },
  postman: {
    name: 'Create a feature flag',
    url: {path: ['api', 'admin', 'projects', ':projectId', 'features'], host: ['{{baseUrl}}'], query: [{key: 'dryRun', value: ''}], variable: [{key: 'projectId', value: ''}]},
    header: [
      {key: 'Content-Type', value: 'application/json'},
      {key: 'Accept', value: 'application/json'},
    ],
    method: 'POST',
    body: {mode: 'raw', raw: ''},
  },
};

const render = (markdown: string) => `<p>${markdown}</p>`;

describe('the request column prepared when the pages are generated', () => {
  it('names each authentication scheme in words, once', () => {
    expect(schemeLabel(operation.securitySchemes!.apiKey!)).toBe('API token');
    expect(schemeLabel(operation.securitySchemes!.bearerToken!)).toBe('Bearer token');
    expect(schemeLabel({type: 'apiKey', in: 'query', name: 'key'})).toBe('API key (key query)');
    expect(schemeLabel({type: 'http', scheme: 'basic'})).toBe('Username and password');
    const column = requestColumnData(operation, render);
    expect(column.auth.map((option) => option.label)).toEqual(['API token', 'Bearer token']);
    expect(column.auth[0]!.schemes[0]).toMatchObject({key: 'apiKey', fields: ['apiKey'], description: '<p>An Unleash API token in the `Authorization` header.</p>'});
  });

  it('starts as the explorer starts: the first 2xx type, the first server, parameters at their example, the example body', () => {
    const state = initialState(operation, emptyAuth(operation), defaultBody(operation).text);
    expect(state.accept.value).toBe('application/json');
    expect(state.server.value).toEqual({url: '<your-unleash-url>'});
    expect(state.params.path[0]!.value).toBe('webshop');
    expect(state.params.query[0]!.value).toBeUndefined();
    expect(defaultBody(operation)).toEqual({text: '{\n  "name": "checkout-redesign"\n}', language: 'json'});
    expect(state.body).toEqual({type: 'raw', content: {type: 'string', value: '{\n  "name": "checkout-redesign"\n}'}});
    expect(state.auth.selected).toBe('apiKey');
  });

  it('writes a highlighted sample for every language, with the credentials as placeholders', () => {
    const column = requestColumnData(operation, render);
    expect(column.samples.map((sample) => sample.language)).toEqual(API_LANGUAGE_TABS.map((tab) => tab.language));
    const curl = column.samples[0]!;
    expect(curl.code).toContain("curl -L '<your-unleash-url>/api/admin/projects/webshop/features'");
    expect(curl.code).toContain("-H 'Authorization: <API token>'");
    expect(curl.code).toContain('"name": "checkout-redesign"');
    expect(curl.html).toContain('<span class="__codeLineNumber__"></span>');
    expect(curl.html).not.toContain('<API token>');
    for (const sample of column.samples) expect(sample.code.length, sample.language).toBeGreaterThan(50);
    expect(column.samples.find((sample) => sample.language === 'powershell')!.code).toContain('Invoke-RestMethod');
    expect(column.parameters).toEqual([
      {name: 'projectId', in: 'path', required: true, type: 'string', value: 'webshop'},
      {name: 'dryRun', in: 'query', required: false, type: 'boolean', enum: ['true', 'false']},
    ]);
  });

  it('masks every secret, filled in or not', () => {
    const auth = emptyAuth(operation);
    auth.data.apiKey!.apiKey = 'user:secret';
    expect(maskedAuth(auth).data).toEqual({apiKey: {apiKey: '<API token>'}, bearerToken: {token: '<Bearer token>'}});
    expect(auth.data.apiKey!.apiKey).toBe('user:secret');
  });

  it("moves the explorer's item out of the page's front matter and exports the column's files", () => {
    const blob = zlib.deflateSync(Buffer.from(JSON.stringify(operation))).toString('base64');
    const mdx = [
      '---',
      'id: create-feature',
      `api: ${blob}`,
      '---',
      '',
      'import MethodEndpoint from "@theme/ApiExplorer/MethodEndpoint";',
      'import OperationTabs from "@theme/OperationTabs";',
      'import TabItem from "@theme/TabItem";',
      '',
      '<MethodEndpoint',
      '  method={"post"}',
      '>',
      '</MethodEndpoint>',
    ].join('\n');
    expect(decodeApiItem(mdx)).toEqual(operation);
    const page = rewriteOperationPage(mdx, 'create-feature', '<your-unleash-url>');
    expect(page).toContain('\napi: true\n');
    expect(decodeApiItem(page)).toBeUndefined();
    expect(page).toContain('<MethodEndpoint\n  server={"<your-unleash-url>"}\n  method={"post"}');
    expect(page).not.toContain('OperationTabs');
    expect(page).not.toContain('TabItem');
    expect(page).toContain('export const apiRequest = require("./create-feature.RequestColumn.json");');
    expect(page).toContain('export const apiItem = require("./create-feature.Explorer.json");');
  });
});
