/**
 * Runs one page's request samples against a fresh server instance, in page order, as a reader
 * at a terminal would: every request block is given to bash (with `set -eo pipefail`), in one
 * working folder per page, with the shell variables earlier blocks set. The placeholders are
 * replaced first (placeholders.ts). A `curl` wrapper first on PATH records each call's
 * arguments, its answer's headers and body, and then hands the call to the real curl, so the
 * samples' own options, pipes into jq and files behave as they do for the reader.
 *
 * Checks, per call: it got an answer; the status is 2xx or 3xx, or the one the shown
 * response states; the shown response (the block's last call) matches the answer
 * (compare.ts). Per block: bash exits 0.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {compareShown} from './compare';
import type {NotRunnable, PageSetup} from './config';
import {CurlSyntaxError, parseCurl, type CurlRequest} from './curl';
import type {Credentials, Instance} from './instances';
import {credential, leftPlaceholders, placeholderValues, substitute} from './placeholders';
import type {PageFile, PageSamples, RequestSample, ShownResponse} from './samples';
import {assignedVariables} from './shell';
import {patience} from '../testing/patience';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

/** One HTTP call a sample made. */
export interface Call {
  sample: RequestSample;
  request?: CurlRequest;
  /** `POST /api/admin/…` for the report. */
  label: string;
  status?: number;
  body: string;
  problems: string[];
}

export interface PageRun {
  file: string;
  calls: Call[];
  /** Problems not tied to one call: set-up, bash exit codes, placeholders left. */
  problems: string[];
  ms: number;
}

/**
 * The curl wrapper. It numbers each call, saves the working folder and the arguments
 * (NUL-separated), lets the real curl dump the answer's headers to a file, and copies what
 * curl writes to stdout into another (the sample still gets it on stdout).
 */
const CURL_WRAPPER = `#!/usr/bin/env bash
n=$(( $(cat "$RUNNER_LOG/count" 2>/dev/null || echo 0) + 1 ))
echo "$n" > "$RUNNER_LOG/count"
printf '%s\\0' "$PWD" "$@" > "$RUNNER_LOG/$n.args"
set -o pipefail
"$RUNNER_REAL_CURL" -D "$RUNNER_LOG/$n.head" "$@" | tee "$RUNNER_LOG/$n.out"
`;

export function realCurl(): string {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    const candidate = path.join(dir, 'curl');
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('curl is not installed (Debian: apt-get install curl); the request samples run with it');
}

/**
 * The shown response as this server would give it: the page's addresses of the reader's server
 * (`https://unleash.example.com/new-user?…`) become this instance's, as they did in the request.
 */
function shownFor(shown: ShownResponse, values: Map<string, string>): ShownResponse {
  return {
    ...shown,
    json: shown.json === undefined ? undefined : (JSON.parse(substitute(JSON.stringify(shown.json), values)) as Json),
    text: shown.text === undefined ? undefined : substitute(shown.text, values),
  };
}

interface BashResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bash(script: string, cwd: string, env: Record<string, string>, timeoutMs = patience(60_000)): Promise<BashResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {cwd, env, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr: code === null ? `${stderr}\n(killed after ${timeoutMs} ms)` : stderr});
    });
  });
}

function pick(value: Json, dotted: string): Json | undefined {
  let current: Json | undefined = value;
  for (const part of dotted.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? current[Number(part)] : current[part];
  }
  return current;
}

async function api(url: string, token: string, line: string, body?: unknown): Promise<{status: number; text: string}> {
  const [method, route] = line.split(' ') as [string, string];
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {authorization: token, ...(body === undefined ? {} : {'content-type': 'application/json'})},
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(patience(30_000)),
  });
  return {status: response.status, text: await response.text()};
}

/** Times a set-up body may name: SDK metrics buckets must be recent to count. */
export function clock(now = new Date()): Map<string, string> {
  return new Map([
    ['<now>', now.toISOString()],
    ['<a-minute-ago>', new Date(now.getTime() - 60_000).toISOString()],
  ]);
}

/** The status line of the last answer in a header dump (redirects and 100 Continue come first). */
export function lastStatus(head: string): number | undefined {
  const statuses = [...head.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)];
  return statuses.length > 0 ? Number(statuses[statuses.length - 1]![1]) : undefined;
}

