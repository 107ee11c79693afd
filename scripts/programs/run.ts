/**
 * One run: a fresh unleash-server instance (a copy of the request runner's `base` database,
 * scheduler on, as a real server runs), a counting proxy in front of it, the page's set-up
 * made through the Admin API, the programs assembled from the page's blocks and started, and
 * then the steps in order. Every wait is for a state (a line printed, a text shown, a request
 * seen) with a limit, never for a fixed time.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {Browser} from 'playwright-core';
import type {Instances} from '../runnable/instances';
import {leftPlaceholders, placeholderValues, substitute} from '../runnable/placeholders';
import {freePort} from '../unleash-server/realServer';
import {startCounter, type Counter} from './counter';
import {startBrowser, startNext, startNode, writeFiles, type Running} from './processes';
import {adminClient, applySetup, createFlag, type Admin} from './setup';
import {programBlocks, type Expectation, type RunSpec, type Step} from './spec';
import {patience} from '../testing/patience';

export interface RunResult {
  page: string;
  title: string;
  programs: string[];
  /** Steps that held, of all steps. */
  passedSteps: number;
  steps: number;
  problems: string[];
  notes: string[];
  ms: number;
}

export interface RunContext {
  instances: Instances;
  browser: () => Promise<Browser>;
}

/** How long a step's expectations may take to hold on an idle machine (scaled by patience). */
const DEFAULT_WITHIN = 15_000;
const POLL_MS = 100;

/** The program's files: its blocks joined per file name, and its glue, with the placeholders replaced. */
export function assemble(run: RunSpec, id: string, values: Map<string, string>): {files: Map<string, string>; problems: string[]} {
  const spec = run.programs[id]!;
  const files = new Map<string, string>();
  for (const block of programBlocks(run, id)) files.set(block.file, files.has(block.file) ? `${files.get(block.file)}\n\n${block.code}\n` : `${block.code}\n`);
  for (const [name, content] of Object.entries(spec.glue ?? {})) files.set(name, content);
  for (const [name, content] of Object.entries(spec.prepend ?? {})) files.set(name, `${content}\n${files.get(name) ?? ''}`);
  for (const [name, content] of Object.entries(spec.append ?? {})) files.set(name, `${files.get(name) ?? ''}\n${content}\n`);
  const problems: string[] = [];
  for (const [name, content] of files) {
    const replaced = substitute(content, values);
    files.set(name, replaced);
    const left = leftPlaceholders(replaced);
    if (left.length) problems.push(`${id}/${name}: placeholders left after substitution: ${left.join(', ')}`);
  }
  return {files, problems};
}

/** The flag the runner adds after a run's set-up, to see when the Frontend API serves it. */
export const SETUP_DONE_FLAG = 'runner-setup-done';

/**
 * Waits until the server serves the set-up. Unleash notices new configuration once a second
 * (the scheduler's revision check) and only then refreshes what the Client API and the
 * Frontend API answer. A reader creates flags and only later starts the app; a program started
 * at once could get the configuration from before the set-up. So the runner adds one more flag
 * after the set-up, on in development, and waits until the Frontend API returns it: the
 * Frontend API's copy is refreshed as a whole, so then the whole set-up is in.
 */
async function settled(url: string, admin: Admin, frontendToken: string): Promise<void> {
  await createFlag(admin, {name: SETUP_DONE_FLAG, environments: {development: {enabled: true}}});
  const bound = patience(30_000);
  const deadline = Date.now() + bound;
  for (;;) {
    const response = await fetch(`${url}/api/frontend`, {headers: {authorization: frontendToken}});
    const body = await response.text();
    if (response.ok && body.includes(`"${SETUP_DONE_FLAG}"`)) return;
    if (Date.now() > deadline) throw new Error(`the Frontend API did not serve the set-up within ${Math.round(bound / 1000)} s (${response.status}: ${body.slice(0, 200)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until a Node program that serves HTTP accepts connections (or exits). */
async function waitForPort(running: Running, port: number): Promise<void> {
  const bound = patience(30_000);
  const deadline = Date.now() + bound;
  while (Date.now() < deadline) {
    if (running.lines.some((line) => line.startsWith('[exited'))) throw new Error(`${running.id} exited before it listened on $PORT:\n${running.lines.slice(-20).join('\n')}`);
    const listening = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (listening) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${running.id} did not listen on port ${port} within ${Math.round(bound / 1000)} s:\n${running.lines.slice(-20).join('\n')}`);
}

/** The VITE_ variables of a program's .env and .env.local files. */
function viteEnv(files: Map<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['.env', '.env.local']) {
    for (const line of (files.get(name) ?? '').split('\n')) {
      const match = /^\s*(VITE_\w+)\s*=\s*(.*?)\s*$/.exec(line);
      if (match) env[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, '$2');
    }
  }
  return env;
}

