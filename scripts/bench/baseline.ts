/**
 * `npm run bench -- --baseline <git ref>`: the same figures for an earlier commit, taken in the
 * same run, so that "before" and "after" share the machine's state. Build times and Lighthouse
 * timings on this machine move with whatever else runs (its benchmark index has ranged from
 * 750 to 3,900), so a figure from another day says little; side by side in one run, with the
 * order alternating, they compare.
 *
 * The baseline is checked out into a folder of its own outside the repository (so no test
 * runner or type check sees its files), sharing this checkout's node_modules, and built
 * there: cold, timed as this checkout's cold build is, just before it. Its build is then served
 * beside this one, and every run loads each page from both (mobile Lighthouse, scripts run).
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {BuildRun} from './build';
import type {BudgetResult} from './budgets';
import {duration, kb, ms} from './format';
import type {LighthouseRun} from './lighthouse';
import type {ScriptRun} from './site';
import {spread} from './stats';

export interface BaselineCommit {
  /** As given on the command line. */
  ref: string;
  sha: string;
  subject: string;
}

export interface BaselineReport extends BaselineCommit {
  /** The baseline's cold build; null when the run used --skip-build. */
  cold: BuildRun | null;
  /** Mobile Lighthouse of each page, every run. */
  lighthouse: LighthouseRun[];
  scriptRuns: ScriptRun[];
}

/** The cold build may grow by this share over the baseline's (issue #31: a second API reference at most +40%). */
export const BUILD_GROWTH_LIMIT = 0.4;
/** A doc page's blocking time may be at most this share of the baseline's (issue #39: halved). */
export const DOC_PAGE_BLOCKING_SHARE = 0.5;

function git(root: string, args: string[]): string {
  // package-lock.json is read through git show: more than the default 1 MB buffer.
  return execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 2 ** 20}).trim();
}

