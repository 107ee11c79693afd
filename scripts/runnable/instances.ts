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
import {patience} from '../testing/patience';
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
  id?: number;
  error?: string;
  ready?: boolean;
}

/** A failure of the host process itself (it died, or a command outlasted its bound): the host is killed. */
export class HostFailure extends Error {}

/**
 * The host process: one command at a time, answered over IPC. A command whose answer does not
 * come within its bound, or a host that exits, fails that command only, with the last lines of
 * the host's log; the host is then killed, and startInstances starts a new one for the next
 * instance. Nothing it does throws outside the command that asked (a send to a host that has
 * gone fails that send, never as an uncaught EPIPE).
 */
class Host {
  private readonly waiting = new Map<number, (answer: HostAnswer) => void>();
  private readonly log: string[] = [];
  private nextId = 1;
  private gone?: string;
  readonly ready: Promise<HostAnswer>;

  constructor(readonly child: ChildProcess) {
    let readyAnswer: (answer: HostAnswer) => void = () => {};
    this.ready = new Promise((resolve) => (readyAnswer = resolve));
    child.on('message', (answer: HostAnswer) => {
      if (answer.ready) return readyAnswer(answer);
      const resolve = answer.id === undefined ? undefined : this.waiting.get(answer.id);
      this.waiting.delete(answer.id ?? -1);
      resolve?.(answer);
    });
    const keep = (chunk: Buffer) => {
      this.log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    // A failed send (EPIPE when the host has just died) arrives here: the exit handler answers.
    child.on('error', (error) => this.log.push(`[runner] host process error: ${error.message}`));
    child.on('exit', (code, signal) => {
      this.gone ??= `the server host exited with ${code ?? signal}`;
      const answer = {ok: false, error: this.gone};
      readyAnswer(answer);
      for (const resolve of this.waiting.values()) resolve(answer);
      this.waiting.clear();
    });
  }

  get alive(): boolean {
    return this.gone === undefined;
  }

  logTail(lines = 30): string {
    return this.log.slice(-lines).join('\n');
  }

  /** Sends a command and waits for its answer, for at most `boundMs`. */
  async send(command: Record<string, unknown>, boundMs: number): Promise<void> {
    const what = String(command.cmd);
    if (this.gone) throw new HostFailure(`${what}: ${this.gone}\nLast lines of the server log:\n${this.logTail()}`);
    const id = this.nextId++;
    let timer: NodeJS.Timeout | undefined;
    const answer = await new Promise<HostAnswer>((resolve) => {
      this.waiting.set(id, resolve);
      timer = setTimeout(() => resolve({ok: false, error: `no answer within ${Math.round(boundMs / 1000)} s`}), boundMs);
      this.child.send({...command, id}, (error) => {
        if (error) resolve({ok: false, error: `the command could not reach the host (${error.message})`});
      });
    });
    clearTimeout(timer);
    this.waiting.delete(id);
    if (answer.ok) return;
    const message = `${what} failed: ${answer.error}\nLast lines of the server log:\n${this.logTail()}`;
    // The host answered with an error (the page's own failure): it is sound. Otherwise it is not.
    if (this.gone || /^no answer within|could not reach the host/.test(answer.error ?? '')) {
      await this.kill(`killed after: ${answer.error}`);
      throw new HostFailure(message);
    }
    throw new Error(message);
  }

  /** Ends the host (and the instance in it) at once. */
  async kill(reason = 'killed'): Promise<void> {
    this.gone ??= `the server host was ${reason}`;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  /** Asks the host to stop its instance and leave; kills it if it does not. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    if (this.child.connected) this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), patience(10_000));
    await exited;
    clearTimeout(timer);
  }
}

/** Bounds on the host's commands on an idle machine (scaled by patience). */
const BOUNDS = {start: 60_000, health: 30_000, stop: 30_000, settle: 60_000, createProject: 30_000, fault: 10_000} as const;

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`, {signal: AbortSignal.timeout(Math.min(timeoutMs, 5_000))})).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Signs in as the initial admin and returns the session cookie. The body is read before the
 * cookie is used: express-session sends the headers and all but the last byte of the answer,
 * then stores the session and only then ends it, so a request sent on the headers alone can
 * reach the server before its session exists (seen as a 401 under a load average of 20).
 */
export async function signInAsInitialAdmin(url: string): Promise<string> {
  const login = await fetch(`${url}/auth/simple/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(INITIAL_ADMIN),
  });
  const body = await login.text();
  if (!login.ok) throw new Error(`signing in as ${INITIAL_ADMIN.username} answered ${login.status}: ${body.slice(0, 300)}`);
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`signing in as ${INITIAL_ADMIN.username} set no cookie`);
  return cookie;
}

