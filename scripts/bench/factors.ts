/**
 * npm run bench:factors: why a Lighthouse score from `npm run bench` and one taken by hand can
 * differ (issue #39). Loads one page of the existing build/ with the bench's Lighthouse set-up
 * and with variants that each change one thing (how Lighthouse and Chromium are started,
 * Chromium's flags, the server, compression, HTTP/2 over TLS, the throttling method, the
 * page's scripts), round-robin so every variant sees the same moments of a shared machine.
 * Each run also records the CPU time Chromium's processes used (scripts/bench/proc.ts) and what
 * the rest of the machine took meanwhile: contention stretches the wall-clock times Lighthouse
 * scores, not the CPU a load needs, so a busy host shows as other work beside the same CPU.
 * Prints each variant's runs and medians and writes them to bench/out/factors/factors.json; it
 * judges nothing and BENCHMARKS.md does not read it.
 *
 *   npm run bench:factors -- [--page /reference/segments] [--runs 3] [--only bench,cli,…]
 */
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import type {Flags, Result as Lhr} from 'lighthouse';
import {startNginx, type NginxServer} from '../../tests/support/nginx';
import {startStaticServer, type StaticServer} from '../../tests/support/staticServer';
import {CHROMIUM} from './chromium';
import {readCpuTimes, sampleTreeCpu, type TreeCpu} from './proc';
import {cleanUpOnSignals, onCleanup, runCleanups} from './cleanup';
import {LIGHTHOUSE_CHROME_FLAGS, summarise, type LighthouseRun} from './lighthouse';
import {withoutScripts} from './scriptless';
import {spread} from './stats';

const root = path.resolve(__dirname, '../..');
const buildDir = path.join(root, 'build');
const outDir = path.join(root, 'bench/out/factors');

/** What a reader types: the CLI's own Chromium launch, with only what a root shell without a display needs. */
const BY_HAND_CHROME_FLAGS = ['--headless=new', '--no-sandbox'];

type ServerName = 'serve-handler, gzip' | 'serve-handler, no gzip' | 'serve-handler, gzip, no scripts' | 'nginx (deploy/nginx), gzip' | 'nginx (deploy/nginx), gzip, TLS + HTTP/2';

interface Variant {
  name: string;
  /** The one thing it changes against the bench. */
  change: string;
  server: ServerName;
  /** In this process through the Node API, as the bench runs it, or the `lighthouse` command in its own process. */
  runner: 'node-api' | 'cli';
  chromeFlags: string[];
  settings?: Flags;
}

const VARIANTS: Variant[] = [
  {name: 'bench', change: 'none: what `npm run bench` runs', server: 'serve-handler, gzip', runner: 'node-api', chromeFlags: LIGHTHOUSE_CHROME_FLAGS},
  {name: 'cli', change: 'the `lighthouse` command in its own process, Chromium flags as typed by hand', server: 'serve-handler, gzip', runner: 'cli', chromeFlags: BY_HAND_CHROME_FLAGS},
  {name: 'by-hand-flags', change: 'Chromium flags as typed by hand (only --headless=new --no-sandbox)', server: 'serve-handler, gzip', runner: 'node-api', chromeFlags: BY_HAND_CHROME_FLAGS},
  {name: 'gpu', change: 'without --disable-gpu', server: 'serve-handler, gzip', runner: 'node-api', chromeFlags: LIGHTHOUSE_CHROME_FLAGS.filter((flag) => flag !== '--disable-gpu')},
  {name: 'nginx', change: 'served by nginx with deploy/nginx (gzip level 5, Cache-Control, security headers)', server: 'nginx (deploy/nginx), gzip', runner: 'node-api', chromeFlags: LIGHTHOUSE_CHROME_FLAGS},
  {name: 'h2', change: 'nginx over TLS with HTTP/2 (self-signed certificate)', server: 'nginx (deploy/nginx), gzip, TLS + HTTP/2', runner: 'node-api', chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS, '--ignore-certificate-errors']},
  {name: 'no-gzip', change: 'served uncompressed', server: 'serve-handler, no gzip', runner: 'node-api', chromeFlags: LIGHTHOUSE_CHROME_FLAGS},
  {name: 'devtools', change: 'devtools throttling (applied: CPU ×4, 562.5 ms RTT, 1.47 Mbit/s) instead of simulated', server: 'serve-handler, gzip', runner: 'node-api', chromeFlags: LIGHTHOUSE_CHROME_FLAGS, settings: {throttlingMethod: 'devtools'}},
  {name: 'no-scripts', change: 'the page without its scripts (scripts/bench/scriptless.ts)', server: 'serve-handler, gzip, no scripts', runner: 'node-api', chromeFlags: LIGHTHOUSE_CHROME_FLAGS},
];

