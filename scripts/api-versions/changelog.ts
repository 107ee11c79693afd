/**
 * The API changelog: what changed, operation by operation, between two OpenAPI descriptions
 * that real Unleash servers served. Operations are matched by method and path shape (path
 * parameter names aside, so a renamed `{id}` is a change, not a removal and an addition).
 * Only structure is compared and reported, never the servers' prose.
 */

type Json = Record<string, any>;

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface OperationRef {
  method: string;
  path: string;
  operationId?: string;
}

export type Aspect = 'path' | 'operationId' | 'parameters' | 'request body' | 'required fields' | 'responses' | 'response properties' | 'deprecation';

export interface Change {
  aspect: Aspect;
  detail: string;
}

export interface ChangedOperation {
  /** The operation in the newer description. */
  operation: OperationRef;
  /** The same operation in the older one, when its path or operationId differ. */
  before: OperationRef;
  changes: Change[];
}

export interface Step {
  from: string;
  to: string;
  added: OperationRef[];
  removed: OperationRef[];
  changed: ChangedOperation[];
}

interface Operation extends OperationRef {
  key: string;
  deprecated: boolean;
  pathParameters: string[];
  /** `in:name` → required */
  parameters: Map<string, boolean>;
  body?: {required: boolean; properties: Set<string>; requiredFields: Set<string>};
  responses: Set<string>;
  /** status → property names of its JSON body */
  responseProperties: Map<string, Set<string>>;
}

/** `/api/admin/projects/{projectId}/features` → `/api/admin/projects/{}/features` */
export const pathShape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function resolve(document: Json, schema: Json | undefined, seen = new Set<string>()): Json | undefined {
  let current = schema;
  while (current?.$ref) {
    const ref = current.$ref as string;
    if (seen.has(ref) || !ref.startsWith('#/')) return undefined;
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

/** Property names and required fields of an object schema (through allOf, oneOf and anyOf; of the items for an array). */
export function objectShape(document: Json, schema: Json | undefined, seen = new Set<string>()): {properties: Set<string>; required: Set<string>} {
  const shape = {properties: new Set<string>(), required: new Set<string>()};
  const resolved = resolve(document, schema, seen);
  if (!resolved) return shape;
  if (resolved.type === 'array' && resolved.items) return objectShape(document, resolved.items, seen);
  for (const name of Object.keys(resolved.properties ?? {})) shape.properties.add(name);
  for (const name of resolved.required ?? []) shape.required.add(name);
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
    const inner = objectShape(document, part, new Set(seen));
    inner.properties.forEach((name) => shape.properties.add(name));
    if (resolved.allOf?.includes(part)) inner.required.forEach((name) => shape.required.add(name));
  }
  return shape;
}

const jsonSchema = (content: Json | undefined): Json | undefined => content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;

export function operationsOf(document: Json): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = new Map<string, boolean>();
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const parameter = resolve(document, raw);
        if (!parameter || parameter.in === 'path' || parameter.in === 'header') continue;
        parameters.set(`${parameter.in}:${parameter.name}`, Boolean(parameter.required));
      }
      const requestBody = resolve(document, op.requestBody);
      const bodyShape = requestBody ? objectShape(document, jsonSchema(requestBody.content)) : undefined;
      const responseProperties = new Map<string, Set<string>>();
      for (const [status, raw] of Object.entries<Json>(op.responses ?? {})) {
        const response = resolve(document, raw);
        if (/^2/.test(status) && response?.content) responseProperties.set(status, objectShape(document, jsonSchema(response.content)).properties);
      }
      const key = `${method.toUpperCase()} ${pathShape(path)}`;
      operations.set(key, {
        key,
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        deprecated: Boolean(op.deprecated),
        pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        parameters,
        body: requestBody && bodyShape ? {required: Boolean(requestBody.required), properties: bodyShape.properties, requiredFields: bodyShape.required} : undefined,
        responses: new Set(Object.keys(op.responses ?? {})),
        responseProperties,
      });
    }
  }
  return operations;
}

const ref = (op: Operation): OperationRef => ({method: op.method, path: op.path, ...(op.operationId ? {operationId: op.operationId} : {})});
const list = (names: Iterable<string>) => [...names].map((name) => `\`${name}\``).join(', ');
const minus = <T>(a: Set<T>, b: Set<T>) => new Set([...a].filter((x) => !b.has(x)));
const byStatus = (a: string, b: string) => a.localeCompare(b, 'en', {numeric: true});

