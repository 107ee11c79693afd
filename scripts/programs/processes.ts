/**
 * Starting the programs of a run and watching them: Node programs as child processes (their
 * stdout and stderr lines are the output), browser programs as a bundle served from a local
 * static server on 127.0.0.1 and opened in Chromium (the console is the output, the rendered
 * page the text), and Next.js apps built with `next build` and served with `next start`.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import type {Browser, BrowserContext, Page} from 'playwright-core';
import {repoRoot} from '../content/pages';
import {bundle} from './bundle';
import type {ProgramSpec} from './spec';
import {patience} from '../testing/patience';

export const WORK_ROOT = path.join(repoRoot, 'tests/.tmp/programs');
const BIN = path.join(repoRoot, 'node_modules/.bin');

export interface Running {
  id: string;
  kind: ProgramSpec['kind'];
  /** Every line printed so far. */
  lines: string[];
  /** Browser: the text of the page or of an element. */
  text?(selector?: string): Promise<string>;
  page?: Page;
  /** Next.js, or a Node program that serves HTTP: its address. */
  url?: string;
  /** Node: sends the program a signal. */
  signal?(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** Files of a program, by name, written into its own folder under tests/.tmp/programs. */
export function writeFiles(id: string, files: Map<string, string>): string {
  const dir = path.join(WORK_ROOT, id);
  fs.rmSync(dir, {recursive: true, force: true});
  for (const [name, content] of files) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, content);
  }
  fs.mkdirSync(dir, {recursive: true});
  return dir;
}

function collect(child: ChildProcess, lines: string[]): void {
  let partial = {out: '', err: ''};
  const take = (which: 'out' | 'err') => (chunk: Buffer) => {
    const text = partial[which] + chunk.toString('utf8');
    const parts = text.split('\n');
    partial[which] = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', take('out'));
  child.stderr?.on('data', take('err'));
  child.on('exit', () => {
    for (const rest of [partial.out, partial.err]) if (rest) lines.push(rest);
    partial = {out: '', err: ''};
  });
}

function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {PATH: `${BIN}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '/tmp', ...extra};
}

/** Ends a child started in its own process group, and everything it started. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, patience(5_000));
  await exited;
  clearTimeout(timer);
}

export function startNode(id: string, dir: string, spec: ProgramSpec, entry: string, env: Record<string, string>): Running {
  const command = spec.command ?? (/\.(ts|tsx|mts)$/.test(entry) ? ['tsx', entry] : ['node', entry]);
  // A temp folder of its own: the Node.js SDK keeps its backup file in os.tmpdir(), and a
  // backup left by another program would stand in for the first fetch.
  const tmp = path.join(dir, '.tmp');
  fs.mkdirSync(tmp, {recursive: true});
  const child = spawn(command[0]!, command.slice(1), {cwd: dir, env: baseEnv({TMPDIR: tmp, ...env}), stdio: ['ignore', 'pipe', 'pipe'], detached: true});
  const lines: string[] = [];
  collect(child, lines);
  child.on('exit', (code, signal) => lines.push(`[exited with ${code ?? signal}]`));
  return {id, kind: 'node', lines, stop: () => stopGroup(child), signal: (signal) => child.kill(signal)};
}

const TYPES: Record<string, string> = {'.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json'};

/** Serves a folder on 127.0.0.1; the entry's path answers with the bundle. */
function serve(dir: string, entryPath: string, bundleFile: string): Promise<{url: string; close(): Promise<void>}> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const route = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const file = route === `/${entryPath}` ? bundleFile : path.join(dir, route === '/' ? 'index.html' : route);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = file === bundleFile ? TYPES['.js']! : (TYPES[path.extname(file)] ?? 'application/json');
    res.writeHead(200, {'content-type': type, 'cache-control': 'no-store'}).end(fs.readFileSync(file));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

export async function startBrowser(id: string, dir: string, spec: ProgramSpec, entry: string, env: Record<string, string>, browser: Browser): Promise<Running> {
  const bundleFile = path.join(dir, '.bundle', 'bundle.js');
  fs.mkdirSync(path.dirname(bundleFile), {recursive: true});
  await bundle(path.join(dir, entry), bundleFile, env);
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    fs.writeFileSync(index, `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${id}</title></head>\n<body>\n${spec.html ?? '<div id="root"></div>'}\n<script type="module" src="/${entry}"></script>\n</body>\n</html>\n`);
  }
  const server = await serve(dir, entry, bundleFile);
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  await page.goto(`${server.url}/`);
  return {
    id,
    kind: 'browser',
    lines,
    page,
    url: server.url,
    text: async (selector = 'body') => {
      const locator = page.locator(selector);
      return (await locator.count()) ? (await locator.allInnerTexts()).join('\n') : '';
    },
    stop: async () => {
      await context.close();
      await server.close();
    },
  };
}

function run(command: string, args: string[], dir: string, env: NodeJS.ProcessEnv, lines: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe']});
    collect(child, lines);
    child.on('exit', (code) => resolve(code));
  });
}

/** Builds the app with `next build` and serves it with `next start` on a free port. */
export async function startNext(id: string, dir: string, port: number): Promise<Running & {buildMs: number}> {
  const lines: string[] = [];
  const env = baseEnv({NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production'});
  const started = Date.now();
  const code = await run(path.join(BIN, 'next'), ['build'], dir, env, lines);
  const buildMs = Date.now() - started;
  if (code !== 0) throw new Error(`next build exited with ${code}:\n${lines.slice(-40).join('\n')}`);
  const child = spawn(path.join(BIN, 'next'), ['start', '--port', String(port), '--hostname', '127.0.0.1'], {cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true});
  collect(child, lines);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + patience(60_000);
  try {
    await waitForNext(child, url, deadline, lines);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return {id, kind: 'next', lines, url, buildMs, stop: () => stopGroup(child)};
}

async function waitForNext(child: ChildProcess, url: string, deadline: number, lines: string[]): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${lines.slice(-20).join('\n')}`);
    // Any answer on a path the app does not route: the server listens. No page is rendered,
    // so no request reaches Unleash before the steps begin.
    const answered = await fetch(`${url}/_next/static/not-a-file`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`next start did not answer in time:\n${lines.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