type Server = StaticServer | NginxServer;

async function startServer(name: ServerName): Promise<Server> {
  switch (name) {
    case 'serve-handler, gzip':
      return startStaticServer(buildDir, {gzip: true});
    case 'serve-handler, no gzip':
      return startStaticServer(buildDir);
    case 'serve-handler, gzip, no scripts':
      return startStaticServer(buildDir, {gzip: true, transformHtml: withoutScripts});
    case 'nginx (deploy/nginx), gzip':
      return startNginx(buildDir);
    case 'nginx (deploy/nginx), gzip, TLS + HTTP/2':
      return startNginx(buildDir, {tls: true});
  }
}

/**
 * What a load cost in CPU, which contention does not stretch as it stretches the wall-clock
 * times Lighthouse measures: a busy host shows as other work beside the same Chromium CPU.
 */
interface CpuUse {
  /** Chromium's processes by kind (renderer, gpu-process, browser …), seconds. */
  chromium: Record<string, number>;
  /**
   * This process (Lighthouse through the Node API, the serve-handler servers, the sampling) and
   * the `lighthouse` command's processes when it runs apart, seconds.
   */
  harnessSeconds: number;
  /** What the rest of the machine used meanwhile (nginx included): all cores' busy time minus the above, seconds. */
  otherSeconds: number;
  wallSeconds: number;
}

/**
 * Starts counting a load's CPU: the Chromium tree under `root` (sampled), this process and the
 * machine's busy time, all from the same moment. `finish` stops the sampler and splits the time.
 */
function countCpu(root: number): {finish: () => CpuUse} {
  const busyBefore = readCpuTimes().busySeconds;
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const sampler = sampleTreeCpu(root);
  let result: CpuUse | undefined;
  return {
    finish: () => {
      if (result) return result;
      const tree = sampler.stop();
      const own = process.cpuUsage(ownBefore);
      const ownSeconds = (own.user + own.system) / 1e6;
      const chromium = Object.fromEntries(Object.entries(tree.byKind).filter(([kind]) => kind.startsWith('chromium ')).map(([kind, seconds]) => [kind.slice('chromium '.length), seconds]));
      const chromiumSeconds = Object.values(chromium).reduce((sum, value) => sum + value, 0);
      // What of the tree is not Chromium: the `lighthouse` command's node process, when the tree is its.
      const harnessSeconds = ownSeconds + tree.totalSeconds - chromiumSeconds;
      const otherSeconds = Math.max(0, readCpuTimes().busySeconds - busyBefore - chromiumSeconds - harnessSeconds);
      result = {chromium, harnessSeconds, otherSeconds, wallSeconds: (performance.now() - started) / 1000};
      return result;
    },
  };
}

async function nodeApiRun(url: string, variant: Variant, reportFile: string): Promise<{lhr: Lhr; cpu: CpuUse}> {
  // ES modules, imported when used, for the reason runLighthouse gives.
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: variant.chromeFlags, handleSIGINT: false});
  const forget = onCleanup(() => chrome.kill());
  // From Chromium's start-up on, as the `lighthouse` command's run counts from its own.
  const cpu = countCpu(chrome.pid!);
  try {
    const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', ...variant.settings});
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // Before Chromium is closed: its processes are all still there to read.
    const use = cpu.finish();
    fs.writeFileSync(reportFile, result.report as string);
    return {lhr: result.lhr, cpu: use};
  } finally {
    cpu.finish();
    forget();
    chrome.kill();
  }
}

async function cliRun(url: string, variant: Variant, reportFile: string): Promise<{lhr: Lhr; cpu: CpuUse}> {
  const cli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli/index.js');
  let cpu: ReturnType<typeof countCpu> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const child = execFile(process.execPath, [cli, url, `--chrome-flags=${variant.chromeFlags.join(' ')}`, '--output=json', `--output-path=${reportFile}`, '--quiet'], {env: {...process.env, CHROME_PATH: CHROMIUM}, maxBuffer: 64 * 2 ** 20}, (error) => (error ? reject(error) : resolve()));
      // Chromium is the command's child (chrome-launcher detaches it from the terminal, not from its parent).
      if (child.pid !== undefined) cpu = countCpu(child.pid);
    });
  } finally {
    // The command has closed Chromium by now: each process's CPU after its last sample is lost (sampleTreeCpu).
    cpu?.finish();
  }
  return {lhr: JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Lhr, cpu: cpu!.finish()};
}

interface VariantRuns {
  variant: Variant;
  runs: LighthouseRun[];
  cpu: CpuUse[];
  loadAverages: number[];
}

const median = (values: Array<number | null>) => spread(values).median;
const round = (value: number | null) => (value === null ? 'n/a' : String(Math.round(value)));

