/**
 * Merges openapi/base.yaml and openapi/areas/*.yaml into one OpenAPI document, fills in the
 * introduction (openapi/introduction.md), the server URL and the documented Unleash version
 * (the unleash-server that package.json pins), and writes it where the API docs generator
 * reads it. A name defined twice fails with both file names.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {pinnedServerVersion} from '../unleash-server/realServer';

export const OPENAPI_DIR = path.resolve(__dirname, '../../openapi');
export const BUNDLE_FILE = path.resolve(__dirname, '../../.docusaurus/openapi/unleash.json');

type Json = Record<string, any>;

export class BundleError extends Error {}

/** Written in openapi/introduction.md where the page names the documented unleash-server version. */
export const VERSION_PLACEHOLDER = '{{unleash-server-version}}';

function readYaml(file: string): Json {
  try {
    const parsed = YAML.parse(fs.readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object') throw new Error('the file is empty or not a mapping');
    return parsed as Json;
  } catch (error) {
    throw new BundleError(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
}

function mergeNamed(target: Json, source: Json | undefined, what: string, origin: Map<string, string>, file: string): void {
  for (const [name, value] of Object.entries(source ?? {})) {
    const key = `${what} ${name}`;
    if (name in target) throw new BundleError(`${key} is defined in both ${origin.get(key)} and ${file}`);
    target[name] = value;
    origin.set(key, file);
  }
}

export function bundle(dir = OPENAPI_DIR, serverUrl = '<your-unleash-url>', version = pinnedServerVersion()): Json {
  const baseFile = path.join(dir, 'base.yaml');
  const document = readYaml(baseFile);
  const origin = new Map<string, string>();
  document.paths ??= {};
  document.tags ??= [];
  document.components ??= {};
  for (const [kind, entries] of Object.entries(document.components as Json)) {
    for (const name of Object.keys(entries as Json)) origin.set(`components.${kind} ${name}`, 'base.yaml');
  }
  const areaDir = path.join(dir, 'areas');
  const areaFiles = fs.readdirSync(areaDir).filter((file) => file.endsWith('.yaml')).sort();
  for (const file of areaFiles) {
    const area = readYaml(path.join(areaDir, file));
    const unknownKeys = Object.keys(area).filter((key) => !['tags', 'paths', 'components'].includes(key));
    if (unknownKeys.length > 0) throw new BundleError(`areas/${file}: unexpected top-level keys ${unknownKeys.join(', ')}`);
    for (const tag of area.tags ?? []) {
      const key = `tag ${tag.name}`;
      if (origin.has(key)) throw new BundleError(`${key} is defined in both ${origin.get(key)} and areas/${file}`);
      origin.set(key, `areas/${file}`);
      document.tags.push(tag);
    }
    for (const [route, operations] of Object.entries(area.paths ?? {})) {
      document.paths[route] ??= {};
      for (const [method, operation] of Object.entries(operations as Json)) {
        const key = `operation ${method.toUpperCase()} ${route}`;
        if (document.paths[route][method]) throw new BundleError(`${key} is defined in both ${origin.get(key)} and areas/${file}`);
        document.paths[route][method] = operation;
        origin.set(key, `areas/${file}`);
      }
    }
    for (const [kind, entries] of Object.entries((area.components ?? {}) as Json)) {
      document.components[kind] ??= {};
      mergeNamed(document.components[kind], entries as Json, `components.${kind}`, origin, `areas/${file}`);
    }
  }
  document.tags.sort((a: Json, b: Json) => String(a.name).localeCompare(String(b.name)));
  const introduction = path.join(dir, 'introduction.md');
  if (fs.existsSync(introduction)) document.info.description = fs.readFileSync(introduction, 'utf8').split(VERSION_PLACEHOLDER).join(version);
  document.info.version = version;
  document.servers = [{url: serverUrl, description: 'Your Unleash instance'}];
  return document;
}

export function writeBundle(document: Json, file = BUNDLE_FILE): void {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, JSON.stringify(document, null, 1));
}

if (require.main === module) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const {processEnv} = require('../../config/env') as typeof import('../../config/env');
  try {
    const document = bundle(OPENAPI_DIR, processEnv().apiServerUrl);
    writeBundle(document);
    const operations = Object.values(document.paths as Json).reduce((count: number, ops) => count + Object.keys(ops as Json).length, 0);
    console.log(`[openapi] bundled ${operations} operations and ${Object.keys(document.components.schemas ?? {}).length} schemas into ${path.relative(process.cwd(), BUNDLE_FILE)}`);
  } catch (error) {
    console.error(`[openapi] ${(error as Error).message}`);
    process.exit(1);
  }
}