export function changesBetween(before: Operation, after: Operation): Change[] {
  const changes: Change[] = [];
  if (before.path !== after.path) changes.push({aspect: 'path', detail: `path parameters renamed: ${before.path} → ${after.path}`});
  if (before.operationId !== after.operationId) changes.push({aspect: 'operationId', detail: `operationId \`${before.operationId ?? 'none'}\` → \`${after.operationId ?? 'none'}\``});

  const describe = (key: string) => {
    const [where, name] = key.split(/:(.*)/s);
    return `${where} parameter \`${name}\``;
  };
  for (const key of [...after.parameters.keys()].filter((k) => !before.parameters.has(k)).sort()) changes.push({aspect: 'parameters', detail: `${describe(key)} added${after.parameters.get(key) ? ' (required)' : ''}`});
  for (const key of [...before.parameters.keys()].filter((k) => !after.parameters.has(k)).sort()) changes.push({aspect: 'parameters', detail: `${describe(key)} removed`});
  for (const key of [...after.parameters.keys()].filter((k) => before.parameters.has(k) && before.parameters.get(k) !== after.parameters.get(k)).sort()) {
    changes.push({aspect: 'parameters', detail: `${describe(key)} now ${after.parameters.get(key) ? 'required' : 'optional'}`});
  }

  if (!before.body && after.body) changes.push({aspect: 'request body', detail: `request body added${after.body.required ? ' (required)' : ''}`});
  else if (before.body && !after.body) changes.push({aspect: 'request body', detail: 'request body removed'});
  else if (before.body && after.body) {
    if (before.body.required !== after.body.required) changes.push({aspect: 'request body', detail: `request body now ${after.body.required ? 'required' : 'optional'}`});
    const added = minus(after.body.properties, before.body.properties);
    const removed = minus(before.body.properties, after.body.properties);
    if (added.size) changes.push({aspect: 'request body', detail: `body properties added: ${list(added)}`});
    if (removed.size) changes.push({aspect: 'request body', detail: `body properties removed: ${list(removed)}`});
    const nowRequired = minus(after.body.requiredFields, before.body.requiredFields);
    const noLonger = minus(before.body.requiredFields, after.body.requiredFields);
    if (nowRequired.size) changes.push({aspect: 'required fields', detail: `now required: ${list(nowRequired)}`});
    if (noLonger.size) changes.push({aspect: 'required fields', detail: `no longer required: ${list(noLonger)}`});
  }

  const addedCodes = [...minus(after.responses, before.responses)].sort(byStatus);
  const removedCodes = [...minus(before.responses, after.responses)].sort(byStatus);
  if (addedCodes.length) changes.push({aspect: 'responses', detail: `response codes added: ${addedCodes.join(', ')}`});
  if (removedCodes.length) changes.push({aspect: 'responses', detail: `response codes removed: ${removedCodes.join(', ')}`});
  for (const [status, properties] of [...after.responseProperties].sort(([a], [b]) => byStatus(a, b))) {
    const old = before.responseProperties.get(status);
    if (!old) continue;
    const added = minus(properties, old);
    const removed = minus(old, properties);
    if (added.size) changes.push({aspect: 'response properties', detail: `${status} response properties added: ${list(added)}`});
    if (removed.size) changes.push({aspect: 'response properties', detail: `${status} response properties removed: ${list(removed)}`});
  }

  if (before.deprecated !== after.deprecated) changes.push({aspect: 'deprecation', detail: after.deprecated ? 'deprecated' : 'no longer deprecated'});
  return changes;
}

const byPath = (a: OperationRef, b: OperationRef) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method);

export function compareDescriptions(from: {version: string; document: Json}, to: {version: string; document: Json}): Step {
  const before = operationsOf(from.document);
  const after = operationsOf(to.document);
  const added = [...after.values()].filter((op) => !before.has(op.key)).map(ref).sort(byPath);
  const removed = [...before.values()].filter((op) => !after.has(op.key)).map(ref).sort(byPath);
  const changed = [...after.values()]
    .filter((op) => before.has(op.key))
    .map((op) => ({operation: ref(op), before: ref(before.get(op.key)!), changes: changesBetween(before.get(op.key)!, op)}))
    .filter((entry) => entry.changes.length > 0)
    .sort((a, b) => byPath(a.operation, b.operation));
  return {from: from.version, to: to.version, added, removed, changed};
}

export function operationCount(document: Json): number {
  return operationsOf(document).size;
}
