/**
 * npm run api:fetch -- <url>: downloads the OpenAPI description a running Unleash instance
 * serves at /docs/openapi.json into openapi/remote/openapi.json (server URLs normalised to
 * <your-unleash-url>), and reports which operations it has that openapi/ does not describe
 * yet, and the other way round. A malformed or unreachable source fails with a clear
 * message and leaves the existing files untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import {OPENAPI_DIR, bundle} from './bundle';

export const REMOTE_FILE = path.join(OPENAPI_DIR, 'remote/openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export class FetchError extends Error {}

export function sourceUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError(`"${input}" is not a URL: pass the address of an Unleash instance, e.g. https://unleash.example.com`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new FetchError(`"${input}" is not an http(s) URL`);
  if (!url.pathname.endsWith('.json')) url.pathname = `${url.pathname.replace(/\/$/, '')}/docs/openapi.json`;
  return url.toString();
}

type Json = Record<string, any>;

export function operationKeys(document: Json): Set<string> {
  const keys = new Set<string>();
  for (const [route, item] of Object.entries((document.paths ?? {}) as Json)) {
    for (const method of Object.keys(item as Json).filter((m) => METHODS.includes(m))) {
      keys.add(`${method.toUpperCase()} ${route}`);
    }
  }
  return keys;
}

export async function fetchDescription(url: string, timeoutMs = 15_000): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(timeoutMs), headers: {accept: 'application/json'}});
  } catch (error) {
    const cause = (error as {cause?: {code?: string; message?: string}}).cause;
    throw new FetchError(`Could not reach ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
  if (!response.ok) throw new FetchError(`${url} answered ${response.status} ${response.statusText}; is OpenAPI enabled on that instance (ENABLE_OAS)?`);
  const text = await response.text();
  let document: Json;
  try {
    document = JSON.parse(text) as Json;
  } catch (error) {
    throw new FetchError(`${url} did not return JSON: ${(error as Error).message}`);
  }
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.') || typeof document.paths !== 'object' || document.paths === null) {
    throw new FetchError(`${url} is not an OpenAPI 3 description (it needs an "openapi": "3.x" field and "paths")`);
  }
  return document;
}

export function normalise(document: Json): Json {
  return {...document, servers: [{url: '<your-unleash-url>', description: 'Your Unleash instance'}]};
}

export interface FetchReport {
  file: string;
  operations: number;
  missingHere: string[];
  notUpstream: string[];
}

export async function refresh(input: string, target = REMOTE_FILE, local: Json = bundle()): Promise<FetchReport> {
  const url = sourceUrl(input);
  const document = normalise(await fetchDescription(url));
  const upstream = operationKeys(document);
  const ours = operationKeys(local);
  fs.mkdirSync(path.dirname(target), {recursive: true});
  // Write next to the target and rename, so a failure never leaves a half-written file.
  const temporary = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(document, null, 2)}\n`);
  fs.renameSync(temporary, target);
  return {
    file: target,
    operations: upstream.size,
    missingHere: [...upstream].filter((key) => !ours.has(key)).sort(),
    notUpstream: [...ours].filter((key) => !upstream.has(key)).sort(),
  };
}

if (require.main === module) {
  const input = process.argv[2];
  if (!input) {
    console.error('Usage: npm run api:fetch -- <unleash-url>   (for example https://unleash.example.com)');
    process.exit(2);
  }
  refresh(input).then(
    (report) => {
      console.log(`[api:fetch] saved ${report.operations} operations to ${path.relative(process.cwd(), report.file)}`);
      console.log(`[api:fetch] ${report.missingHere.length} operations upstream are not described in openapi/ yet${report.missingHere.length ? ':\n  + ' + report.missingHere.join('\n  + ') : ''}`);
      console.log(`[api:fetch] ${report.notUpstream.length} operations in openapi/ are not served upstream${report.notUpstream.length ? ':\n  - ' + report.notUpstream.join('\n  - ') : ''}`);
    },
    (error: unknown) => {
      console.error(`[api:fetch] ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