/** The commit a ref names; a clear error when it names none. */
export function resolveBaseline(root: string, ref: string): BaselineCommit {
  let sha: string;
  try {
    sha = git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--baseline ${ref}: not a commit in this repository (try a commit hash, a tag or HEAD~1)`);
  }
  return {ref, sha, subject: git(root, ['log', '-1', '--format=%s', sha])};
}

/** Where a baseline is checked out: outside the repository, one folder per commit, kept for a later --skip-build run. */
export function baselineDir(sha: string): string {
  return path.join(os.tmpdir(), `unleash-docs-baseline-${sha.slice(0, 12)}`);
}

interface LockFile {
  packages?: Record<string, {version?: string; resolved?: string; integrity?: string}>;
}

/**
 * The packages of the baseline's lock file that this checkout's node_modules does not hold as
 * the baseline would have them (missing, or at another version). Packages only this checkout
 * has are no concern: the baseline never loads them.
 */
export function packagesNotShared(lockHere: string, lockThere: string): string[] {
  const here = (JSON.parse(lockHere) as LockFile).packages ?? {};
  const there = (JSON.parse(lockThere) as LockFile).packages ?? {};
  return Object.entries(there)
    .filter(([name]) => name !== '')
    .filter(([name, entry]) => {
      const mine = here[name];
      return !mine || mine.version !== entry.version || mine.integrity !== entry.integrity;
    })
    .map(([name, entry]) => `${name.replace(/^node_modules\//, '')}@${entry.version ?? '?'}`);
}

/**
 * A checkout of the commit with this checkout's node_modules (a symlink): every package the
 * baseline's package-lock.json names must be here at the same version, or the figures would mix
 * in other package versions.
 */
export function checkOutBaseline(root: string, commit: BaselineCommit): string {
  const dir = baselineDir(commit.sha);
  const lockHere = fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  const lockThere = git(root, ['show', `${commit.sha}:package-lock.json`]);
  const notShared = packagesNotShared(lockHere, lockThere);
  if (notShared.length > 0) {
    throw new Error(`--baseline ${commit.ref}: this checkout's node_modules does not hold ${notShared.slice(0, 5).join(', ')}${notShared.length > 5 ? ` and ${notShared.length - 5} more` : ''} as its package-lock.json does; compare commits with the same dependencies`);
  }
  if (!fs.existsSync(path.join(dir, '.git')) || git(dir, ['rev-parse', 'HEAD']) !== commit.sha) {
    fs.rmSync(dir, {recursive: true, force: true});
    execFileSync('git', ['clone', '--quiet', '--no-checkout', root, dir], {stdio: 'ignore'});
    execFileSync('git', ['checkout', '--quiet', '--detach', commit.sha], {cwd: dir, stdio: 'ignore'});
  }
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(root, 'node_modules'), modules);
  return dir;
}

export interface BeforeAfter {
  path: string;
  tbt: {before: number | null; after: number | null};
  performance: {before: number | null; after: number | null};
  scriptGzip: {before: number | null; after: number | null};
}

const medianOf = (values: Array<number | null>) => spread(values).median;
const mobileRuns = (runs: LighthouseRun[], page: string) => runs.filter((run) => run.formFactor === 'mobile' && run.path === page);
const scriptsOf = (runs: ScriptRun[], page: string) => runs.filter((run) => run.path === page).map((run) => run.js.gzip);

/** Per page, the medians of the baseline's runs and this checkout's. */
export function compareRuns(baseline: Pick<BaselineReport, 'lighthouse' | 'scriptRuns'>, current: {lighthouse: LighthouseRun[]; scriptRuns: ScriptRun[]}, pages: readonly string[]): BeforeAfter[] {
  return pages.map((page) => {
    const before = mobileRuns(baseline.lighthouse, page);
    const after = mobileRuns(current.lighthouse, page);
    return {
      path: page,
      tbt: {before: medianOf(before.map((run) => run.metrics?.tbtMs ?? null)), after: medianOf(after.map((run) => run.metrics?.tbtMs ?? null))},
      performance: {before: medianOf(before.map((run) => run.scores.performance)), after: medianOf(after.map((run) => run.scores.performance))},
      scriptGzip: {before: medianOf(scriptsOf(baseline.scriptRuns, page)), after: medianOf(scriptsOf(current.scriptRuns, page))},
    };
  });
}

const short = (commit: BaselineCommit) => commit.sha.slice(0, 7);
const change = (before: number, after: number) => `${after >= before ? '+' : '−'}${Math.abs((100 * (after - before)) / before).toFixed(0)}%`;
const cpuSeconds = (run: BuildRun) => (run.gnuTime ? run.gnuTime.userSeconds + run.gnuTime.systemSeconds : null);

/** This checkout's cold build against the baseline's, wall time: at most BUILD_GROWTH_LIMIT more. */
export function baselineBuildBudget(baseline: BaselineReport, cold: BuildRun | null): BudgetResult {
  const budget = `cold build ≤ baseline + ${Math.round(BUILD_GROWTH_LIMIT * 100)}%, same run`;
  const scope = `full site, beside ${short(baseline)}`;
  if (!baseline.cold || !cold) return {budget, scope, figure: 'not measured', status: 'not measured'};
  const before = baseline.cold.wallSeconds;
  const after = cold.wallSeconds;
  const cpuBefore = cpuSeconds(baseline.cold);
  const cpuAfter = cpuSeconds(cold);
  const cpu = cpuBefore !== null && cpuAfter !== null ? `; CPU ${duration(cpuBefore)} → ${duration(cpuAfter)} (${change(cpuBefore, cpuAfter)})` : '';
  return {budget, scope, figure: `${duration(before)} → ${duration(after)} (${change(before, after)})${cpu}`, status: after <= before * (1 + BUILD_GROWTH_LIMIT) ? 'met' : 'missed'};
}

/** Every page's mobile blocking time below the baseline's, each the median of its runs (issue #32). */
export function baselineBlockingBudget(baseline: BaselineReport, rows: BeforeAfter[]): BudgetResult {
  const budget = 'Lighthouse mobile TBT below the baseline’s on every page, median of runs, same run';
  const scope = `every page, beside ${short(baseline)}`;
  const measured = rows.filter((row) => row.tbt.before !== null && row.tbt.after !== null);
  if (measured.length === 0 || measured.length < rows.length) return {budget, scope, figure: measured.length === 0 ? 'not measured' : `${rows.length - measured.length} page(s) not measured`, status: 'not measured'};
  const figure = measured.map((row) => `\`${row.path}\` ${ms(row.tbt.before)} → ${ms(row.tbt.after)}`).join('; ');
  return {budget, scope, figure, status: measured.every((row) => row.tbt.after! < row.tbt.before!) ? 'met' : 'missed'};
}

/** Each doc page's mobile blocking time at most DOC_PAGE_BLOCKING_SHARE of the baseline's, each the median of its runs (issue #39). */
export function baselineDocBlockingBudget(baseline: BaselineReport, rows: BeforeAfter[], docPages: readonly string[]): BudgetResult {
  const budget = `Lighthouse mobile TBT ≤ ${Math.round(DOC_PAGE_BLOCKING_SHARE * 100)}% of the baseline’s on doc pages, median of runs, same run`;
  const scope = `${docPages.map((page) => `\`${page}\``).join(', ')}, beside ${short(baseline)}`;
  const docRows = docPages.map((page) => rows.find((row) => row.path === page));
  const measured = docRows.filter((row): row is BeforeAfter => !!row && row.tbt.before !== null && row.tbt.after !== null);
  if (measured.length < docPages.length) return {budget, scope, figure: measured.length === 0 ? 'not measured' : `${docPages.length - measured.length} page(s) not measured`, status: 'not measured'};
  const figure = measured.map((row) => `\`${row.path}\` ${ms(row.tbt.before)} → ${ms(row.tbt.after)} (at most ${ms(row.tbt.before! * DOC_PAGE_BLOCKING_SHARE)})`).join('; ');
  return {budget, scope, figure, status: measured.every((row) => row.tbt.after! <= row.tbt.before! * DOC_PAGE_BLOCKING_SHARE) ? 'met' : 'missed'};
}

