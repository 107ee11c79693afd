/**
 * What a script of the build is made of: every module of a chunk file with its size, minified
 * as shipped (raw) and gzip (each module compressed on its own, level 9, as bundle analysers
 * count; the sum is a little larger than the file's gzip). Module names come from the build's
 * stats (plugins/bundle-stats, written to .docusaurus/bundle-stats.json by the client build).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {parse} from 'acorn';
import type {BundleStats} from '../../plugins/bundle-stats';
import {GZIP_LEVEL} from './weight';

export interface ModuleSize {
  id: string;
  name: string;
  /** npm package (`react-dom`, `@docusaurus/core`) or `site` for the site's own and generated files. */
  group: string;
  raw: number;
  gzip: number;
  /**
   * A concatenated module (scope hoisting merges many source modules into one): its source
   * modules, with the module's bytes shared out in proportion to their size before minifying.
   */
  parts?: Array<Omit<ModuleSize, 'id' | 'parts'>>;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The object literal of modules in `(self.webpackChunk…).push([[ids], {id(e,t,n){…}, …}, runtime?])`. */
function modulesObject(program: Node): Node | null {
  let found: Node | null = null;
  const visit = (node: unknown): void => {
    if (found || !node || typeof node !== 'object') return;
    const current = node as Node;
    if (current.type === 'CallExpression') {
      const callee = current.callee as Node;
      const args = current.arguments as Node[];
      const property = callee.type === 'MemberExpression' ? (callee.property as Node & {name?: string}) : null;
      if (property?.name === 'push' && args[0]?.type === 'ArrayExpression') {
        const elements = (args[0] as Node & {elements: Node[]}).elements;
        if (elements[1]?.type === 'ObjectExpression') {
          found = elements[1];
          return;
        }
      }
    }
    for (const value of Object.values(current)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(program);
  return found;
}

export function packageOf(name: string): string {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(name);
  if (match) return match[1]!.replace(/\\/g, '/');
  if (name.includes('.docusaurus')) return 'site (generated: routes, config, registry)';
  return 'site';
}

/** Where each module of a chunk file sits in it (character offsets), with its name. */
export function moduleRanges(source: string, stats: BundleStats | null): Array<{id: string; name: string; group: string; start: number; end: number}> {
  let program: Node;
  try {
    program = parse(source, {ecmaVersion: 'latest', sourceType: 'script'}) as unknown as Node;
  } catch {
    return [];
  }
  const object = modulesObject(program);
  if (!object) return [];
  return (object.properties as Node[]).map((property) => {
    const key = property.key as Node & {value?: unknown; name?: string};
    const id = String(key.value ?? key.name);
    const name = stats?.modules[id]?.name ?? `module ${id}`;
    return {id, name, group: packageOf(name), start: property.start, end: property.end};
  });
}

/** Every module of one script file, biggest gzip first. */
export function modulesOf(source: string, stats: BundleStats | null): ModuleSize[] {
  const sizes: ModuleSize[] = [];
  for (const {id, name, group, start, end} of moduleRanges(source, stats)) {
    const text = source.slice(start, end);
    const info = stats?.modules[id];
    const raw = Buffer.byteLength(text);
    const gzip = zlib.gzipSync(text, {level: GZIP_LEVEL}).length;
    const partsTotal = (info?.parts ?? []).reduce((sum, part) => sum + part.size, 0);
    const parts = partsTotal > 0
      ? info!.parts!.map((part) => ({name: part.name, group: packageOf(part.name), raw: (raw * part.size) / partsTotal, gzip: (gzip * part.size) / partsTotal})).sort((a, b) => b.gzip - a.gzip)
      : undefined;
    sizes.push({id, name, group, raw, gzip, ...(parts ? {parts} : {})});
  }
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

export function readBundleStats(root: string): BundleStats | null {
  const file = path.join(root, '.docusaurus', 'bundle-stats.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BundleStats) : null;
}

/** Module sizes summed by package, biggest first. */
export function byGroup(modules: ModuleSize[]): Array<{group: string; count: number; raw: number; gzip: number}> {
  const groups = new Map<string, {group: string; count: number; raw: number; gzip: number}>();
  for (const module of modules.flatMap((entry) => entry.parts ?? [entry])) {
    const entry = groups.get(module.group) ?? {group: module.group, count: 0, raw: 0, gzip: 0};
    entry.count += 1;
    entry.raw += module.raw;
    entry.gzip += module.gzip;
    groups.set(module.group, entry);
  }
  return [...groups.values()].sort((a, b) => b.gzip - a.gzip);
}