function printRow({variant, runs, cpu, loadAverages}: VariantRuns): string {
  const mainThreadMs = runs.map((run) => run.observedMainThreadMs ?? null);
  const renderer = cpu.map((use) => (use.chromium.renderer ?? 0) * 1000);
  const chromium = cpu.map((use) => Object.values(use.chromium).reduce((sum, value) => sum + value, 0) * 1000);
  const other = cpu.map((use) => use.otherSeconds * 1000);
  const perf = runs.map((run) => run.scores.performance);
  const tbt = runs.map((run) => run.metrics.tbtMs);
  const lcp = runs.map((run) => run.metrics.lcpMs);
  const fcp = runs.map((run) => run.metrics.fcpMs);
  const index = runs.map((run) => run.benchmarkIndex);
  const list = (values: Array<number | null>) => values.map(round).join('/');
  return `${variant.name.padEnd(14)} perf ${list(perf).padEnd(12)} (median ${round(median(perf))})  TBT ${list(tbt).padEnd(16)} (${round(median(tbt))} ms)  main thread ${list(mainThreadMs)} (${round(median(mainThreadMs))} ms)  LCP ${round(median(lcp))} ms  FCP ${round(median(fcp))} ms  index ${list(index)}  load ${loadAverages.map((value) => value.toFixed(2)).join('/')}\n${''.padEnd(15)}CPU: renderer ${list(renderer)} (${round(median(renderer))} ms), all of Chromium ${round(median(chromium))} ms; other work meanwhile ${list(other)} (${round(median(other))} ms)`;
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {page: {type: 'string', default: '/reference/segments'}, runs: {type: 'string', default: '3'}, only: {type: 'string'}}, strict: true});
  const runs = Number(values.runs);
  const only = values.only?.split(',');
  const variants = only ? VARIANTS.filter((variant) => only.includes(variant.name)) : VARIANTS;
  if (variants.length === 0) throw new Error(`--only names none of ${VARIANTS.map((variant) => variant.name).join(', ')}`);
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) throw new Error('No build in build/: run "npm run build" first.');
  cleanUpOnSignals();
  fs.mkdirSync(outDir, {recursive: true});
  const servers = new Map<ServerName, Server>();
  for (const name of new Set(variants.map((variant) => variant.server))) {
    const server = await startServer(name);
    onCleanup(() => void server.close());
    servers.set(name, server);
  }
  const results: VariantRuns[] = variants.map((variant) => ({variant, runs: [], cpu: [], loadAverages: []}));
  try {
    for (let run = 1; run <= runs; run += 1) {
      // Round-robin, starting one variant later each run, so no variant always follows the same one.
      for (let step = 0; step < results.length; step += 1) {
        const entry = results[(step + run - 1) % results.length]!;
        const {variant} = entry;
        const url = `${servers.get(variant.server)!.url}${values.page}`;
        const reportFile = path.join(outDir, `run${run}-${variant.name}.report.json`);
        entry.loadAverages.push(os.loadavg()[0]!);
        const started = performance.now();
        const {lhr, cpu} = variant.runner === 'cli' ? await cliRun(url, variant, reportFile) : await nodeApiRun(url, variant, reportFile);
        entry.cpu.push(cpu);
        const summary = summarise(lhr, {run, formFactor: 'mobile', path: values.page, durationSeconds: (performance.now() - started) / 1000, reportFiles: [path.relative(root, reportFile)]});
        entry.runs.push(summary);
        console.log(`[factors] run ${run}/${runs} ${variant.name}: performance ${summary.scores.performance}, TBT ${round(summary.metrics.tbtMs)} ms, index ${round(summary.benchmarkIndex)}, ${summary.settings.throttlingMethod}, CPU ×${summary.settings.cpuSlowdownMultiplier}, main thread ${round(summary.observedMainThreadMs ?? null)} ms, renderer CPU ${round((cpu.chromium.renderer ?? 0) * 1000)} ms, other work ${round(cpu.otherSeconds * 1000)} ms, scripts requested ${summary.scriptRequests}, load ${entry.loadAverages.at(-1)!.toFixed(2)}`);
      }
    }
  } finally {
    await runCleanups();
  }
  console.log(`\n${values.page}, ${runs} run(s) per variant:`);
  for (const entry of results) console.log(printRow(entry));
  const file = path.join(outDir, 'factors.json');
  fs.writeFileSync(file, `${JSON.stringify({date: new Date().toISOString(), page: values.page, results: results.map(({variant, runs: lighthouse, cpu, loadAverages}) => ({variant, loadAverages, cpu, lighthouse}))}, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(root, file)}`);
}

main().catch(async (error: unknown) => {
  console.error(`[factors] ${(error as Error).stack ?? String(error)}`);
  await runCleanups();
  process.exit(1);
});
