/**
 * Full-site builds, timed: `npm run build` (API page generation, then `docusaurus build`) after
 * `npx docusaurus clear` (cold) and right after that (warm). Wall time, CPU time and the
 * kernel's peak RSS of the largest process come from GNU time; the peak RSS of the whole
 * process tree from sampling /proc; the pages from the files the build wrote.
 */
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {onCleanup} from './cleanup';
import {readCpuTimes, sampleTreeMemory, type TreeMemory} from './proc';

export type BuildKind = 'cold' | 'warm';

export interface PageCounts {
  /** Every .html file in build/. */
  htmlFiles: number;
  /** Legacy-URL stubs written by the client-redirects plugin (a meta refresh and a script). */
  redirectStubs: number;
  /** The rest: pages a reader sees. */
  pages: number;
  /** Of those, the pages generated from the OpenAPI description. */
  apiPages: number;
}

export interface GnuTime {
  elapsedSeconds: number;
  userSeconds: number;
  systemSeconds: number;
  maxProcessRssBytes: number;
}

export interface BuildRun {
  kind: BuildKind;
  command: string;
  startedAt: string;
  wallSeconds: number;
  /** Null when /usr/bin/time is not GNU time. */
  gnuTime: GnuTime | null;
  memory: TreeMemory;
  /** CPU seconds the rest of the machine was busy with during the build (all cores). */
  otherCpuSeconds: number | null;
  loadAverageBefore: number;
  loadAverageAfter: number;
  pages: PageCounts;
  pagesPerSecond: number;
  logFile: string;
}

const GNU_TIME = '/usr/bin/time';
const REDIRECT_STUB = /<meta\s+http-equiv=["']refresh["']/i;

export function hasGnuTime(): boolean {
  try {
    return execFileSync(GNU_TIME, ['--version'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).includes('GNU');
  } catch {
    return false;
  }
}

/** The `-f '%e %U %S %M'` line GNU time writes: seconds, seconds, seconds, kilobytes. */
export function parseGnuTime(text: string): GnuTime {
  const line = text.trim().split('\n').pop() ?? '';
  const [elapsed, user, system, maxKb] = line.split(/\s+/).map(Number);
  if ([elapsed, user, system, maxKb].some((value) => value === undefined || !Number.isFinite(value))) throw new Error(`Unexpected GNU time output: ${text}`);
  return {elapsedSeconds: elapsed!, userSeconds: user!, systemSeconds: system!, maxProcessRssBytes: maxKb! * 1024};
}

/** A page is an .html file that is not a redirect stub; the stub's marker is in its head. */
export function countPages(buildDir: string): PageCounts {
  const counts: PageCounts = {htmlFiles: 0, redirectStubs: 0, pages: 0, apiPages: 0};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html')) {
        counts.htmlFiles += 1;
        if (REDIRECT_STUB.test(fs.readFileSync(file, 'utf8').slice(0, 2048))) counts.redirectStubs += 1;
        else {
          counts.pages += 1;
          if (path.relative(buildDir, file).startsWith(path.join('reference', 'api') + path.sep)) counts.apiPages += 1;
        }
      }
    }
  };
  walk(buildDir);
  return counts;
}

function run(command: string, args: string[], cwd: string, logFile: string): {pid: number; done: Promise<void>} {
  const log = fs.openSync(logFile, 'w');
  // Its own process group, so that an interrupted bench can stop npm and everything under it.
  const child = spawn(command, args, {cwd, stdio: ['ignore', log, log], detached: true});
  const pid = child.pid!;
  const forget = onCleanup(() => {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      forget();
      fs.closeSync(log);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}); see ${logFile}`));
    });
  });
  return {pid, done};
}

/** `npx docusaurus clear`: removes .docusaurus/, build/ and node_modules/.cache. */
export async function clearCaches(root: string, logFile: string): Promise<void> {
  await run('npx', ['docusaurus', 'clear'], root, logFile).done;
}

export async function timedBuild(kind: BuildKind, root: string, logFile: string): Promise<BuildRun> {
  const timeFile = path.join(os.tmpdir(), `bench-build-${process.pid}-${kind}.time`);
  const gnu = hasGnuTime();
  const [command, args] = gnu ? [GNU_TIME, ['-f', '%e %U %S %M', '-o', timeFile, 'npm', 'run', 'build']] : ['npm', ['run', 'build']];
  const loadAverageBefore = os.loadavg()[0]!;
  const cpuBefore = readCpuTimes();
  const startedAt = new Date();
  const started = performance.now();
  const child = run(command, args, root, logFile);
  const sampler = sampleTreeMemory(child.pid);
  let memory: TreeMemory;
  try {
    await child.done;
  } finally {
    memory = sampler.stop();
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuAfter = readCpuTimes();
  const gnuTime = gnu ? parseGnuTime(fs.readFileSync(timeFile, 'utf8')) : null;
  fs.rmSync(timeFile, {force: true});
  const pages = countPages(path.join(root, 'build'));
  return {
    kind,
    command: 'npm run build',
    startedAt: startedAt.toISOString(),
    wallSeconds,
    gnuTime,
    memory,
    otherCpuSeconds: gnuTime ? Math.max(0, cpuAfter.busySeconds - cpuBefore.busySeconds - gnuTime.userSeconds - gnuTime.systemSeconds) : null,
    loadAverageBefore,
    loadAverageAfter: os.loadavg()[0]!,
    pages,
    pagesPerSecond: pages.pages / wallSeconds,
    logFile,
  };
}
