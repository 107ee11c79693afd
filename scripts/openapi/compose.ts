/**
 * The description of an older Unleash release's API (7.6.5), composed for its reference:
 *
 * - structure from what that server serves (openapi/versions/unleash-server-<version>.json):
 *   paths, methods, parameters, request bodies, schemas, responses, deprecation, operationIds,
 *   tags, examples;
 * - prose from our own description of the current release (openapi/, bundled) wherever the
 *   same thing exists there: the operation with the same operationId, the parameter with the
 *   same name and location, the schema with the same name (or the one ours uses in the same
 *   place of the same operation), the property with the same name, the tag with the same name;
 * - for what exists only in the older release, or where the older release behaves otherwise
 *   than our prose says, prose written for it in its overlay (openapi/v<major>/overlay.yaml),
 *   which comes first; else none.
 *
 * The server's own summaries and descriptions are never carried over: every `summary` and
 * `description` of the served document is dropped before the prose is filled in. A response
 * needs a description, so one neither ours nor the overlay has gets a plain one by its status.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {operationSlug} from '../../config/apiVersions';

type Json = Record<string, any>;

export interface OperationOverlay {
  summary?: string;
  description?: string;
  /** By `<in>:<name>`, e.g. `query:from`. */
  parameters?: Record<string, string>;
  requestBody?: string;
  /** By status code. */
  responses?: Record<string, string>;
}

export interface SchemaOverlay {
  description?: string;
  /** By property path inside the schema: `name`, `metrics.items.value`. */
  properties?: Record<string, string>;
}

/** What we write for the older release alone (openapi/v<major>/overlay.yaml). */
export interface Overlay {
  tags?: Record<string, string>;
  operations?: Record<string, OperationOverlay>;
  schemas?: Record<string, SchemaOverlay>;
}

export interface ComposeOptions {
  /** The description the older server serves. */
  served: Json;
  /** Our bundled description of the current release. */
  ours: Json;
  overlay?: Overlay;
  /** Markdown of the reference's introduction (info.description). */
  introduction?: string;
  serverUrl?: string;
  /** Our current reference's route and this version's: links between pages are moved to this version where it has the page. */
  currentBaseRoute?: string;
  baseRoute?: string;
}

/** Where each piece of prose came from, for the report and the tests. */
export interface CompositionReport {
  /** Prose taken from our description, by kind. */
  ours: Record<ProseKind, number>;
  /** Prose taken from the overlay, by kind. */
  overlay: Record<ProseKind, number>;
  /** Response descriptions written by status code, because neither had one. */
  generic: number;
  /** Served operations with no summary from ours or the overlay (their page is titled by operationId). */
  untitled: string[];
  /** Overlay entries that name nothing in the served description. */
  unusedOverlay: string[];
  /** Served schemas whose prose came from a schema of ours with another name: `served ← ours`. */
  renamedSchemas: string[];
  /** Served tags that no operation uses, left out of the reference. */
  droppedTags: string[];
}

export type ProseKind = 'operation' | 'parameter' | 'requestBody' | 'response' | 'schema' | 'property' | 'tag' | 'securityScheme';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const PROSE_KEYS = new Set(['summary', 'description']);
/** Keys whose values are data (examples, defaults, enum values), never prose, whatever they contain. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-enumDescriptions']);
/** Keys whose value maps names to objects: their keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'responses', 'content', 'headers', 'encoding', 'mapping', 'schemas', 'paths', 'securitySchemes', 'parameters', 'requestBodies', 'callbacks', 'links']);

/** The response descriptions used when neither ours nor the overlay has one for a status. */
export const GENERIC_RESPONSES: Record<string, string> = {
  '200': 'The request succeeded.',
  '201': 'Created.',
  '202': 'Accepted; the work continues on the server.',
  '204': 'Done. The response has no body.',
  '304': 'Not modified since the version you sent in `If-None-Match`.',
};
/** Ours names its shared error responses; these are the ones a status maps to. */
const SHARED_ERROR_RESPONSES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'ContentTooLarge',
  '415': 'UnsupportedMediaType',
};

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Every `summary` and `description` removed, except inside data (examples, defaults, enums). */
export function withoutProse(value: unknown, key?: string, keyIsName = false): unknown {
  const keyword = keyIsName ? undefined : key;
  if (keyword !== undefined && DATA_KEYS.has(keyword)) return value;
  if (Array.isArray(value)) return value.map((item) => withoutProse(item));
  if (value && typeof value === 'object') {
    const namesInside = keyword !== undefined && NAME_MAPS.has(keyword);
    const entries = Object.entries(value).filter(([name]) => namesInside || !PROSE_KEYS.has(name));
    return Object.fromEntries(entries.map(([name, inner]) => [name, withoutProse(inner, name, namesInside)]));
  }
  return value;
}

