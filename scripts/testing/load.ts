/**
 * npm run test:load: the server-backed suites (or any command) on a busy machine.
 *
 * Starts one CPU-bound busy loop per core (`--workers N`), each a separate Node process that
 * ends itself after `--max-minutes` (default 90) even if this script is killed, so the load is
 * bounded; then runs the command with the load beside it and reports how long it took, the
 * load average seen while it ran and the command's exit status. Without `--command` it runs what
 * needs the real server: the saved OpenAPI description (`api:real`), the older majors' check
 * (`api:versions -- --check`), the conformance test, and the request, fresh-server, harness and
 * program suites. `--command "bash .ci/run"` runs the whole CI under load, `--workers 0` the same
 * without load (for the quiet figure). Writes the result to `bench/load.json` (`--out` to change).
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Node's own modules only, so that it can start a clean clone's CI before `npm ci` has run
// (with any tsx: `<tsx> scripts/testing/load.ts --command "bash .ci/run"`).
const repoRoot = path.resolve(__dirname, '../..');

export const SERVER_BACKED = [
  'npm run api:real',
  'npm run api:versions -- --check',
  [
    'npx vitest run',
    'scripts/unleash-server/conformance.test.ts',
    'scripts/runnable/instances.test.ts',
    'scripts/runnable/fresh-server.test.ts',
    'scripts/runnable/runnable.test.ts',
    'scripts/programs/programs.test.ts',
    'scripts/programs/programs-next.test.ts',
  ].join(' '),
].join(' && ');

export interface LoadOptions {
  command: string;
  workers: number;
  maxMinutes: number;
  out: string;
}

export function parseArgs(argv: string[], cores = os.availableParallelism?.() ?? os.cpus().length): LoadOptions {
  const options: LoadOptions = {command: SERVER_BACKED, workers: cores, maxMinutes: 90, out: path.join(repoRoot, 'bench/load.json')};
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index]!;
    const value = argv[index + 1];
    const number = (min: number, max: number) => {
      const parsed = Number(value);
      if (value === undefined || !Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`${flag} takes a whole number from ${min} to ${max} (got ${value ?? 'nothing'})`);
      index += 1;
      return parsed;
    };
    if (flag === '--workers') options.workers = number(0, 64);
    else if (flag === '--max-minutes') options.maxMinutes = number(1, 600);
    else if (flag === '--command' || flag === '--out') {
      if (!value) throw new Error(`${flag} needs a value`);
      if (flag === '--command') options.command = value;
      else options.out = path.resolve(value);
      index += 1;
    } else throw new Error(`unknown option ${flag}; options: --workers N, --max-minutes N, --command "<shell command>", --out <file>`);
  }
  return options;
}

/** A busy loop in its own process that ends by itself after `maxMs`. */
const BUSY_LOOP = `const end = Date.now() + Number(process.argv[1]); let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i += 1) x = (x * 31 + i) % 1000003; } process.exit(0);`;

export function startLoad(workers: number, maxMs: number): {stop(): void} {
  const children = Array.from({length: workers}, () => spawn(process.execPath, ['-e', BUSY_LOOP, String(maxMs)], {stdio: 'ignore'}));
  return {stop: () => children.forEach((child) => child.kill('SIGKILL'))};
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  console.log(`test:load: ${options.workers} busy loop(s) on ${cores} cores, at most ${options.maxMinutes} min; load average before: ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`test:load: running ${options.command}`);
  const load = startLoad(options.workers, options.maxMinutes * 60_000);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(os.loadavg()[0]!), 15_000);
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn('bash', ['-c', options.command], {cwd: repoRoot, stdio: 'inherit', env: process.env});
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  clearInterval(sampler);
  load.stop();
  const seconds = Math.round((Date.now() - started) / 1000);
  const mean = samples.length ? samples.reduce((sum, value) => sum + value, 0) / samples.length : os.loadavg()[0]!;
  const result = {
    date: new Date().toISOString(),
    command: options.command,
    workers: options.workers,
    cores,
    exitCode: code,
    seconds,
    loadAverage: {mean: Number(mean.toFixed(2)), max: Number(Math.max(0, ...samples).toFixed(2)), samples: samples.length},
  };
  fs.mkdirSync(path.dirname(options.out), {recursive: true});
  fs.writeFileSync(options.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`test:load: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${Math.floor(seconds / 60)} min ${seconds % 60} s with ${options.workers} busy loop(s); load average while it ran: mean ${result.loadAverage.mean}, max ${result.loadAverage.max}; written to ${path.relative(repoRoot, options.out)}`);
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(`test:load: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
}
