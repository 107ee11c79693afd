/**
 * npm run api:real: starts the pinned unleash-server (see realServer.ts), saves the OpenAPI
 * description it serves to openapi/server/openapi.json, stops it and removes its database.
 * The file is written only when a valid description arrived, so a failure leaves openapi/
 * as it was. The conformance test (openapi/conformance.test.ts) reads that file.
 */
import fs from 'node:fs';
import path from 'node:path';
import {RealServerError, servedOpenApi, startRealServer} from './realServer';
import {SERVED_OPENAPI} from './paths';

async function main(): Promise<void> {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : undefined;
  const started = Date.now();
  const server = await startRealServer({port, log: (line) => console.log(line)});
  try {
    const document = await servedOpenApi(server.url);
    // Record which package served it; the server reports its own version in info.
    const text = `${JSON.stringify(document, null, 2)}\n`;
    fs.mkdirSync(path.dirname(SERVED_OPENAPI), {recursive: true});
    const temporary = `${SERVED_OPENAPI}.tmp`;
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, SERVED_OPENAPI);
    const operations = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)).length, 0);
    console.log(`Saved ${path.relative(process.cwd(), SERVED_OPENAPI)}: unleash-server ${server.version}, ${operations} operations (${Math.round((Date.now() - started) / 1000)} s)`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  const kind = error instanceof RealServerError ? ` [${error.kind}]` : '';
  console.error(`api:real failed${kind}: ${(error as Error).message}`);
  process.exit(1);
});