function refName(value: unknown): string | undefined {
  const ref = (value as Json | undefined)?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

/** Follows local `$ref`s in `document`; undefined for a ref that points at nothing. */
function resolve(document: Json, value: unknown): Json | undefined {
  let current = value as Json | undefined;
  for (let depth = 0; current && typeof current.$ref === 'string'; depth += 1) {
    if (depth > 20) return undefined;
    current = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, name) => (node as Json | undefined)?.[name], document) as Json | undefined;
  }
  return current;
}

function operationsById(document: Json): Map<string, {path: string; method: string; operation: Json}> {
  const operations = new Map<string, {path: string; method: string; operation: Json}>();
  for (const [route, item] of Object.entries((document.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation?.operationId) operations.set(String(operation.operationId), {path: route, method, operation});
    }
  }
  return operations;
}

function jsonMedia(content: Json | undefined): Json | undefined {
  if (!content) return undefined;
  const type = Object.keys(content).find((name) => name === 'application/json') ?? Object.keys(content).find((name) => /json/.test(name)) ?? Object.keys(content)[0];
  return type ? (content[type] as Json) : undefined;
}

const emptyCounts = (): Record<ProseKind, number> => ({operation: 0, parameter: 0, requestBody: 0, response: 0, schema: 0, property: 0, tag: 0, securityScheme: 0});

class Composer {
  readonly report: CompositionReport = {ours: emptyCounts(), overlay: emptyCounts(), generic: 0, untitled: [], unusedOverlay: [], renamedSchemas: [], droppedTags: []};
  /** Served schema name → schemas of ours found in the same place of the same operation, with how often. */
  private readonly schemaPairs = new Map<string, Map<string, number>>();
  /** Served schema name → how many `$ref`s point at it. */
  private readonly refCounts = new Map<string, number>();
  private readonly usedOverlay = new Set<string>();
  private readonly rewriteLink: (text: string) => string;

