/**
 * Compares our hand-written OpenAPI description (openapi/, bundled) with the one the pinned
 * unleash-server serves (openapi/server/openapi.json, saved by `npm run api:real`).
 *
 * For every operation the server emits, ours must have the same method and path (parameter
 * names included), the same path and query parameters (name, required), the same request-body
 * properties and required fields, the same response status codes, and the same property names
 * in each 2xx JSON body (top level of an object schema; the item's properties for an array).
 * Every operation of ours that the server lacks, and every deliberate difference where the
 * server's declaration is wrong about its own handler, must be listed in
 * openapi/server/exceptions.yaml with a reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from '../content/pages';

type Json = Record<string, any>;

export const EXCEPTIONS_FILE = path.join(repoRoot, 'openapi/server/exceptions.yaml');
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** `GET /api/admin/projects/{projectId}` */
export type OperationKey = string;

export interface OperationRef {
  key: OperationKey;
  method: string;
  path: string;
  operation: Json;
}

export function operationsOf(document: Json): Map<OperationKey, OperationRef> {
  const operations = new Map<OperationKey, OperationRef>();
  for (const [route, item] of Object.entries((document.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${route}`;
      operations.set(key, {key, method, path: route, operation});
    }
  }
  return operations;
}

/** Follows local `$ref`s (`#/components/...`) until it reaches a value. */
export function resolve(document: Json, value: unknown): Json {
  let current = value as Json | undefined;
  for (let depth = 0; current && typeof current.$ref === 'string'; depth += 1) {
    if (depth > 20) throw new Error(`$ref loop at ${current.$ref}`);
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, not ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, name) => (node as Json | undefined)?.[name], document) as Json | undefined;
    if (current === undefined) throw new Error(`$ref ${ref} points at nothing`);
  }
  return current ?? {};
}

export interface BodyShape {
  /** `object`, `array` (of the item's properties), or the schema's scalar type. */
  kind: string;
  properties: string[];
  required: string[];
}

/**
 * The top-level shape of a schema: an object's property names and required fields (`allOf`
 * parts merged, `oneOf`/`anyOf` alternatives united), or those of an array's items.
 */
export function shapeOf(document: Json, schema: unknown): BodyShape {
  const resolved = resolve(document, schema);
  if (resolved.type === 'array') {
    const item = shapeOf(document, resolved.items);
    return {kind: item.kind === 'object' ? 'array' : `array of ${item.kind}`, properties: item.properties, required: item.required};
  }
  const properties = new Set<string>();
  const required = new Set<string>();
  let isObject = resolved.type === 'object' || resolved.properties !== undefined || resolved.additionalProperties !== undefined;
  for (const name of Object.keys((resolved.properties ?? {}) as Json)) properties.add(name);
  for (const name of (resolved.required ?? []) as string[]) required.add(name);
  for (const part of (resolved.allOf ?? []) as unknown[]) {
    const shape = shapeOf(document, part);
    if (shape.kind !== 'object') continue;
    isObject = true;
    shape.properties.forEach((name) => properties.add(name));
    shape.required.forEach((name) => required.add(name));
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const alternatives = ((resolved[key] ?? []) as unknown[]).map((part) => shapeOf(document, part)).filter((shape) => shape.kind === 'object');
    if (alternatives.length === 0) continue;
    isObject = true;
    alternatives.forEach((shape) => shape.properties.forEach((name) => properties.add(name)));
    // A field counts as required when every alternative requires it.
    for (const name of alternatives[0]!.required) if (alternatives.every((shape) => shape.required.includes(name))) required.add(name);
  }
  if (!isObject) return {kind: String(resolved.type ?? 'any'), properties: [], required: []};
  return {kind: 'object', properties: [...properties].sort(), required: [...required].sort()};
}

export interface OperationShape {
  /** `path:name` and `query:name`, with ` (required)` for a required query parameter. */
  parameters: string[];
  body: BodyShape | null;
  statuses: string[];
  /** For each 2xx status with a JSON body: its shape. */
  responses: Record<string, BodyShape>;
}

function jsonMedia(content: Json | undefined): Json | undefined {
  if (!content) return undefined;
  const type = Object.keys(content).find((name) => name === 'application/json') ?? Object.keys(content).find((name) => /json/.test(name));
  return type ? (content[type] as Json) : undefined;
}

export function operationShape(document: Json, ref: OperationRef): OperationShape {
  const pathItem = (document.paths as Json)[ref.path] as Json;
  const parameters = [...((pathItem.parameters ?? []) as unknown[]), ...((ref.operation.parameters ?? []) as unknown[])]
    .map((parameter) => resolve(document, parameter))
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
    .map((parameter) => `${parameter.in}:${parameter.name}${parameter.in === 'query' && parameter.required ? ' (required)' : ''}`);
  const requestBody = ref.operation.requestBody ? resolve(document, ref.operation.requestBody) : undefined;
  const bodyMedia = jsonMedia(requestBody?.content as Json | undefined);
  const responses: Record<string, BodyShape> = {};
  for (const [status, response] of Object.entries((ref.operation.responses ?? {}) as Json)) {
    if (!/^2\d\d$/.test(status)) continue;
    const media = jsonMedia(resolve(document, response).content as Json | undefined);
    if (media?.schema) responses[status] = shapeOf(document, media.schema);
  }
  return {
    parameters: [...new Set(parameters)].sort(),
    body: bodyMedia?.schema ? shapeOf(document, bodyMedia.schema) : null,
    statuses: Object.keys((ref.operation.responses ?? {}) as Json).sort(),
    responses,
  };
}

const list = (values: readonly string[]) => (values.length ? values.join(', ') : 'none');

function setDifference(what: string, server: readonly string[], ours: readonly string[]): string[] {
  const missing = server.filter((value) => !ours.includes(value));
  const extra = ours.filter((value) => !server.includes(value));
  const parts = [missing.length ? `missing ${list(missing)}` : '', extra.length ? `extra ${list(extra)}` : ''].filter(Boolean);
  return parts.length ? [`${what}: ${parts.join('; ')}`] : [];
}

function bodyDifferences(what: string, server: BodyShape | null, ours: BodyShape | null): string[] {
  if (!server && !ours) return [];
  if (!server) return [`${what}: the server declares none, ours has one`];
  if (!ours) return [`${what}: the server declares ${server.kind}, ours has none`];
  if (server.kind !== ours.kind) return [`${what}: the server declares ${server.kind}, ours ${ours.kind}`];
  return [...setDifference(`${what} properties`, server.properties, ours.properties), ...setDifference(`${what} required`, server.required, ours.required)];
}

/** Every difference of our operation from the server's, each a self-explaining sentence. */
export function operationDifferences(serverDocument: Json, server: OperationRef, ourDocument: Json, ours: OperationRef): string[] {
  const a = operationShape(serverDocument, server);
  const b = operationShape(ourDocument, ours);
  const differences: string[] = [];
  // The operationId names the generated page, so it must match for links between the two to hold.
  if (server.operation.operationId !== ours.operation.operationId) differences.push(`operationId: the server says ${server.operation.operationId}, ours ${ours.operation.operationId}`);
  if (Boolean(server.operation.deprecated) !== Boolean(ours.operation.deprecated)) differences.push(`deprecated: the server says ${Boolean(server.operation.deprecated)}, ours ${Boolean(ours.operation.deprecated)}`);
  differences.push(
    ...setDifference('parameters', a.parameters, b.parameters),
    ...bodyDifferences('request body', a.body, b.body),
    ...setDifference('status codes', a.statuses, b.statuses),
  );
  for (const status of a.statuses.filter((code) => /^2\d\d$/.test(code) && b.statuses.includes(code))) {
    differences.push(...bodyDifferences(`${status} response`, a.responses[status] ?? null, b.responses[status] ?? null));
  }
  return differences;
}

export type ExceptionReason = 'enterprise' | 'kept' | 'handler';

export interface ConformanceException {
  /** `METHOD /path` as in our description. */
  operation: OperationKey;
  reason: ExceptionReason;
  /** Why, in a sentence. */
  note: string;
  /** For `handler`: the file and line of Unleash's source that shows what the handler does. */
  source?: string;
  /** For `handler`: the exact differences (as the comparison words them) this exception allows. */
  allows?: string[];
}

export class ExceptionsFileError extends Error {}

export function readExceptions(file = EXCEPTIONS_FILE): ConformanceException[] {
  const parsed = YAML.parse(fs.readFileSync(file, 'utf8')) as {exceptions?: unknown} | null;
  const entries = parsed?.exceptions;
  if (!Array.isArray(entries)) throw new ExceptionsFileError(`${path.relative(repoRoot, file)} must have an \`exceptions\` list`);
  return entries.map((entry: Json, index) => {
    const where = `${path.relative(repoRoot, file)} entry ${index + 1}`;
    if (typeof entry.operation !== 'string' || !/^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS) \//.test(entry.operation)) throw new ExceptionsFileError(`${where}: \`operation\` must be "METHOD /path"`);
    if (!['enterprise', 'kept', 'handler'].includes(entry.reason)) throw new ExceptionsFileError(`${where} (${entry.operation}): \`reason\` must be enterprise, kept or handler`);
    if (typeof entry.note !== 'string' || entry.note.trim().split(/\s+/).length < 4) throw new ExceptionsFileError(`${where} (${entry.operation}): \`note\` must say why in a sentence`);
    if (entry.reason === 'handler') {
      if (typeof entry.source !== 'string' || !/^src\/lib\/\S+\.ts:\d+$/.test(entry.source)) throw new ExceptionsFileError(`${where} (${entry.operation}): a handler exception needs \`source: src/lib/<file>.ts:<line>\``);
      if (!Array.isArray(entry.allows) || entry.allows.length === 0) throw new ExceptionsFileError(`${where} (${entry.operation}): a handler exception needs \`allows\`, the differences it accepts`);
    }
    return entry as ConformanceException;
  });
}

export interface ConformanceReport {
  serverOperations: number;
  ourOperations: number;
  /** Server operations ours describes the same way (handler exceptions included). */
  consistent: number;
  exceptionsByReason: Record<ExceptionReason, number>;
  /** Each failure names the operation and the exact difference. */
  failures: string[];
  /** Exceptions that no longer excuse anything. */
  stale: string[];
}

export function compare(serverDocument: Json, ourDocument: Json, exceptions: readonly ConformanceException[]): ConformanceReport {
  const server = operationsOf(serverDocument);
  const ours = operationsOf(ourDocument);
  const failures: string[] = [];
  const stale: string[] = [];
  const byOperation = new Map<OperationKey, ConformanceException>();
  for (const exception of exceptions) {
    if (byOperation.has(exception.operation)) stale.push(`${exception.operation}: listed twice in the exceptions`);
    byOperation.set(exception.operation, exception);
  }
  // Operations whose path differs only in parameter names, to name the real difference.
  const shapeOfPath = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
  const oursByShape = new Map([...ours.keys()].map((key) => [shapeOfPath(key), key]));
  let consistent = 0;
  for (const [key, serverOperation] of server) {
    const ourOperation = ours.get(key);
    if (!ourOperation) {
      const near = oursByShape.get(shapeOfPath(key));
      failures.push(near ? `${key} (${serverOperation.operation.operationId}): ours names its path parameters differently: ${near}` : `${key} (${serverOperation.operation.operationId}): missing from ours`);
      continue;
    }
    const exception = byOperation.get(key);
    const allowed = new Set(exception?.reason === 'handler' ? exception.allows ?? [] : []);
    const differences = operationDifferences(serverDocument, serverOperation, ourDocument, ourOperation);
    const unexcused = differences.filter((difference) => !allowed.has(difference));
    for (const difference of unexcused) failures.push(`${key} (${ourOperation.operation.operationId}): ${difference}`);
    if (exception && exception.reason !== 'handler') stale.push(`${key}: listed as ${exception.reason}, but the server has this operation`);
    for (const allowance of allowed) if (!differences.includes(allowance)) stale.push(`${key}: the handler exception allows "${allowance}", which is no longer a difference`);
    if (unexcused.length === 0) consistent += 1;
  }
  const exceptionsByReason: Record<ExceptionReason, number> = {enterprise: 0, kept: 0, handler: 0};
  for (const [key, ourOperation] of ours) {
    if (server.has(key)) continue;
    const exception = byOperation.get(key);
    if (!exception) failures.push(`${key} (${ourOperation.operation.operationId}): not served by unleash-server and not in the exceptions`);
    else if (exception.reason === 'handler') failures.push(`${key}: a handler exception needs an operation the server has`);
  }
  for (const exception of exceptions) {
    if (!ours.has(exception.operation)) stale.push(`${exception.operation}: listed in the exceptions but not in our description`);
    exceptionsByReason[exception.reason] += 1;
  }
  return {serverOperations: server.size, ourOperations: ours.size, consistent, exceptionsByReason, failures, stale};
}

/** Lower-case words only, so punctuation, case and spacing do not hide a copied sentence. */
export function normalizeProse(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Our summaries and descriptions of more than `minWords` words that equal the server's text. */
export function copiedProse(serverDocument: Json, ourDocument: Json, minWords = 6): string[] {
  const theirs = new Map<string, string>();
  for (const {key, operation} of operationsOf(serverDocument).values()) {
    for (const field of ['summary', 'description'] as const) {
      const text = normalizeProse(String(operation[field] ?? ''));
      if (text.split(' ').length > minWords) theirs.set(text, `${key} ${field}`);
    }
  }
  const copied: string[] = [];
  for (const {key, operation} of operationsOf(ourDocument).values()) {
    for (const field of ['summary', 'description'] as const) {
      const text = normalizeProse(String(operation[field] ?? ''));
      const source = theirs.get(text);
      if (source) copied.push(`${key} ${field} is the server's ${source} word for word`);
    }
  }
  return copied;
}

/** Keys whose values are data (examples, defaults, enum values), never prose. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Keys whose value maps names to objects: a `description` key inside is a name, not prose. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'responses', 'content', 'headers', 'encoding', 'mapping', 'schemas', 'paths', 'securitySchemes', 'parameters', 'requestBodies']);

/** Every summary and description in a document with where it is: `paths./x.get.responses.200.description`. */
export function proseOf(document: Json): Array<{at: string; text: string}> {
  const found: Array<{at: string; text: string}> = [];
  const walk = (value: unknown, at: string, key?: string, keyIsName = false): void => {
    const keyword = keyIsName ? undefined : key;
    if (keyword !== undefined && DATA_KEYS.has(keyword)) return;
    if (typeof value === 'string') {
      if (keyword === 'summary' || keyword === 'description') found.push({at, text: value});
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}[${index}]`));
    else if (value && typeof value === 'object') {
      const namesInside = keyword !== undefined && NAME_MAPS.has(keyword);
      for (const [name, inner] of Object.entries(value)) walk(inner, at ? `${at}.${name}` : name, name, namesInside);
    }
  };
  walk(document, '');
  return found;
}

/**
 * Every summary and description of ours, anywhere (operations, parameters, bodies, responses,
 * schemas, properties, tags), of more than `minWords` words that equals one of the server's.
 */
export function copiedProseAnywhere(serverDocuments: readonly Json[], ourDocument: Json, minWords = 6): string[] {
  const theirs = new Map<string, string>();
  for (const served of serverDocuments) {
    for (const {at, text} of proseOf(served)) {
      const normalized = normalizeProse(text);
      if (normalized.split(' ').length > minWords && !theirs.has(normalized)) theirs.set(normalized, `${String(served.info?.version ?? '')} ${at}`);
    }
  }
  return proseOf(ourDocument).flatMap(({at, text}) => {
    const source = theirs.get(normalizeProse(text));
    return source ? [`${at} is the server's ${source} word for word`] : [];
  });
}

/**
 * How our description marks an operation of the commercial editions: `x-unleash-plans` lists the
 * plans that have it, and its description carries this availability admonition, which the
 * generated page renders as a badge.
 */
export const PLANS_EXTENSION = 'x-unleash-plans';

export function availabilityBadge(plans: readonly string[]): string {
  const names = plans.map((plan) => `**${plan}**`).join(' and ');
  return `:::info Availability\n\nThis operation is part of Unleash ${names}; the open-source server does not have it and answers 404.\n\n:::`;
}

/** Problems with the mark of an operation listed as `enterprise`. */
export function planMarkProblems(ours: OperationRef): string[] {
  const plans = ours.operation[PLANS_EXTENSION] as unknown;
  if (!Array.isArray(plans) || !plans.includes('Enterprise') || !plans.every((plan) => ['Pro', 'Enterprise'].includes(plan))) {
    return [`${ours.key}: needs ${PLANS_EXTENSION} listing the plans that have it (Enterprise, and Pro where Pro has it too)`];
  }
  const description = String(ours.operation.description ?? '');
  if (!description.includes(availabilityBadge(plans as string[]))) return [`${ours.key}: its description needs the availability badge:\n${availabilityBadge(plans as string[])}`];
  if (description.startsWith(':::')) return [`${ours.key}: start the description with a sentence; the badge follows it (the first line becomes the page's meta description)`];
  return [];
}