interface Visitor {
  cookies: Map<string, string>;
  last?: string;
}

class Session {
  readonly programs = new Map<string, Running>();
  readonly cursors = new Map<string, number>();
  readonly visitors = new Map<string, Visitor>();
  readonly remembered = new Map<string, string>();
  /** Per program, the latest line an output expectation matched in the current step. */
  readonly matched = new Map<string, number>();
  requestsSince = 0;
  readonly notes: string[] = [];

  constructor(
    readonly run: RunSpec,
    readonly admin: Admin,
    readonly counter: Counter,
    readonly values: Map<string, string>,
    readonly workDirs: Map<string, string>,
    readonly browser?: () => Promise<Browser>,
  ) {}

  program(id: string): Running {
    const running = this.programs.get(id);
    if (!running) throw new Error(`program "${id}" is not running`);
    return running;
  }

  /** What one expectation lacks now, or undefined when it holds. */
  async lacking(expectation: Expectation): Promise<string | undefined> {
    const running = this.program(expectation.program);
    const since = running.lines.slice(this.cursors.get(expectation.program) ?? 0);
    const outputs = expectation.output === undefined ? [] : [expectation.output].flat();
    if (outputs.length) {
      const index = since.findIndex((line) => outputs.some((output) => line.includes(output)));
      if (index < 0) return `${expectation.program} did not print ${outputs.map((output) => `"${output}"`).join(' or ')}`;
      const cursor = (this.cursors.get(expectation.program) ?? 0) + index;
      this.matched.set(expectation.program, Math.max(this.matched.get(expectation.program) ?? 0, cursor));
    }
    if (expectation.noOutput !== undefined && since.some((line) => line.includes(expectation.noOutput!))) return `${expectation.program} printed "${expectation.noOutput}"`;
    if (expectation.text !== undefined || expectation.notText !== undefined || expectation.equals !== undefined || expectation.remember !== undefined) {
      if (!running.text) return `${expectation.program} is not a browser program`;
      const text = await running.text(expectation.selector);
      const where = expectation.selector ? ` in ${expectation.selector}` : '';
      const shown = JSON.stringify(text.slice(0, 300));
      const wanted = expectation.text === undefined ? [] : [expectation.text].flat();
      if (wanted.length && !wanted.some((item) => text.includes(item))) return `${expectation.program} does not show ${wanted.map((item) => `"${item}"`).join(' or ')}${where}; it shows: ${shown}`;
      if (expectation.notText !== undefined && text.includes(expectation.notText)) return `${expectation.program} shows "${expectation.notText}"${where}`;
      if (expectation.equals !== undefined && text !== this.remembered.get(expectation.equals)) return `${expectation.program} shows ${shown}${where}, not ${JSON.stringify(this.remembered.get(expectation.equals))} as before (${expectation.equals})`;
      if (expectation.remember !== undefined) this.remembered.set(expectation.remember, text);
    }
    return undefined;
  }

