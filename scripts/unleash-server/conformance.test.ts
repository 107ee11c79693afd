import {describe, expect, it} from 'vitest';
import {availabilityBadge, compare, copiedProse, operationsOf, planMarkProblems, shapeOf, type ConformanceException} from './conformance';

type Json = Record<string, any>;

const json = (schema: Json) => ({'application/json': {schema}});
const user = {type: 'object', required: ['id'], properties: {id: {type: 'integer'}, name: {type: 'string'}}};

function server(): Json {
  return {
    openapi: '3.0.3',
    components: {schemas: {userSchema: user, usersSchema: {type: 'array', items: {$ref: '#/components/schemas/userSchema'}}}},
    paths: {
      '/api/admin/users/{id}': {
        get: {
          operationId: 'getUser',
          summary: 'Get a user',
          description: 'Returns the user with the given numeric identifier from the database.',
          parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}],
          responses: {200: {description: 'ok', content: json({$ref: '#/components/schemas/userSchema'})}, 401: {description: 'no'}},
        },
      },
      '/api/admin/users': {
        get: {operationId: 'getUsers', parameters: [{name: 'q', in: 'query', schema: {type: 'string'}}], responses: {200: {description: 'ok', content: json({$ref: '#/components/schemas/usersSchema'})}}},
        post: {
          operationId: 'createUser',
          requestBody: {content: json({type: 'object', required: ['name'], properties: {name: {type: 'string'}, email: {type: 'string'}}})},
          responses: {201: {description: 'created'}},
        },
      },
    },
  };
}

describe('shapeOf', () => {
  it('reads top-level properties, merging allOf and uniting oneOf alternatives, and the items of arrays', () => {
    const document = server();
    expect(shapeOf(document, {$ref: '#/components/schemas/usersSchema'})).toEqual({kind: 'array', properties: ['id', 'name'], required: ['id']});
    expect(shapeOf(document, {allOf: [{$ref: '#/components/schemas/userSchema'}, {type: 'object', properties: {extra: {type: 'string'}}}]}).properties).toEqual(['extra', 'id', 'name']);
    expect(shapeOf(document, {oneOf: [{type: 'object', required: ['a'], properties: {a: {}}}, {type: 'object', required: ['a', 'b'], properties: {a: {}, b: {}}}]})).toEqual({kind: 'object', properties: ['a', 'b'], required: ['a']});
    expect(shapeOf(document, {type: 'string'}).kind).toBe('string');
  });
});

describe('compare', () => {
  it('finds nothing when the descriptions agree', () => {
    const report = compare(server(), server(), []);
    expect(report).toMatchObject({serverOperations: 3, ourOperations: 3, consistent: 3, failures: [], stale: []});
  });

  it('names the operation and the exact difference', () => {
    const ours = server();
    ours.paths['/api/admin/users'].get.parameters[0].required = true;
    ours.paths['/api/admin/users'].post.requestBody.content['application/json'].schema.properties.username = {type: 'string'};
    ours.paths['/api/admin/users'].post.responses = {200: {description: 'ok'}};
    ours.paths['/api/admin/users/{id}'].get.responses[200].content = json({type: 'object', properties: {id: {}}});
    ours.paths['/api/admin/users/{id}'].get.deprecated = true;
    expect(compare(server(), ours, []).failures).toEqual([
      'GET /api/admin/users/{id} (getUser): deprecated: the server says false, ours true',
      'GET /api/admin/users/{id} (getUser): 200 response properties: missing name',
      'GET /api/admin/users/{id} (getUser): 200 response required: missing id',
      'GET /api/admin/users (getUsers): parameters: missing query:q; extra query:q (required)',
      'POST /api/admin/users (createUser): request body properties: extra username',
      'POST /api/admin/users (createUser): status codes: missing 201; extra 200',
    ]);
  });

  it('tells a renamed path parameter from a missing operation, and needs an exception for extra operations', () => {
    const ours = server();
    ours.paths['/api/admin/users/{userId}'] = ours.paths['/api/admin/users/{id}'];
    delete ours.paths['/api/admin/users/{id}'];
    ours.paths['/api/admin/roles'] = {put: {operationId: 'updateRoles', responses: {200: {description: 'ok'}}}};
    const failures = compare(server(), ours, []).failures;
    expect(failures).toContain('GET /api/admin/users/{id} (getUser): ours names its path parameters differently: GET /api/admin/users/{userId}');
    expect(failures).toContain('PUT /api/admin/roles (updateRoles): not served by unleash-server and not in the exceptions');
  });

  it('accepts reviewed exceptions and reports the ones that no longer apply', () => {
    const ours = server();
    ours.paths['/api/admin/roles'] = {put: {operationId: 'updateRoles', responses: {200: {description: 'ok'}}}};
    ours.paths['/api/admin/users'].post.responses = {200: {description: 'ok'}};
    const exceptions: ConformanceException[] = [
      {operation: 'PUT /api/admin/roles', reason: 'enterprise', note: 'Only in the commercial editions.'},
      {operation: 'POST /api/admin/users', reason: 'handler', note: 'The handler answers 200.', source: 'src/lib/x.ts:1', allows: ['status codes: missing 201; extra 200']},
      {operation: 'GET /api/admin/users', reason: 'handler', note: 'Nothing differs here.', source: 'src/lib/x.ts:2', allows: ['parameters: extra query:z']},
      {operation: 'GET /api/admin/users/{id}', reason: 'kept', note: 'The server has it after all.'},
      {operation: 'DELETE /api/admin/gone', reason: 'kept', note: 'Neither side has it.'},
    ];
    const report = compare(server(), ours, exceptions);
    expect(report.failures).toEqual([]);
    expect(report.consistent).toBe(3);
    expect(report.exceptionsByReason).toEqual({enterprise: 1, kept: 2, handler: 2});
    expect(report.stale).toEqual([
      'GET /api/admin/users/{id}: listed as kept, but the server has this operation',
      'GET /api/admin/users: the handler exception allows "parameters: extra query:z", which is no longer a difference',
      'DELETE /api/admin/gone: listed in the exceptions but not in our description',
    ]);
  });
});

describe('copiedProse', () => {
  it('finds summaries and descriptions of more than six words that equal the server text, ignoring case and punctuation', () => {
    const ours = server();
    ours.paths['/api/admin/users/{id}'].get.description = 'Returns the USER with the given numeric identifier, from the database';
    ours.paths['/api/admin/users/{id}'].get.summary = 'Get a user';
    expect(copiedProse(server(), ours)).toEqual(["GET /api/admin/users/{id} description is the server's GET /api/admin/users/{id} description word for word"]);
  });
});

describe('planMarkProblems', () => {
  const operation = (fields: Json) => operationsOf({paths: {'/x': {put: {operationId: 'x', responses: {}, ...fields}}}}).get('PUT /x')!;

  it('wants the plans extension and the badge after a first sentence', () => {
    expect(planMarkProblems(operation({description: 'Changes x.'}))[0]).toMatch(/x-unleash-plans/);
    expect(planMarkProblems(operation({'x-unleash-plans': ['Enterprise'], description: 'Changes x.'}))[0]).toMatch(/availability badge/);
    expect(planMarkProblems(operation({'x-unleash-plans': ['Pro', 'Enterprise'], description: `Changes x.\n\n${availabilityBadge(['Pro', 'Enterprise'])}`}))).toEqual([]);
    expect(planMarkProblems(operation({'x-unleash-plans': ['Enterprise'], description: availabilityBadge(['Enterprise'])}))[0]).toMatch(/start the description/);
  });
});
