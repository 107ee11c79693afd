/**
 * The OpenAPI description under openapi/: bundles, lints clean with Redocly, documents every
 * operation the route contract names, and every example validates against its schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import kebabCase from 'lodash/kebabCase';
import {bundle} from '../scripts/openapi/bundle';
import {lintErrors} from './lint';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const document = bundle();
const operations = Object.entries(document.paths as Json).flatMap(([route, item]) =>
  Object.entries(item as Json)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({route, method, operation: operation as Json})),
);

function contractSlugs(): string[] {
  return fs
    .readFileSync(path.join(__dirname, '../contract/routes.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('api-operation\t'))
    .map((line) => line.split('\t')[1]!.trim())
    .filter((route) => route !== '/reference/api/unleash')
    .map((route) => route.replace('/reference/api/unleash/', ''));
}

/** OpenAPI 3.0 schema → JSON Schema for Ajv: `nullable` becomes a null type, refs stay local. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const {nullable, example: _example, ...rest} = schema as Json;
  const converted: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    converted[key] = key === '$ref' ? String(value).replace('#/components/schemas/', '#/definitions/') : key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([name, property]) => [name, toJsonSchema(property)])) : toJsonSchema(value);
  }
  if (nullable) {
    if (converted.type) converted.type = [converted.type, 'null'].flat();
    else if (converted.$ref || converted.allOf || converted.oneOf || converted.anyOf) return {anyOf: [converted, {type: 'null'}]};
    if (converted.enum && !converted.enum.includes(null)) converted.enum = [...converted.enum, null];
  }
  return converted;
}

describe('OpenAPI description', () => {
  it('lints with zero errors under the recommended Redocly rules', async () => {
    // unleash-server itself has GET /api/admin/api-tokens/{name} beside PUT and DELETE
    // /api/admin/api-tokens/{token}; the description keeps the server's parameter names.
    const errors = await lintErrors(document, 'unleash.json', {'no-identical-paths': 'off'});
    expect(errors).toEqual([]);
  }, 60_000);

  it('has every operation of the route contract, one page per operationId', () => {
    const slugs = operations.map(({operation}) => kebabCase(operation.operationId));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual(expect.arrayContaining(contractSlugs()));
    expect(contractSlugs().length).toBeGreaterThan(200);
  });

  it('documents each operation fully', () => {
    const tags = new Set((document.tags as Json[]).map((tag) => tag.name));
    for (const {route, method, operation} of operations) {
      const where = `${method.toUpperCase()} ${route}`;
      expect(operation.summary, where).toBeTruthy();
      expect(String(operation.description ?? '').length, where).toBeGreaterThan(40);
      expect(operation.tags?.length, where).toBe(1);
      expect(tags.has(operation.tags[0]), `${where} uses undeclared tag ${operation.tags[0]}`).toBe(true);
      expect(operation.security ?? document.security, where).toBeDefined();
      expect(Object.keys(operation.responses).some((code) => /^2\d\d$/.test(code)), where).toBe(true);
      for (const parameter of operation.parameters ?? []) {
        const resolved = parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop()] : parameter;
        expect(resolved.schema?.type ?? resolved.schema?.$ref, `${where} parameter ${resolved.name}`).toBeTruthy();
        expect(resolved.description, `${where} parameter ${resolved.name}`).toBeTruthy();
      }
    }
  });

  it('has examples that validate against their schemas', () => {
    const ajv = new Ajv({strict: false, allErrors: true});
    addFormats(ajv);
    const definitions = toJsonSchema(document.components.schemas) as Json;
    const failures: string[] = [];
    let checked = 0;
    const check = (where: string, schema: unknown, example: unknown) => {
      checked += 1;
      const validate = ajv.compile({...(toJsonSchema(schema) as Json), definitions});
      if (!validate(example)) failures.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const {route, method, operation} of operations) {
      const where = `${method.toUpperCase()} ${route}`;
      const media = operation.requestBody?.content?.['application/json'];
      if (media?.example !== undefined) check(`${where} request`, media.schema, media.example);
      for (const [code, response] of Object.entries(operation.responses as Json)) {
        const content = (response as Json).content?.['application/json'];
        if (content?.example !== undefined) check(`${where} ${code}`, content.schema, content.example);
      }
    }
    for (const [name, response] of Object.entries(document.components.responses as Json)) {
      const content = (response as Json).content?.['application/json'];
      if (content?.example !== undefined) check(`responses.${name}`, content.schema, content.example);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