  async step(step: Step): Promise<string[]> {
    const within = patience(step.within ?? DEFAULT_WITHIN);
    const problems: string[] = [];
    if (step.request) {
      const [method, route] = step.request.split(/\s+/);
      await this.admin(method!, await this.route(route!), step.body);
    }
    if (step.open) await this.open(step.open.program, step.open.path);
    if (step.fill) await this.program(step.fill.program).page!.fill(step.fill.selector, step.fill.value, {timeout: within});
    if (step.click) await this.program(step.click.program).page!.click(step.click.selector, {timeout: within});
    if (step.reload) await this.program(step.reload.program).page!.reload();
    if (step.release) this.counter.release();
    if (step.signal) this.program(step.signal.program).signal?.(step.signal.signal);
    if (step.get) problems.push(...(step.get.until ? await this.getUntil(step.get, within) : await this.get(step.get)));
    if (step.shell) problems.push(...(await this.shell(step.shell)));
    if (step.expect?.length || step.adminGet || step.requests) {
      const deadline = Date.now() + within;
      let lacking: string[] = [];
      for (;;) {
        lacking = (await Promise.all((step.expect ?? []).map((expectation) => this.lacking(expectation)))).filter((item): item is string => item !== undefined);
        if (step.adminGet) {
          const answer = await this.admin('GET', await this.route(step.adminGet.path)).then(
            (body) => JSON.stringify(body),
            (error: Error) => error.message,
          );
          for (const text of step.adminGet.contains ?? []) if (!answer.includes(text)) lacking.push(`GET ${step.adminGet.path} has no "${text}"`);
          for (const text of step.adminGet.notContains ?? []) if (answer.includes(text)) lacking.push(`GET ${step.adminGet.path} has "${text}"`);
        }
        if (step.requests) lacking.push(...this.requests(step.requests));
        if (lacking.length === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      problems.push(...lacking.map((item) => `${item} within ${within} ms`));
    }
    if (step.requests) {
      this.notes.push(this.requestSummary(step.requests));
      this.requestsSince = this.counter.seen.length;
    }
    // The next output expectations of a program read on from this step's latest match, so
    // lines printed while other programs were awaited are not skipped.
    for (const [id, cursor] of this.matched) this.cursors.set(id, cursor);
    this.matched.clear();
    return problems;
  }

  /** Replaces `{strategy:<flag>:<environment>}` with the id of that strategy. */
  async route(route: string): Promise<string> {
    let out = route;
    for (const match of route.matchAll(/\{strategy:([\w.-]+):([\w-]+)\}/g)) {
      const strategies = (await this.admin('GET', `/api/admin/projects/default/features/${match[1]}/environments/${match[2]}/strategies`)) as Array<{id: string}>;
      if (!strategies[0]) throw new Error(`${match[1]} has no strategy in ${match[2]}`);
      out = out.replace(match[0], strategies[0].id);
    }
    return out;
  }

  async open(id: string, urlPath: string): Promise<void> {
    const running = this.program(id);
    if (!this.browser) throw new Error('no browser');
    const context = await (await this.browser()).newContext();
    const page = await context.newPage();
    page.on('console', (message) => running.lines.push(`console: ${message.text()}`));
    page.on('pageerror', (error) => running.lines.push(`pageerror: ${error.message}`));
    await page.goto(`${running.url}${urlPath}`);
    running.page = page;
    running.text = async (selector = 'body') => {
      const locator = page.locator(selector);
      return (await locator.count()) ? (await locator.allInnerTexts()).join('\n') : '';
    };
    const stop = running.stop;
    running.stop = async () => {
      await context.close();
      await stop();
    };
  }

  async get(get: NonNullable<Step['get']>): Promise<string[]> {
    const problems: string[] = [];
    for (let time = 0; time < (get.times ?? 1); time += 1) problems.push(...(await this.getOnce(get)));
    return problems;
  }

  /** GETs again until the answer has what the step expects, or `within` ends; notes how long it took. */
  async getUntil(get: NonNullable<Step['get']>, within: number): Promise<string[]> {
    const started = Date.now();
    let problems: string[] = [];
    while (Date.now() - started <= within) {
      problems = await this.getOnce(get);
      if (problems.length === 0) {
        this.notes.push(`GET ${get.path}${get.as ? ` as ${get.as}` : ''} showed the change after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return [];
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return problems.map((problem) => `${problem} (still after ${within} ms)`);
  }

  async getOnce(get: NonNullable<Step['get']>): Promise<string[]> {
    const running = this.program(get.program);
    const visitor = this.visitors.get(get.as ?? 'default') ?? {cookies: new Map<string, string>()};
    this.visitors.set(get.as ?? 'default', visitor);
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${running.url}${get.path}`, {headers: {...(cookie ? {cookie} : {}), ...get.headers}, redirect: 'manual', signal: AbortSignal.timeout(patience(60_000))});
    const body = await response.text();
    const problems: string[] = [];
    const label = `GET ${get.path}${get.as ? ` as ${get.as}` : ''}`;
    if (response.status !== (get.status ?? 200)) problems.push(`${label} answered ${response.status}: ${body.slice(0, 300)}`);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      visitor.cookies.set(name!.trim(), value.join('='));
    }
    if (get.cookie && !response.headers.getSetCookie().some((line) => line.startsWith(`${get.cookie}=`)) && !visitor.cookies.has(get.cookie)) problems.push(`${label} set no ${get.cookie} cookie`);
    for (const text of get.contains ?? []) if (!body.includes(text)) problems.push(`${label}: the page has no "${text}"`);
    for (const text of get.notContains ?? []) if (body.includes(text)) problems.push(`${label}: the page has "${text}"`);
    if (get.keep) {
      const now = new RegExp(get.keep).exec(body)?.[0];
      const before = visitor.last === undefined ? undefined : new RegExp(get.keep).exec(visitor.last)?.[0];
      if (now === undefined) problems.push(`${label}: nothing matches ${get.keep}`);
      else if (visitor.last !== undefined && now !== before) problems.push(`${label}: ${now} differs from this visitor's previous answer, ${before}`);
    }
    visitor.last = body;
    return problems;
  }

  /** Requests to the path since the last `requests` step; CORS preflights (OPTIONS) do not count. */
  seen(expected: NonNullable<Step['requests']>) {
    return this.counter.seen.slice(this.requestsSince).filter((request) => request.method !== 'OPTIONS' && request.path === expected.path && (!expected.via || request.userAgent.includes(expected.via)));
  }

  requestSummary(expected: NonNullable<Step['requests']>): string {
    const seen = this.seen(expected);
    return `${expected.path}: ${seen.length} request(s) reached Unleash: ${seen.map((request) => `${request.method} ${request.status}${request.ifNoneMatch ? ' (If-None-Match)' : ''}`).join(', ') || 'none'}`;
  }

  /** What the requests seen so far lack; polled with the step's other expectations. */
  requests(expected: NonNullable<Step['requests']>): string[] {
    const seen = this.seen(expected);
    const summary = this.requestSummary(expected);
    const problems: string[] = [];
    if (expected.count !== undefined && seen.length !== expected.count) problems.push(`expected ${expected.count}: ${summary}`);
    if (expected.minCount !== undefined && seen.length < expected.minCount) problems.push(`expected at least ${expected.minCount}: ${summary}`);
    if (expected.status !== undefined && seen.some((request) => request.status !== expected.status)) problems.push(`expected status ${expected.status}: ${summary}`);
    for (const text of expected.query ?? []) {
      const without = seen.filter((request) => !request.query.includes(text));
      if (without.length) problems.push(`expected "${text}" in the query of every request: ${without.map((request) => request.query || '(none)').join(' | ')}`);
    }
    if (expected.ifNoneMatch !== undefined && seen.some((request) => request.ifNoneMatch !== expected.ifNoneMatch)) problems.push(`expected If-None-Match ${expected.ifNoneMatch ? 'on every request' : 'on none'}: ${summary}`);
    return problems;
  }

  async shell(shell: NonNullable<Step['shell']>): Promise<string[]> {
    const cwd = shell.cwd ? this.workDirs.get(shell.cwd) : undefined;
    if (!cwd) return [`shell: no folder for program "${shell.cwd}"`];
    const script = substitute(shell.command, this.values);
    const result = await new Promise<{code: number | null; out: string}>((resolve) => {
      const child = spawn('bash', ['-c', script], {cwd, env: {PATH: `${path.join(cwd, 'node_modules/.bin')}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '/tmp', npm_config_offline: 'true', npm_config_yes: 'false'}, stdio: ['ignore', 'pipe', 'pipe']});
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.on('exit', (code) => resolve({code, out}));
    });
    const problems: string[] = [];
    if (result.code !== (shell.exitCode ?? 0)) problems.push(`\`${shell.command}\` exited with ${result.code}, expected ${shell.exitCode ?? 0}: ${result.out.slice(-600)}`);
    if (shell.stderrContains && !result.out.includes(shell.stderrContains)) problems.push(`\`${shell.command}\` did not print "${shell.stderrContains}": ${result.out.slice(-600)}`);
    for (const file of shell.files ?? []) if (!fs.existsSync(path.join(cwd, file))) problems.push(`\`${shell.command}\` wrote no ${file}`);
    return problems;
  }
}

export async function runOne(run: RunSpec, context: RunContext): Promise<RunResult> {
  const started = Date.now();
  const result: RunResult = {page: run.page, title: run.title, programs: Object.keys(run.programs), passedSteps: 0, steps: run.steps.length, problems: [], notes: [], ms: 0};
  const instance = await context.instances.start(path.basename(run.page).replace(/\.mdx?$/, ''), 'base', {options: {disableScheduler: false}, env: run.server?.env});
  let counter: Counter | undefined;
  let session: Session | undefined;
  try {
    counter = await startCounter(instance.url, run.hold ?? []);
    const values = placeholderValues(counter.url, context.instances.credentials);
    const admin = adminClient(instance.url, context.instances.credentials.personalAccessToken);
    await applySetup(admin, run.setup);
    if (run.setup) await settled(instance.url, admin, context.instances.credentials.frontend.development!);
    const workDirs = new Map<string, string>();
    session = new Session(run, admin, counter, values, workDirs, context.browser);
    for (const [id, spec] of Object.entries(run.programs)) {
      const {files, problems} = assemble(run, id, values);
      result.problems.push(...problems);
      const dir = writeFiles(id, files);
      workDirs.set(id, dir);
      const entry = spec.entry ?? [...files.keys()][0]!;
      const env = {
        // Vite exposes the VITE_ variables of .env files as import.meta.env.
        ...(spec.kind === 'browser' ? viteEnv(files) : {}),
        ...Object.fromEntries(Object.entries(spec.env ?? {}).map(([name, value]) => [name, substitute(value, values)])),
      };
      if (spec.kind === 'node') {
        const port = spec.port ? await freePort() : undefined;
        const running = startNode(id, dir, spec, entry, port ? {...env, PORT: String(port)} : env);
        session.programs.set(id, running);
        if (port) {
          running.url = `http://127.0.0.1:${port}`;
          await waitForPort(running, port);
        }
      }
      else if (spec.kind === 'browser') session.programs.set(id, await startBrowser(id, dir, spec, entry, env, await context.browser()));
      else {
        const next = await startNext(id, dir, await freePort());
        result.notes.push(`${id}: next build took ${(next.buildMs / 1000).toFixed(1)} s`);
        session.programs.set(id, next);
      }
      session.cursors.set(id, 0);
    }
    for (const [index, step] of run.steps.entries()) {
      const problems = await session.step(step);
      if (problems.length === 0) result.passedSteps += 1;
      const where = `step ${index + 1}${step.claim ? ` ("${step.claim.length > 90 ? `${step.claim.slice(0, 90)}…` : step.claim}")` : ''}`;
      result.problems.push(...problems.map((problem) => `${where}: ${problem}`));
    }
    result.notes.push(...session.notes);
  } catch (error) {
    result.problems.push(`the run stopped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (session && result.problems.length) {
      for (const [id, running] of session.programs) result.notes.push(`${id} printed:\n  ${running.lines.slice(-25).join('\n  ')}`);
    }
    for (const running of session?.programs.values() ?? []) await running.stop().catch(() => undefined);
    await counter?.close();
    await instance.stop();
    result.ms = Date.now() - started;
  }
  return result;
}