  constructor(
    private readonly document: Json,
    private readonly ours: Json,
    private readonly overlay: Overlay,
    rewriteLink: (text: string) => string,
  ) {
    this.rewriteLink = rewriteLink;
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') this.refCounts.set(value.split('/').pop()!, (this.refCounts.get(value.split('/').pop()!) ?? 0) + 1);
      return value;
    });
  }

  private set(target: Json, text: unknown, kind: ProseKind, from: 'ours' | 'overlay'): boolean {
    if (typeof text !== 'string' || text.trim() === '') return false;
    target.description = this.rewriteLink(text);
    this.report[from][kind] += 1;
    return true;
  }

  private overlayText(key: string, text: string | undefined): string | undefined {
    if (text !== undefined) this.usedOverlay.add(key);
    return text;
  }

  /** A property of an ours schema by name, looking through `allOf`/`oneOf`/`anyOf` parts. */
  private oursProperty(schema: Json | undefined, name: string, seen = new Set<Json>()): Json | undefined {
    const resolved = resolve(this.ours, schema);
    if (!resolved || seen.has(resolved)) return undefined;
    seen.add(resolved);
    if (resolved.properties?.[name]) return resolved.properties[name] as Json;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const part of (resolved[key] ?? []) as Json[]) {
        const found = this.oursProperty(part, name, seen);
        if (found) return found;
      }
    }
    return undefined;
  }

  private pair(served: unknown, ours: unknown): void {
    const servedName = refName(served);
    const oursName = refName(ours);
    if (!servedName || !oursName || servedName === oursName) return;
    const names = this.schemaPairs.get(servedName) ?? new Map<string, number>();
    names.set(oursName, (names.get(oursName) ?? 0) + 1);
    this.schemaPairs.set(servedName, names);
  }

  /**
   * Fills the descriptions of a served schema (inline parts only: a `$ref` is filled where its
   * component is) from the ours schema in the same place, and from the overlay's property paths.
   */
  fillSchema(served: Json | undefined, ours: unknown, overlay: SchemaOverlay | undefined, overlayKey: string, at: string, describeSelf: boolean, kind: ProseKind): void {
    if (!served || typeof served !== 'object') return;
    if (served.$ref) {
      this.pair(served, ours);
      return;
    }
    const oursResolved = resolve(this.ours, ours);
    if (describeSelf) {
      const own = at === '' ? overlay?.description : overlay?.properties?.[at];
      const ownKey = at === '' ? `${overlayKey}.description` : `${overlayKey}.properties.${at}`;
      if (!this.set(served, this.overlayText(ownKey, own), kind, 'overlay')) this.set(served, oursResolved?.description, kind, 'ours');
    }
    const child = (name: string) => (at === '' ? name : `${at}.${name}`);
    for (const [name, property] of Object.entries((served.properties ?? {}) as Json)) {
      this.fillSchema(property as Json, this.oursProperty(ours as Json | undefined, name), overlay, overlayKey, child(name), true, 'property');
    }
    if (served.items) this.fillSchema(served.items as Json, oursResolved?.items, overlay, overlayKey, child('items'), true, 'property');
    if (served.additionalProperties && typeof served.additionalProperties === 'object') {
      const oursAdditional = typeof oursResolved?.additionalProperties === 'object' ? oursResolved.additionalProperties : undefined;
      this.fillSchema(served.additionalProperties as Json, oursAdditional, overlay, overlayKey, child('additionalProperties'), true, 'property');
    }
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const parts = (served[key] ?? []) as Json[];
      const oursParts = (oursResolved?.[key] ?? []) as Json[];
      parts.forEach((part, index) => {
        // The same combinator with as many parts lines up part by part; otherwise properties are found by name.
        const counterpart = oursParts.length === parts.length ? oursParts[index] : ours;
        this.fillSchema(part, counterpart, overlay, overlayKey, at, false, kind);
      });
    }
  }

  private parameterKey(parameter: Json): string {
    return `${String(parameter.in)}:${String(parameter.name)}`;
  }

  /** Ours's parameter of an operation, or a shared one with the same name and location. */
  private oursParameter(oursOperation: Json | undefined, oursPathItem: Json | undefined, key: string): Json | undefined {
    const candidates = [...((oursPathItem?.parameters ?? []) as unknown[]), ...((oursOperation?.parameters ?? []) as unknown[])];
    for (const candidate of candidates) {
      const resolved = resolve(this.ours, candidate);
      if (resolved && this.parameterKey(resolved) === key) return resolved;
    }
    if (!oursOperation) {
      for (const shared of Object.values((this.ours.components?.parameters ?? {}) as Json)) {
        if (this.parameterKey(shared as Json) === key) return shared as Json;
      }
    }
    return undefined;
  }

  fillOperation(operationId: string, operation: Json, oursEntry: {path: string; operation: Json} | undefined): void {
    const oursOperation = oursEntry?.operation;
    const oursPathItem = oursEntry ? (this.ours.paths[oursEntry.path] as Json) : undefined;
    const overlay = this.overlay.operations?.[operationId];
    const overlayKey = `operations.${operationId}`;
    if (overlay) this.usedOverlay.add(overlayKey);
    // The overlay says what differs in this release, so it comes first; then ours.
    const overlaySummary = this.overlayText(`${overlayKey}.summary`, overlay?.summary);
    const summary = overlaySummary ?? oursOperation?.summary;
    if (typeof summary === 'string' && summary.trim()) {
      operation.summary = summary;
      this.report[overlaySummary ? 'overlay' : 'ours'].operation += 1;
    } else {
      this.report.untitled.push(operationId);
    }
    if (!this.set(operation, this.overlayText(`${overlayKey}.description`, overlay?.description), 'operation', 'overlay')) this.set(operation, oursOperation?.description, 'operation', 'ours');

    for (const parameter of (operation.parameters ?? []) as Json[]) {
      const target = resolve(this.document, parameter);
      if (!target || parameter.$ref) continue;
      const key = this.parameterKey(target);
      const oursParameter = this.oursParameter(oursOperation, oursPathItem, key);
      if (!this.set(target, this.overlayText(`${overlayKey}.parameters.${key}`, overlay?.parameters?.[key]), 'parameter', 'overlay')) this.set(target, oursParameter?.description, 'parameter', 'ours');
      if (target.schema) this.fillSchema(target.schema as Json, oursParameter?.schema, undefined, '', '', false, 'property');
    }

    const body = operation.requestBody as Json | undefined;
    if (body && !body.$ref) {
      const oursBody = resolve(this.ours, oursOperation?.requestBody);
      if (!this.set(body, this.overlayText(`${overlayKey}.requestBody`, overlay?.requestBody), 'requestBody', 'overlay')) this.set(body, oursBody?.description, 'requestBody', 'ours');
      for (const [type, media] of Object.entries((body.content ?? {}) as Json)) {
        const oursMedia = (oursBody?.content as Json | undefined)?.[type] ?? jsonMedia(oursBody?.content as Json | undefined);
        this.fillSchema((media as Json).schema as Json, oursMedia?.schema, undefined, '', '', false, 'property');
      }
    }

    for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
      const target = response as Json;
      if (target.$ref) continue;
      const oursResponse = resolve(this.ours, (oursOperation?.responses as Json | undefined)?.[status]);
      const shared = SHARED_ERROR_RESPONSES[status] ? resolve(this.ours, this.ours.components?.responses?.[SHARED_ERROR_RESPONSES[status]!]) : undefined;
      const described =
        this.set(target, this.overlayText(`${overlayKey}.responses.${status}`, overlay?.responses?.[status]), 'response', 'overlay') ||
        this.set(target, oursResponse?.description, 'response', 'ours') ||
        this.set(target, shared?.description, 'response', 'ours');
      if (!described) {
        target.description = GENERIC_RESPONSES[status] ?? (status.startsWith('2') ? GENERIC_RESPONSES['200']! : `The server answers ${status}.`);
        this.report.generic += 1;
      }
      const counterpart = oursResponse ?? shared;
      for (const [type, media] of Object.entries((target.content ?? {}) as Json)) {
        const oursMedia = (counterpart?.content as Json | undefined)?.[type] ?? jsonMedia(counterpart?.content as Json | undefined);
        this.fillSchema((media as Json).schema as Json, oursMedia?.schema, undefined, '', '', false, 'property');
      }
      for (const [name, header] of Object.entries((target.headers ?? {}) as Json)) {
        const oursHeader = resolve(this.ours, (counterpart?.headers as Json | undefined)?.[name]);
        this.set(header as Json, oursHeader?.description, 'response', 'ours');
      }
    }
  }

  /**
   * A schema of ours with another name stands for a served schema only when every place that
   * refers to the served one has that same schema of ours, and they share most properties.
   */
  private renamed(name: string, schema: Json, candidates: Array<[string, number]>): string | undefined {
    if (candidates.length !== 1) return undefined;
    const [oursName, seen] = candidates[0]!;
    if (seen !== this.refCounts.get(name)) return undefined;
    const names = (node: Json | undefined, document: Json): string[] => {
      const resolved = resolve(document, node);
      if (!resolved) return [];
      const own = Object.keys((resolved.properties ?? {}) as Json);
      const parts = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => ((resolved[key] ?? []) as Json[]).flatMap((part) => names(part, document)));
      return [...own, ...parts, ...(resolved.items ? names(resolved.items as Json, document) : [])];
    };
    const servedNames = new Set(names(schema, this.document));
    const oursNames = new Set(names({$ref: `#/components/schemas/${oursName}`}, this.ours));
    if (servedNames.size === 0) return oursNames.size === 0 ? oursName : undefined;
    const shared = [...servedNames].filter((property) => oursNames.has(property)).length;
    return shared / servedNames.size >= 0.5 ? oursName : undefined;
  }

  /** Named schemas: ours's schema of the same name, else the one ours uses in the same place, else the overlay. */
  fillSchemas(): void {
    const schemas = (this.document.components?.schemas ?? {}) as Json;
    const oursSchemas = (this.ours.components?.schemas ?? {}) as Json;
    // Filling one schema can pair the schemas it refers to, so go round until nothing new is paired.
    const done = new Set<string>();
    for (let round = 0; round < 10; round += 1) {
      let progressed = false;
      for (const [name, schema] of Object.entries(schemas)) {
        if (done.has(name)) continue;
        let counterpart: string | undefined = name in oursSchemas ? name : undefined;
        if (!counterpart) {
          const candidates = [...(this.schemaPairs.get(name) ?? new Map<string, number>())];
          if (candidates.length === 0 && round === 0) continue;
          counterpart = this.renamed(name, schema as Json, candidates);
          if (counterpart) this.report.renamedSchemas.push(`${name} ← ${counterpart}`);
        }
        done.add(name);
        progressed = true;
        const overlayKey = `schemas.${name}`;
        const overlay = this.overlay.schemas?.[name];
        if (overlay) this.usedOverlay.add(overlayKey);
        this.fillSchema(schema as Json, counterpart ? {$ref: `#/components/schemas/${counterpart}`} : undefined, overlay, overlayKey, '', true, 'schema');
      }
      if (!progressed) break;
    }
  }

  fillTags(): void {
    const oursTags = new Map(((this.ours.tags ?? []) as Json[]).map((tag) => [String(tag.name), tag]));
    for (const tag of (this.document.tags ?? []) as Json[]) {
      const name = String(tag.name);
      if (!this.set(tag, this.overlayText(`tags.${name}`, this.overlay.tags?.[name]), 'tag', 'overlay')) this.set(tag, oursTags.get(name)?.description, 'tag', 'ours');
    }
  }

  fillSecuritySchemes(): void {
    for (const [name, scheme] of Object.entries((this.document.components?.securitySchemes ?? {}) as Json)) {
      this.set(scheme as Json, this.ours.components?.securitySchemes?.[name]?.description, 'securityScheme', 'ours');
    }
  }

  /** Overlay keys that matched nothing in the served description. */
  unused(): string[] {
    const keys: string[] = [];
    for (const [name, text] of Object.entries(this.overlay.tags ?? {})) if (text !== undefined) keys.push(`tags.${name}`);
    for (const [id, entry] of Object.entries(this.overlay.operations ?? {})) {
      if (entry.summary !== undefined) keys.push(`operations.${id}.summary`);
      if (entry.description !== undefined) keys.push(`operations.${id}.description`);
      if (entry.requestBody !== undefined) keys.push(`operations.${id}.requestBody`);
      for (const key of Object.keys(entry.parameters ?? {})) keys.push(`operations.${id}.parameters.${key}`);
      for (const status of Object.keys(entry.responses ?? {})) keys.push(`operations.${id}.responses.${status}`);
    }
    for (const [name, entry] of Object.entries(this.overlay.schemas ?? {})) {
      if (entry.description !== undefined) keys.push(`schemas.${name}.description`);
      for (const property of Object.keys(entry.properties ?? {})) keys.push(`schemas.${name}.properties.${property}`);
    }
    return keys.filter((key) => !this.usedOverlay.has(key));
  }
}

