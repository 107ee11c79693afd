/**
 * Markdown twins of the generated API pages, written from the bundled OpenAPI description
 * (the generated MDX is component markup, useless as text): one per operation, one per tag
 * listing its operations, and the API introduction.
 */
import kebabCase from 'lodash/kebabCase';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  info: {title: string; description?: string};
  servers?: Array<{url: string}>;
  tags?: Array<{name: string; description?: string}>;
  paths: Record<string, Record<string, Json>>;
  components?: {schemas?: Record<string, Json>; parameters?: Record<string, Json>; responses?: Record<string, Json>; securitySchemes?: Record<string, Json>};
  security?: Array<Record<string, unknown>>;
}

export interface ApiOperation {
  /** Doc id the generator gives the operation's page (kebab-case operationId). */
  id: string;
  method: string;
  path: string;
  operation: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function apiOperations(document: OpenApiDocument): ApiOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation?.operationId ? [{id: kebabCase(String(operation.operationId)), method, path, operation}] : [];
    }),
  );
}

/** Follows a local `$ref` (`#/components/...`) to what it names. */
function resolve(document: OpenApiDocument, value: unknown): Json {
  let current = value as Json;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth += 1) {
    const names = (current.$ref as string).replace(/^#\//, '').split('/');
    current = names.reduce<unknown>((node, name) => (node as Json | undefined)?.[name], document) as Json;
  }
  return current ?? {};
}

function refName(value: unknown): string | undefined {
  const ref = (value as Json | undefined)?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

/** A short type label: `string`, `featureSchema`, `array of tagSchema`, `"a" | "b"`. */
export function typeLabel(document: OpenApiDocument, schema: unknown): string {
  const name = refName(schema);
  if (name) return name;
  const resolved = resolve(document, schema);
  if (Array.isArray(resolved.enum)) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (resolved.type === 'array') return `array of ${typeLabel(document, resolved.items)}`;
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(resolved[key])) return (resolved[key] as unknown[]).map((part) => typeLabel(document, part)).join(' or ');
  }
  if (Array.isArray(resolved.allOf)) return (resolved.allOf as unknown[]).map((part) => typeLabel(document, part)).join(' and ');
  const type = Array.isArray(resolved.type) ? resolved.type.join(' or ') : String(resolved.type ?? 'object');
  return resolved.format ? `${type} (${String(resolved.format)})` : type;
}

const cell = (text: unknown) => String(text ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), ''];
}

/** The properties of an object schema (following `$ref` and merging `allOf`) as table rows. */
function propertyRows(document: OpenApiDocument, schema: unknown): string[][] {
  const resolved = resolve(document, schema);
  const parts = Array.isArray(resolved.allOf) ? (resolved.allOf as unknown[]).map((part) => resolve(document, part)) : [resolved];
  return parts.flatMap((part) => {
    const required = new Set((part.required as string[] | undefined) ?? []);
    return Object.entries((part.properties as Record<string, Json> | undefined) ?? {}).map(([name, property]) => [
      `\`${name}\``,
      cell(typeLabel(document, property)),
      required.has(name) ? 'yes' : 'no',
      cell(resolve(document, property).description),
    ]);
  });
}

function exampleOf(media: Json | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples as Record<string, Json> | undefined) ?? {})[0];
  return first?.value;
}

function schemaSection(document: OpenApiDocument, heading: string, media: Json | undefined): string[] {
  if (!media) return [];
  const lines = [heading, ''];
  const schema = media.schema;
  if (schema) {
    lines.push(`Schema: \`${typeLabel(document, schema)}\``, '');
    const rows = propertyRows(document, schema);
    if (rows.length > 0) lines.push(...table(['Field', 'Type', 'Required', 'Description'], rows));
  }
  const example = exampleOf(media);
  if (example !== undefined) lines.push('Example:', '', '```json', JSON.stringify(example, null, 2), '```', '');
  return lines;
}

export function operationTwin(document: OpenApiDocument, {method, path, operation}: ApiOperation, serverUrl: string): string {
  const title = String(operation.summary ?? operation.operationId);
  const lines = [`# ${title}`, '', `\`${method.toUpperCase()} ${path}\``, ''];
  if (operation.description) lines.push(String(operation.description).trim(), '');
  if (operation.deprecated) lines.push('**Deprecated.** Kept for existing clients; see the description for its replacement.', '');

  const security = (operation.security as Array<Record<string, unknown>> | undefined) ?? document.security ?? [];
  const schemes = [...new Set(security.flatMap((requirement) => Object.keys(requirement)))];
  lines.push('## Authorization', '');
  lines.push(schemes.length > 0 ? `Send one of: ${schemes.map((name) => `\`${name}\` (${cell(resolve(document, document.components?.securitySchemes?.[name]).description ?? name)})`).join('; ')}.` : 'None.', '');

  const parameters = ((operation.parameters as unknown[] | undefined) ?? []).map((parameter) => resolve(document, parameter));
  for (const location of ['path', 'query', 'header']) {
    const own = parameters.filter((parameter) => parameter.in === location);
    if (own.length === 0) continue;
    lines.push(`## ${location[0]!.toUpperCase()}${location.slice(1)} parameters`, '');
    lines.push(...table(['Name', 'Type', 'Required', 'Description'], own.map((parameter) => [`\`${String(parameter.name)}\``, cell(typeLabel(document, parameter.schema)), parameter.required ? 'yes' : 'no', cell(parameter.description)])));
  }

  const body = resolve(document, operation.requestBody);
  const bodyContent = body.content as Record<string, Json> | undefined;
  if (bodyContent) {
    const [type, media] = Object.entries(bodyContent)[0]!;
    lines.push(...schemaSection(document, `## Request body (${type}${body.required ? ', required' : ''})`, media));
  }

  lines.push('## Responses', '');
  for (const [code, value] of Object.entries((operation.responses as Record<string, unknown> | undefined) ?? {})) {
    const response = resolve(document, value);
    lines.push(`### ${code}`, '', cell(response.description), '');
    const content = response.content as Record<string, Json> | undefined;
    if (content && /^2/.test(code)) {
      const [type, media] = Object.entries(content)[0]!;
      lines.push(...schemaSection(document, `Content type \`${type}\`.`, media).slice(1));
    }
  }

  const url = `${serverUrl.replace(/\/$/, '')}${path.replace(/\{(\w+)\}/g, '<$1>')}`;
  lines.push('## Example request', '', '```bash', `curl -X ${method.toUpperCase()} '${url}' \\`, `  -H 'Authorization: <API token>'${bodyContent ? " \\\n  -H 'Content-Type: application/json' \\\n  --data @request.json" : ''}`, '```', '');
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** A tag page: its description and its operations, each linking to its own twin. */
export function tagTwin(title: string, description: string, operations: ReadonlyArray<{title: string; method: string; path: string; twin: string}>): string {
  const lines = [`# ${title}`, '', description.trim(), '', '## Operations', ''];
  for (const operation of operations) lines.push(`- [${operation.title}](${operation.twin}): \`${operation.method.toUpperCase()} ${operation.path}\``);
  return `${lines.join('\n')}\n`;
}
