/**
 * npm run api:versions [-- --check]: starts each pinned unleash-server (5.x, 6.x, 7.x and the
 * documented 8.x; see servers.ts) against its own throwaway PostgreSQL, one after another, and
 * saves the OpenAPI description it serves. With --check it writes nothing and fails when a
 * committed description differs from what its server serves (the test in npm test).
 */
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../content/pages';
import {RealServerError, servedOpenApi, startRealServer} from '../unleash-server/realServer';
import {recordedServers} from './servers';

const check = process.argv.includes('--check');
const only = process.argv.slice(2).filter((arg) => /^\d+\.\d+\.\d+$/.test(arg));

async function main(): Promise<void> {
  const stale: string[] = [];
  // In --check mode the documented server is left out: `npm run api:real` has just saved what it serves.
  const servers = recordedServers().filter((s) => (only.length === 0 ? !(check && s.packageName === 'unleash-server') : only.includes(s.version)));
  for (const server of servers) {
    const started = Date.now();
    const running = await startRealServer({packageName: server.packageName, log: () => {}});
    try {
      const text = `${JSON.stringify(await servedOpenApi(running.url), null, 2)}\n`;
      const relative = path.relative(repoRoot, server.file);
      const operations = Object.values(JSON.parse(text).paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)).length, 0);
      if (check) {
        const committed = fs.existsSync(server.file) ? fs.readFileSync(server.file, 'utf8') : '';
        if (committed !== text) stale.push(`${relative}: not what ${server.packageName} (${server.version}) serves`);
        console.log(`${server.version}: ${operations} operations, ${committed === text ? 'same as' : 'DIFFERENT from'} ${relative} (${Math.round((Date.now() - started) / 1000)} s)`);
      } else {
        fs.mkdirSync(path.dirname(server.file), {recursive: true});
        fs.writeFileSync(`${server.file}.tmp`, text);
        fs.renameSync(`${server.file}.tmp`, server.file);
        console.log(`${server.version}: ${operations} operations saved to ${relative} (${Math.round((Date.now() - started) / 1000)} s)`);
      }
    } finally {
      await running.stop();
    }
  }
  if (stale.length > 0) {
    console.error(`Committed descriptions differ from the servers:\n  ${stale.join('\n  ')}\nRun npm run api:versions and commit openapi/.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  const kind = error instanceof RealServerError ? ` [${error.kind}]` : '';
  console.error(`api:versions failed${kind}: ${(error as Error).message}`);
  process.exit(1);
});