const cell = (pair: {before: number | null; after: number | null}, show: (value: number) => string) => {
  if (pair.before === null || pair.after === null) return `${pair.before === null ? 'n/a' : show(pair.before)} → ${pair.after === null ? 'n/a' : show(pair.after)}`;
  return `${show(pair.before)} → ${show(pair.after)} (${pair.before === 0 ? (pair.after === 0 ? '±0' : '+') : change(pair.before, pair.after)})`;
};

/** BENCHMARKS.md's "Before and after" section. */
export function baselineSection(baseline: BaselineReport | undefined, rows: BeforeAfter[], cold: BuildRun | null, benchmarkIndex: string): string[] {
  if (!baseline) return [];
  const build = baseline.cold && cold
    ? [`Cold build, \`npm run build\` after \`npx docusaurus clear\`, the baseline's just before this checkout's: wall ${duration(baseline.cold.wallSeconds)} → ${duration(cold.wallSeconds)} (${change(baseline.cold.wallSeconds, cold.wallSeconds)}); ${baseline.cold.pages.pages} → ${cold.pages.pages} pages (${baseline.cold.pages.apiPages} → ${cold.pages.apiPages} API pages).`, '']
    : ['Builds: not measured in this run (`--skip-build`).', ''];
  return [
    '### Before and after',
    '',
    `Baseline: \`${short(baseline)}\` (${baseline.subject.length > 120 ? `${baseline.subject.slice(0, 119)}…` : baseline.subject}), given as \`--baseline ${baseline.ref}\`, checked out beside this checkout with the same node_modules, built and measured in the same run. Every run loads each page from both builds, one after the other, the order alternating. Medians of the runs; Lighthouse mobile; benchmark index ${benchmarkIndex}.`,
    '',
    ...build,
    '| page | TBT, mobile | performance, mobile | JS run by the page, gzip |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| \`${row.path}\` | ${cell(row.tbt, (value) => ms(value))} | ${cell(row.performance, String)} | ${cell(row.scriptGzip, (value) => kb(value))} |`),
    '',
  ];
}