/** Checks one answer against the response the page shows. */
export function responseProblems(shown: ShownResponse, body: string): string[] {
  if (shown.json !== undefined) {
    let actual: Json;
    try {
      actual = JSON.parse(body) as Json;
    } catch {
      return [`the page shows a JSON answer, the server answered: ${body.slice(0, 200) || '(nothing)'}`];
    }
    return compareShown(shown.json, actual);
  }
  if (shown.text !== undefined) {
    // Text answers (the Prometheus exposition): every line the page shows must begin a line of
    // the answer up to its first space or brace, and comment lines must be there word for word.
    const lines = new Set(body.split('\n'));
    const starts = body.split('\n');
    const problems: string[] = [];
    for (const line of shown.text.split('\n').filter((l) => l.trim())) {
      if (line.startsWith('#')) {
        if (!lines.has(line)) problems.push(`the answer has no line "${line}"`);
      } else {
        const name = /^[^\s{]+/.exec(line)![0];
        if (!starts.some((candidate) => candidate.startsWith(name))) problems.push(`the answer has no line starting "${name}"`);
      }
    }
    return problems;
  }
  return [];
}

/** `last`: the response shown after the block; `all`: the status every call must get. */
function readCalls(logDir: string, from: number, to: number, sample: RequestSample, expected: {last?: ShownResponse; all?: number}): Call[] {
  const calls: Call[] = [];
  for (let n = from + 1; n <= to; n += 1) {
    const [cwd, ...args] = fs.readFileSync(path.join(logDir, `${n}.args`), 'utf8').split('\0').slice(0, -1);
    const head = fs.existsSync(path.join(logDir, `${n}.head`)) ? fs.readFileSync(path.join(logDir, `${n}.head`), 'utf8') : '';
    const call: Call = {sample, label: args.join(' ').slice(0, 120), body: '', problems: []};
    try {
      call.request = parseCurl(args);
      call.label = `${call.request.method} ${call.request.url.replace(/^https?:\/\/[^/]+/, '')}`;
    } catch (error) {
      if (!(error instanceof CurlSyntaxError)) throw error;
      call.problems.push(`the curl command does not read: ${error.message}`);
    }
    call.status = lastStatus(head);
    const out = fs.existsSync(path.join(logDir, `${n}.out`)) ? fs.readFileSync(path.join(logDir, `${n}.out`)) : Buffer.alloc(0);
    if (call.request?.output && call.request.output !== '/dev/null' && call.request.output !== '-') {
      const target = path.resolve(cwd!, call.request.output);
      call.body = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    } else {
      call.body = (call.request?.include ? out.subarray(Buffer.byteLength(head)) : out).toString('utf8');
    }
    const shown = n === to ? expected.last : undefined;
    if (call.status === undefined) {
      call.problems.push('no answer (curl could not reach the server)');
    } else if (expected.all !== undefined) {
      if (call.status !== expected.all) call.problems.push(`not-runnable.yaml says unleash-server answers ${expected.all}, it answered ${call.status}: ${call.body.slice(0, 300)}`);
    } else if (shown?.status !== undefined) {
      if (call.status !== shown.status) call.problems.push(`the page states ${shown.status}, the server answered ${call.status}: ${call.body.slice(0, 300)}`);
    } else if (call.status >= 400) {
      call.problems.push(`the server answered ${call.status}: ${call.body.slice(0, 300)}`);
    }
    if (shown && call.status !== undefined) call.problems.push(...responseProblems(shown, call.body).map((problem) => `response at line ${shown.line}: ${problem}`));
    calls.push(call);
  }
  return calls;
}

export interface RunOptions {
  samples: PageSamples;
  instance: Instance;
  credentials: Credentials;
  setup?: PageSetup;
  /** Samples the not-runnable list takes out. */
  skipped: RequestSample[];
  /** Samples for an older version: they run, and every call must get this status (not-runnable.yaml, `answers`). */
  answers?: Map<RequestSample, number>;
}

export async function runPage({samples, instance, credentials, setup, skipped, answers = new Map()}: RunOptions): Promise<PageRun> {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'runnable-page-'));
  const bin = path.join(work, '.bin');
  const logDir = path.join(work, '.log');
  fs.mkdirSync(bin);
  fs.mkdirSync(logDir);
  fs.writeFileSync(path.join(bin, 'curl'), CURL_WRAPPER, {mode: 0o755});
  const run: PageRun = {file: samples.file, calls: [], problems: [], ms: 0};
  const pat = credentials.personalAccessToken;
  try {
    // SDK metrics are kept in hourly buckets, and the usage summary covers the last hour from
    // the moment it is read. A set-up that reports metrics close to a full hour would find
    // them gone a second later: wait for the next hour instead.
    if (setup?.steps.some((step) => 'request' in step && /<now>|<a-minute-ago>/.test(JSON.stringify(step.body ?? '')))) {
      const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
      if (toNextHour < 30_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 1_000));
    }
    // The page's set-up: what the reader has done before the samples.
    for (const step of setup?.steps ?? []) {
      if ('project' in step) {
        await instance.createProject(step.project);
        continue;
      }
      if ('settle' in step) {
        await instance.settle();
        continue;
      }
      const body = step.body === undefined ? undefined : (JSON.parse(substitute(JSON.stringify(step.body), clock())) as unknown);
      const answer = await api(instance.url, step.as ? credential(credentials, step.as) : pat, step.request, body);
      if (answer.status >= 400) run.problems.push(`set-up ${step.request} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    if (run.problems.length > 0) return run;

    const values = placeholderValues(instance.url, credentials);
    const copied: Array<[string, {request: string; pick: string; as?: string}]> = [];
    for (const [placeholder, value] of Object.entries(setup?.placeholders ?? {})) {
      if (typeof value === 'string') values.set(placeholder, substitute(value, values));
      else if ('credential' in value) values.set(placeholder, credential(credentials, value.credential));
      else copied.push([placeholder, value]);
    }
    const env: Record<string, string> = {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: work,
      LANG: 'C.UTF-8',
      RUNNER_LOG: logDir,
      RUNNER_REAL_CURL: realCurl(),
    };
    for (const [name, value] of Object.entries(setup?.shell ?? {})) env[name] = substitute(value, values);
    const state = path.join(logDir, 'state.sh');
    const variables = new Set<string>();
    const saved = new Set<PageFile>();
    let count = 0;

    for (const sample of samples.samples) {
      if (skipped.includes(sample) && !answers.has(sample)) continue;
      // Files the page showed before this sample, saved where the reader's shell runs.
      for (const file of samples.files) {
        if (file.index > sample.index || saved.has(file)) continue;
        fs.writeFileSync(path.join(work, file.name), substitute(file.content, values));
        saved.add(file);
      }
      // What the server's scheduler does while the reader reads and types (host.mjs, settle).
      await instance.settle();
      // Values the reader copies from an earlier answer, read when a block first needs them.
      for (const [placeholder, source] of copied) {
        if (values.has(placeholder) || !sample.block.code.includes(placeholder)) continue;
        const answer = await api(instance.url, source.as ? credential(credentials, source.as) : pat, source.request);
        const value = answer.status < 400 ? pick(JSON.parse(answer.text) as Json, source.pick) : undefined;
        if (value === undefined || value === null || typeof value === 'object') {
          run.problems.push(`line ${sample.block.line}: ${placeholder} from ${source.request} at ${source.pick} is ${JSON.stringify(value)} (answer ${answer.status})`);
          continue;
        }
        values.set(placeholder, String(value));
      }
      const code = substitute(sample.block.code, values);
      const left = leftPlaceholders(code);
      if (left.length > 0) {
        run.problems.push(`line ${sample.block.line}: no value for ${left.join(', ')} (declare it in scripts/runnable/setup.yaml)`);
        continue;
      }
      if (sample.kind === 'fetch') {
        for (const request of sample.requests) {
          if (!request.request) {
            run.problems.push(`line ${request.line}: ${request.text} has no literal address to request; list it in not-runnable.yaml`);
            continue;
          }
          const url = substitute(request.request.url, values);
          const call: Call = {sample, label: `GET ${url.replace(/^https?:\/\/[^/]+/, '')}`, body: '', problems: []};
          try {
            const response = await fetch(url, {signal: AbortSignal.timeout(patience(30_000))});
            call.status = response.status;
            call.body = await response.text();
            if (!response.ok) call.problems.push(`fetch(${url}) answered ${response.status}`);
          } catch (error) {
            call.problems.push(`fetch(${url}) failed: ${(error as Error).message}`);
          }
          run.calls.push(call);
        }
        continue;
      }
      for (const name of assignedVariables(code)) variables.add(name);
      const script = [
        'set -eo pipefail',
        `[ -f ${JSON.stringify(state)} ] && . ${JSON.stringify(state)}`,
        code,
        // Keep the variables the page's blocks set for the next block, as one terminal would.
        variables.size > 0 ? `declare -p ${[...variables].join(' ')} > ${JSON.stringify(state)} 2>/dev/null || true` : '',
      ].join('\n');
      const result = await bash(script, work, env);
      const now = fs.existsSync(path.join(logDir, 'count')) ? Number(fs.readFileSync(path.join(logDir, 'count'), 'utf8')) : 0;
      const status = answers.get(sample);
      const calls = readCalls(logDir, count, now, sample, status === undefined ? {last: sample.response && shownFor(sample.response, values)} : {all: status});
      count = now;
      run.calls.push(...calls);
      if (result.code !== 0) {
        run.problems.push(`line ${sample.block.line}: bash exited ${result.code}: ${(result.stderr || result.stdout).trim().split('\n').slice(-6).join('\n')}`);
      }
      if (calls.length === 0 && /\bcurl\b/.test(code)) run.problems.push(`line ${sample.block.line}: the block made no request`);
      if (sample.response && calls.length === 0) run.problems.push(`line ${sample.response.line}: a response is shown but no request answered it`);
    }
    return run;
  } finally {
    run.ms = Date.now() - started;
    fs.rmSync(work, {recursive: true, force: true});
  }
}