/** Links to pages of our current reference, moved to this version's reference where it has the same page. */
export function linkRewriter(currentBaseRoute: string | undefined, baseRoute: string | undefined, slugs: ReadonlySet<string>): (text: string) => string {
  if (!currentBaseRoute || !baseRoute) return (text) => text;
  const escaped = currentBaseRoute.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const link = new RegExp(`\\]\\(${escaped}/([a-z0-9-]+)((?:#[^)]*)?)\\)`, 'g');
  return (text) => text.replace(link, (whole, slug: string, anchor: string) => (slugs.has(slug) ? `](${baseRoute}/${slug}${anchor})` : whole));
}

export function compose({served, ours, overlay = {}, introduction, serverUrl = '<your-unleash-url>', currentBaseRoute, baseRoute}: ComposeOptions): {document: Json; report: CompositionReport} {
  const document = withoutProse(clone(served)) as Json;
  const slugs = new Set([...operationsById(document).keys()].map(operationSlug));
  const composer = new Composer(document, ours, overlay, linkRewriter(currentBaseRoute, baseRoute, slugs));
  const oursOperations = operationsById(ours);
  for (const [operationId, {operation}] of operationsById(document)) composer.fillOperation(operationId, operation, oursOperations.get(operationId));
  composer.fillSchemas();
  // Tags no operation uses would become empty pages.
  const used = new Set([...operationsById(document).values()].flatMap(({operation}) => (operation.tags ?? []) as string[]));
  composer.report.droppedTags = ((document.tags ?? []) as Json[]).map((tag) => String(tag.name)).filter((name) => !used.has(name));
  document.tags = ((document.tags ?? []) as Json[]).filter((tag) => used.has(String(tag.name))).sort((a, b) => String(a.name).localeCompare(String(b.name)));
  composer.fillTags();
  composer.fillSecuritySchemes();
  const version = String(served.info?.version ?? '');
  document.info = {title: ours.info?.title ?? 'Unleash API', version, ...(introduction ? {description: introduction} : {}), ...(ours.info?.license ? {license: ours.info.license} : {})};
  document.servers = [{url: serverUrl, description: 'Your Unleash instance'}];
  composer.report.unusedOverlay = composer.unused();
  return {document, report: composer.report};
}

export function readOverlay(file: string): Overlay {
  if (!fs.existsSync(file)) return {};
  const parsed = YAML.parse(fs.readFileSync(file, 'utf8')) as Overlay | null;
  const unknown = Object.keys(parsed ?? {}).filter((key) => !['tags', 'operations', 'schemas'].includes(key));
  if (unknown.length > 0) throw new Error(`${path.basename(file)}: unexpected top-level keys ${unknown.join(', ')} (tags, operations, schemas)`);
  return parsed ?? {};
}
