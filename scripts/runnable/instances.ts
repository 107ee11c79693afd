/**
 * Fresh unleash-server instances for the request runner, one per page, cheaply.
 *
 * One throwaway PostgreSQL cluster (realServer.ts) holds two templates:
 *   - `unleash`: migrated by a first start of the pinned server, which also creates the
 *     initial `admin` user, exactly as a new self-hosted instance is after its first start;
 *   - `base`: a copy of it in which the runner has signed in as that admin and created the
 *     credentials the pages' placeholders stand for (a personal access token, backend and
 *     frontend API tokens), through the Admin API like a reader would.
 * Each page then gets `CREATE DATABASE … TEMPLATE base` (about 0.1 s) and its own instance
 * (about 0.15 s in the long-lived host process, host.mjs), so no page sees another's changes.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {repoRoot} from '../content/pages';
import {freePort, pinnedServerVersion, postgresBin, startCluster, type Cluster} from '../unleash-server/realServer';

/** The open-source edition's first admin, created on first start (user-service.js, initAdminUsernameUser). */
export const INITIAL_ADMIN = {username: 'admin', password: 'unleash4all'} as const;

export interface Credentials {
  /** A personal access token of the initial admin user (Admin role). */
  personalAccessToken: string;
  /** Backend tokens, all projects, by environment. */
  backend: Record<string, string>;
  /** Frontend tokens, all projects, by environment. */
  frontend: Record<string, string>;
}

export interface StartInstance {
  /** Environment variables for this instance's createConfig. */
  env?: Record<string, string>;
  /** Options merged over the runner's (host.mjs, baseOptions). */
  options?: Record<string, unknown>;
}

export interface Instance {
  url: string;
  database: string;
  /** Creates a project through the server's own project service (see host.mjs). */
  createProject(project: {id: string; name: string; description?: string}): Promise<void>;
  /** Runs what the server's scheduler would do within two minutes, at once (host.mjs, settle). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

interface HostAnswer {
  ok: boolean;
  error?: string;
  ready?: boolean;
}

/** The host process: one command at a time, answered over IPC. */
class Host {
  private readonly waiting: Array<(answer: HostAnswer) => void> = [];
  private readonly log: string[] = [];
  private exited?: string;

  constructor(readonly child: ChildProcess) {
    child.on('message', (answer: HostAnswer) => this.waiting.shift()?.(answer));
    const keep = (chunk: Buffer) => {
      this.log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('exit', (code, signal) => {
      this.exited = `the server host exited with ${code ?? signal}`;
      for (const resolve of this.waiting.splice(0)) resolve({ok: false, error: this.exited});
    });
  }

  logTail(lines = 30): string {
    return this.log.slice(-lines).join('\n');
  }

  ready(): Promise<HostAnswer> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async send(command: Record<string, unknown>): Promise<void> {
    if (this.exited) throw new Error(this.exited);
    const answer = new Promise<HostAnswer>((resolve) => this.waiting.push(resolve));
    this.child.send(command);
    const result = await answer;
    if (!result.ok) throw new Error(`${String(command.cmd)} failed: ${result.error}\nLast lines of the server log:\n${this.logTail()}`);
  }
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`, {signal: AbortSignal.timeout(2000)})).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Signs in as the initial admin and creates the credentials the placeholders stand for. */
async function createCredentials(url: string): Promise<Credentials> {
  const login = await fetch(`${url}/auth/simple/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(INITIAL_ADMIN),
  });
  if (!login.ok) throw new Error(`signing in as ${INITIAL_ADMIN.username} answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const pat = await expectJson<{secret: string}>(
    await fetch(`${url}/api/admin/user/tokens`, {
      method: 'POST',
      headers: {'content-type': 'application/json', cookie},
      body: JSON.stringify({description: 'request runner', expiresAt: '2099-12-31T00:00:00.000Z'}),
    }),
    'creating a personal access token',
  );
  const token = async (type: 'backend' | 'frontend', environment: string) =>
    (
      await expectJson<{secret: string}>(
        await fetch(`${url}/api/admin/api-tokens`, {
          method: 'POST',
          headers: {'content-type': 'application/json', authorization: pat.secret},
          body: JSON.stringify({tokenName: `runner-${type}-${environment}`, type, environment, projects: ['*']}),
        }),
        `creating a ${type} token for ${environment}`,
      )
    ).secret;
  const environments = ['development', 'production'];
  const backend: Record<string, string> = {};
  const frontend: Record<string, string> = {};
  for (const environment of environments) {
    backend[environment] = await token('backend', environment);
    frontend[environment] = await token('frontend', environment);
  }
  return {personalAccessToken: pat.secret, backend, frontend};
}

export interface Instances {
  version: string;
  credentials: Credentials;
  cluster: Cluster;
  /** A fresh instance on a copy of `base` (the default) or of the untouched `unleash` template. */
  start(name: string, from?: 'base' | 'unleash', settings?: StartInstance): Promise<Instance>;
  close(): Promise<void>;
}

export async function startInstances(log: (line: string) => void = () => {}): Promise<Instances> {
  const version = pinnedServerVersion();
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unleash-runner-'));
  fs.chmodSync(dir, 0o755);
  const dbPort = await freePort();
  const cluster = startCluster(bin, dir, dbPort);
  const child = spawn(process.execPath, [path.join(__dirname, 'host.mjs')], {
    cwd: repoRoot,
    // A clean environment, as for api:real: the server reads many variables.
    env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production', TZ: 'UTC', LOG_LEVEL: 'error', RUNNER_DB_PORT: String(dbPort)},
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const host = new Host(child);
  const close = async () => {
    if (child.connected) child.disconnect();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cluster.stop();
    fs.rmSync(dir, {recursive: true, force: true});
  };
  try {
    const ready = await host.ready();
    if (!ready.ok) throw new Error(`the server host did not start: ${ready.error}\n${host.logTail()}`);
    const run = async (database: string, settings: StartInstance = {}): Promise<Instance> => {
      const port = await freePort();
      await host.send({cmd: 'start', database, port, env: settings.env, options: settings.options});
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, 30_000);
      return {url, database, createProject: (project) => host.send({cmd: 'createProject', project}), settle: () => host.send({cmd: 'settle'}), stop: () => host.send({cmd: 'stop'})};
    };
    let started = Date.now();
    const first = await run('unleash');
    await first.stop();
    log(`unleash-server ${version}: database migrated in ${Date.now() - started} ms`);
    started = Date.now();
    cluster.createDatabase('base', 'unleash');
    const base = await run('base');
    const credentials = await createCredentials(base.url);
    await base.stop();
    log(`credentials created in ${Date.now() - started} ms`);
    let copies = 0;
    return {
      version,
      credentials,
      cluster,
      start: async (name, from = 'base', settings = {}) => {
        copies += 1;
        const database = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 40)}_${copies}`;
        cluster.createDatabase(database, from);
        return run(database, settings);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
