/**
 * Starts the real Unleash server (the pinned `unleash-server` devDependency) against a
 * throwaway PostgreSQL cluster from Debian's `postgresql` package, both on 127.0.0.1 only,
 * and hands back its base URL. `stop()` ends both and removes the cluster. Every way it can
 * fail is named, so a CI log says which part broke.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {repoRoot} from '../content/pages';
import {patience} from '../testing/patience';

export class RealServerError extends Error {
  constructor(
    readonly kind: 'postgresql-missing' | 'port-in-use' | 'postgresql-failed' | 'server-failed' | 'timeout' | 'not-openapi',
    message: string,
  ) {
    super(message);
  }
}

export interface RealServer {
  url: string;
  version: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Port for Unleash; a free one when unset. */
  port?: number;
  /** How long Unleash may take to answer /health. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /**
   * The installed package to start: `unleash-server` (the documented version) or one of the
   * older majors package.json pins under an alias (`unleash-server-7`: `npm:unleash-server@7.6.5`).
   */
  packageName?: string;
  /**
   * An unleash-server installed elsewhere (its package folder), started as it is, without the
   * package.json pin: what `npm run drift` does with a release the site does not pin.
   */
  packageDir?: string;
}

const serverPackageFile = (packageName: string) => path.join(repoRoot, 'node_modules', packageName, 'package.json');

/** The exact version package.json pins for `unleash-server` or an alias of it (`npm:unleash-server@7.6.5`). */
export function pinnedServerVersion(packageName = 'unleash-server'): string {
  const declared = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {devDependencies: Record<string, string>}).devDependencies[packageName];
  const version = declared?.replace(/^npm:unleash-server@/, '');
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`package.json must pin ${packageName} to an exact version of unleash-server (it says ${declared ?? 'nothing'})`);
  return version;
}

/** The bin folder of the newest PostgreSQL that has initdb, pg_ctl and postgres. */
export function postgresBin(root = '/usr/lib/postgresql'): string {
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((tool) => fs.existsSync(path.join(bin, tool)))) return bin;
  }
  throw new RealServerError('postgresql-missing', `PostgreSQL is missing: no ${root}/<version>/bin with initdb, pg_ctl and postgres. Install Debian's package (apt-get install postgresql) or run scripts/ensure-system-packages.sh as root.`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new RealServerError('port-in-use', `Port ${port} on 127.0.0.1 is in use: stop what listens there or choose another port.`) : error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** As root, PostgreSQL refuses to run, so its tools run as the `postgres` user. */
function asDatabaseUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[], what: string): string {
  const [cmd, cmdArgs] = asDatabaseUser(command, args);
  const result = spawnSync(cmd, cmdArgs, {encoding: 'utf8'});
  if (result.status !== 0) {
    throw new RealServerError('postgresql-failed', `${what} failed (${path.basename(command)} exited ${result.status ?? result.signal}): ${(result.stderr || result.stdout || String(result.error ?? '')).trim().split('\n').slice(-5).join('\n')}`);
  }
  return result.stdout;
}

export interface Cluster {
  port: number;
  /** `createdb` on this cluster; with `template`, a copy of that database (it must have no connections). */
  createDatabase(name: string, template?: string): void;
  /** Runs SQL in a database as the `postgres` superuser, failing on the first error. */
  sql(database: string, statements: string): string;
  stop(): void;
}

/** A PostgreSQL cluster in `dir` on 127.0.0.1:`port`, with an empty `unleash` database. */
export function startCluster(bin: string, dir: string, port: number): Cluster {
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, {recursive: true});
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], 'initdb');
  run(
    path.join(bin, 'pg_ctl'),
    ['-D', data, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'],
    'Starting PostgreSQL',
  );
  const stop = () => {
    const [cmd, args] = asDatabaseUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(cmd, args, {encoding: 'utf8'});
  };
  const createDatabase = (name: string, template?: string) =>
    run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', ...(template ? ['-T', template] : []), name], `Creating the ${name} database`);
  const sql = (database: string, statements: string) =>
    run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-q', '-A', '-t', '-c', statements], `SQL in ${database}`);
  try {
    createDatabase('unleash');
  } catch (error) {
    stop();
    throw error;
  }
  return {port, createDatabase, sql, stop};
}

