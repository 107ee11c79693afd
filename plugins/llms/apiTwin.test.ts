import {describe, expect, it} from 'vitest';
import {apiOperations, operationTwin, tagTwin, typeLabel, type OpenApiDocument} from './apiTwin';
import {twinPath} from './twinPath';

const document: OpenApiDocument = {
  info: {title: 'Test API'},
  servers: [{url: 'https://unleash.example.com'}],
  security: [{apiKey: []}],
  tags: [{name: 'Features', description: 'Create and read flags.'}],
  components: {
    securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'Authorization', description: 'An API token in the Authorization header'}},
    parameters: {projectId: {name: 'projectId', in: 'path', required: true, description: 'The project id.', schema: {type: 'string'}}},
    schemas: {
      createFeatureSchema: {type: 'object', required: ['name'], properties: {name: {type: 'string', description: 'Unique name.'}, type: {type: 'string', enum: ['release', 'kill-switch']}}},
      featureSchema: {allOf: [{$ref: '#/components/schemas/createFeatureSchema'}, {type: 'object', properties: {tags: {type: 'array', items: {$ref: '#/components/schemas/tagSchema'}}}}]},
      tagSchema: {type: 'object', properties: {value: {type: 'string'}}},
    },
  },
  paths: {
    '/api/admin/projects/{projectId}/features': {
      post: {
        operationId: 'createFeature',
        tags: ['Features'],
        summary: 'Create a feature flag',
        description: 'Creates a flag in the project.',
        parameters: [{$ref: '#/components/parameters/projectId'}, {name: 'dryRun', in: 'query', schema: {type: 'boolean'}, description: 'Validate | only.'}],
        requestBody: {required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/createFeatureSchema'}, example: {name: 'checkout'}}}},
        responses: {
          '201': {description: 'The created flag.', content: {'application/json': {schema: {$ref: '#/components/schemas/featureSchema'}}}},
          '409': {description: 'A flag with that name exists.'},
        },
      },
    },
  },
};

describe('API page twins', () => {
  const [operation] = apiOperations(document);

  it('find operations under the ids the page generator gives them', () => {
    expect(apiOperations(document).map(({id, method, path}) => ({id, method, path}))).toEqual([{id: 'create-feature', method: 'post', path: '/api/admin/projects/{projectId}/features'}]);
  });

  it('describe an operation: method and path, authorization, parameters, body, responses and a request', () => {
    const twin = operationTwin(document, operation!, 'https://unleash.example.com');
    expect(twin).toMatch(/^# Create a feature flag\n\n`POST \/api\/admin\/projects\/\{projectId\}\/features`\n\nCreates a flag in the project\.\n/);
    expect(twin).toContain('Send one of: `apiKey` (An API token in the Authorization header).');
    expect(twin).toContain('## Path parameters\n\n| Name | Type | Required | Description |\n| --- | --- | --- | --- |\n| `projectId` | string | yes | The project id. |');
    expect(twin).toContain('| `dryRun` | boolean | no | Validate \\| only. |');
    expect(twin).toContain('## Request body (application/json, required)\n\nSchema: `createFeatureSchema`');
    expect(twin).toContain('| `type` | "release" \\| "kill-switch" | no |  |');
    expect(twin).toContain('```json\n{\n  "name": "checkout"\n}\n```');
    // allOf parts are merged into one field table.
    expect(twin).toContain('### 201\n\nThe created flag.\n\nSchema: `featureSchema`');
    expect(twin).toContain('| `tags` | array of tagSchema | no |  |');
    expect(twin).toContain('### 409\n\nA flag with that name exists.');
    expect(twin).toContain("curl -X POST 'https://unleash.example.com/api/admin/projects/<projectId>/features' \\\n  -H 'Authorization: <API token>' \\\n  -H 'Content-Type: application/json' \\\n  --data @request.json");
  });

  it('label types through references, arrays and unions', () => {
    expect(typeLabel(document, {$ref: '#/components/schemas/tagSchema'})).toBe('tagSchema');
    expect(typeLabel(document, {type: 'array', items: {type: 'string', format: 'date-time'}})).toBe('array of string (date-time)');
    expect(typeLabel(document, {oneOf: [{type: 'string'}, {type: 'integer'}]})).toBe('string or integer');
  });

  it('list a tag’s operations with links to their twins', () => {
    const twin = tagTwin('Features', 'Create and read flags.', [{title: 'Create a feature flag', method: 'post', path: '/x', twin: '/reference/api/unleash/create-feature.md'}]);
    expect(twin).toBe('# Features\n\nCreate and read flags.\n\n## Operations\n\n- [Create a feature flag](/reference/api/unleash/create-feature.md): `POST /x`\n');
  });

  it('live at the route plus .md, the home page at /index.md', () => {
    expect(twinPath('/reference/segments')).toBe('/reference/segments.md');
    expect(twinPath('/feature-flag-tutorials/react/')).toBe('/feature-flag-tutorials/react.md');
    expect(twinPath('/')).toBe('/index.md');
  });
});