/** Signs in as the initial admin and creates the credentials the placeholders stand for. */
async function createCredentials(url: string): Promise<Credentials> {
  const cookie = await signInAsInitialAdmin(url);
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
  /**
   * A fresh instance on a copy of `base` (the default) or of the untouched `unleash` template.
   * An instance that does not start (an error, no answer within its bound, a host that dies)
   * is killed with its host and started once more in a new host; the error names both tries.
   */
  start(name: string, from?: 'base' | 'unleash', settings?: StartInstance): Promise<Instance>;
  /** Host processes started so far (1 unless one was replaced). */
  hostsStarted(): number;
  /** Sends the current host a fault (instances.test.ts). */
  fault(kind: 'unhandledRejection' | 'exit' | 'hang', boundMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface InstancesOptions {
  log?: (line: string) => void;
  /** Multiplies every bound on the host's commands (instances.test.ts makes them short). */
  boundScale?: number;
}

export async function startInstances(logOrOptions: ((line: string) => void) | InstancesOptions = {}): Promise<Instances> {
  const {log = () => {}, boundScale = 1} = typeof logOrOptions === 'function' ? {log: logOrOptions} : logOrOptions;
  const bound = (what: keyof typeof BOUNDS) => patience(BOUNDS[what] * boundScale);
  const version = pinnedServerVersion();
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unleash-runner-'));
  fs.chmodSync(dir, 0o755);
  const dbPort = await freePort();
  const cluster = startCluster(bin, dir, dbPort);
  let hosts = 0;
  let host: Host | undefined;

  /** The running host, or a new one when there is none or it has died. */
  const liveHost = async (): Promise<Host> => {
    if (host?.alive) return host;
    if (host) log(`the server host is replaced (${host.logTail(1) || 'it had stopped'})`);
    const child = spawn(process.execPath, [path.join(__dirname, 'host.mjs')], {
      cwd: repoRoot,
      // A clean environment, as for api:real: the server reads many variables.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        TZ: 'UTC',
        LOG_LEVEL: 'error',
        RUNNER_DB_PORT: String(dbPort),
        RUNNER_DB_ACQUIRE_MS: String(patience(120_000)),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    hosts += 1;
    const fresh = new Host(child);
    host = fresh;
    const timer = setTimeout(() => void fresh.kill('killed: not ready in time'), patience(60_000));
    const ready = await fresh.ready;
    clearTimeout(timer);
    if (!ready.ok) throw new HostFailure(`the server host did not start: ${ready.error}\n${fresh.logTail()}`);
    return fresh;
  };

  const close = async () => {
    await host?.close();
    cluster.stop();
    fs.rmSync(dir, {recursive: true, force: true});
  };

  const startOnce = async (database: string, settings: StartInstance): Promise<Instance> => {
    const current = await liveHost();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      await current.send({cmd: 'start', database, port, env: settings.env, options: settings.options}, bound('start'));
      await waitForHealth(url, bound('health'));
    } catch (error) {
      // Whatever a failed start left in the host (a half-built instance, its pool, its timers)
      // goes with it.
      if (error instanceof HostFailure) throw error;
      await current.kill(`killed: ${(error as Error).message.split('\n')[0]}`);
      throw new HostFailure(`${(error as Error).message}\nLast lines of the server log:\n${current.logTail()}`);
    }
    return {
      url,
      database,
      createProject: (project) => current.send({cmd: 'createProject', project}, bound('createProject')),
      settle: () => current.send({cmd: 'settle'}, bound('settle')),
      stop: async () => {
        try {
          await current.send({cmd: 'stop'}, bound('stop'));
        } catch (error) {
          // The host did not stop the instance in time or died: it has been killed with the
          // instance in it, which is what a stop is for. Reported, and the next start gets a new
          // host. An error the instance itself raised while it served fails the stop.
          if (!(error instanceof HostFailure)) throw error;
          console.warn(`[runner] the instance on ${database} was killed with its host: ${error.message}`);
        }
      },
    };
  };

  /** Starts an instance; a start that fails for the host's sake is tried once more in a new host. */
  const run = async (database: string, settings: StartInstance = {}): Promise<Instance> => {
    try {
      return await startOnce(database, settings);
    } catch (first) {
      if (!(first instanceof HostFailure)) throw first;
      console.warn(`[runner] the instance on ${database} did not start and was killed; starting it in a new host: ${first.message}`);
      try {
        return await startOnce(database, settings);
      } catch (second) {
        throw new Error(`the instance on ${database} did not start, twice.\nFirst: ${first.message}\nSecond: ${(second as Error).message}`);
      }
    }
  };

  try {
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
      hostsStarted: () => hosts,
      fault: async (kind, boundMs = bound('fault')) => (await liveHost()).send({cmd: 'fault', kind}, boundMs),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