/** The child's program: the package's own start(), open-source edition, no login. */
function serverProgram(port: number, dbPort: number, packageName: string): string {
  const options = {
    db: {host: '127.0.0.1', port: dbPort, user: 'postgres', password: '', database: 'unleash', ssl: false},
    server: {host: '127.0.0.1', port, enableRequestLogger: false},
    authentication: {type: 'none'},
    enableOAS: true,
    versionCheck: {enable: false},
    disableScheduler: true,
  };
  return `require(${JSON.stringify(packageName)}).start(${JSON.stringify(options)}).catch((e) => { console.error(e); process.exit(1); });`;
}

async function waitForHealth(url: string, child: ChildProcess, logTail: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));
  while (Date.now() < deadline) {
    if (exited) throw new RealServerError('server-failed', `unleash-server ${exited} before it was healthy. Last lines of its log:\n${logTail()}`);
    try {
      const response = await fetch(`${url}/health`, {signal: AbortSignal.timeout(2000)});
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new RealServerError('timeout', `unleash-server did not answer ${url}/health within ${Math.round(timeoutMs / 1000)} s. Last lines of its log:\n${logTail()}`);
}

export async function startRealServer(options: StartOptions = {}): Promise<RealServer> {
  const log = options.log ?? (() => {});
  // A package folder is started through its resolved entry point: `exports` maps only bare names.
  const packageName = options.packageDir ? require.resolve('unleash-server', {paths: [path.dirname(path.dirname(options.packageDir))]}) : (options.packageName ?? 'unleash-server');
  const packageFile = options.packageDir ? path.join(options.packageDir, 'package.json') : serverPackageFile(packageName);
  if (!fs.existsSync(packageFile)) throw new RealServerError('server-failed', `${options.packageDir ?? `node_modules/${packageName}`} is missing${options.packageDir ? '' : ': run npm ci.'}`);
  const installed = (JSON.parse(fs.readFileSync(packageFile, 'utf8')) as {version: string}).version;
  const version = options.packageDir ? installed : pinnedServerVersion(packageName);
  if (installed !== version) throw new RealServerError('server-failed', `package.json pins ${packageName} ${version} but ${installed} is installed: run npm ci.`);
  const bin = postgresBin();
  const port = options.port ?? (await freePort());
  await assertPortFree(port);
  const dbPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unleash-pg-'));
  fs.chmodSync(dir, 0o755);
  let cluster: Cluster | undefined;
  let child: ChildProcess | undefined;
  const removeDir = () => fs.rmSync(dir, {recursive: true, force: true});
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child!.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cluster?.stop();
    removeDir();
  };
  try {
    log(`PostgreSQL from ${bin} on 127.0.0.1:${dbPort}, cluster in ${dir}`);
    cluster = startCluster(bin, dir, dbPort);
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    };
    log(`unleash-server ${version} on 127.0.0.1:${port}`);
    child = spawn(process.execPath, ['-e', serverProgram(port, dbPort, packageName)], {
      cwd: repoRoot,
      // A clean environment for the server's settings: only what Node itself needs.
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production', LOG_LEVEL: 'warn'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, () => lines.slice(-30).join('\n'), options.timeoutMs ?? patience(180_000));
    return {url, version, stop};
  } catch (error) {
    await stop();
    throw error;
  }
}

type Json = Record<string, any>;

/** The OpenAPI description the server serves, checked to be one. */
export async function servedOpenApi(url: string): Promise<Json> {
  const response = await fetch(`${url}/docs/openapi.json`, {signal: AbortSignal.timeout(30_000)});
  const text = await response.text();
  if (!response.ok) throw new RealServerError('not-openapi', `${url}/docs/openapi.json answered ${response.status}: ${text.slice(0, 200)}`);
  let document: Json;
  try {
    document = JSON.parse(text) as Json;
  } catch (error) {
    throw new RealServerError('not-openapi', `${url}/docs/openapi.json is not JSON (${(error as Error).message}): ${text.slice(0, 200)}`);
  }
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.') || typeof document.paths !== 'object' || !document.paths || Object.keys(document.paths).length === 0) {
    throw new RealServerError('not-openapi', `${url}/docs/openapi.json is not an OpenAPI 3 description with paths`);
  }
  return document;
}
