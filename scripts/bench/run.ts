/**
 * npm run bench: the site's figures on this machine — cold and warm build (time, memory,
 * pages per second), page weight of five pages on first load, Lighthouse mobile and desktop
 * for the same pages (the whole set N times) — checked against the issue's budgets. Writes
 * bench/site.json and rewrites BENCHMARKS.md; runs the search benchmark too unless --no-search.
 * Options: see USAGE in options.ts.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {startStaticServer} from '../../tests/support/staticServer';
import {baselineBlockingBudget, baselineBuildBudget, baselineDocBlockingBudget, checkOutBaseline, compareRuns, resolveBaseline, type BaselineCommit, type BaselineReport} from './baseline';
import {clearCaches, countPages, timedBuild, type BuildRun} from './build';
import {benchmarkIndexRange, evaluateBudgets} from './budgets';
import {cleanUpOnSignals, onCleanup, runCleanups} from './cleanup';
import {limitCpu} from './cpuLimit';
import {duration} from './format';
import {runLighthouse, type LighthouseRun} from './lighthouse';
import {describeMachine} from './machine';
import {parseOptions, USAGE, type BenchOptions} from './options';
import {measurePageWeights, type PageWeight} from './pageWeight';
import {writeBenchmarks} from './report';
import {compareWithScriptless, scriptGapBudgets} from './scriptGap';
import {withoutScripts} from './scriptless';
import {API_PAGE, DIAGRAM_PAGE, DOC_PAGES, PAGES, PLAIN_DOC_PAGE, type BuildFigures, type ScriptRun, type SiteReport} from './site';

const root = path.resolve(__dirname, '../..');
const buildDir = path.join(root, 'build');
const siteJson = path.join(root, 'bench/site.json');
/** Logs and full Lighthouse reports: for reading, not committed. */
const outDir = path.join(root, 'bench/out');

/** Paths in bench/site.json are relative to the repository, which is committed; the machine's layout is not. */
const fromRoot = (file: string) => path.relative(root, file);

const started = performance.now();
const log = (message: string) => console.log(`[bench ${duration((performance.now() - started) / 1000).padStart(9)}] ${message}`);

/** A baseline checkout's cold build, timed as this checkout's is; it runs first, after its own clear. */
async function baselineBuild(baseline: {commit: BaselineCommit; dir: string}): Promise<BuildRun> {
  log(`baseline ${baseline.commit.sha.slice(0, 7)} in ${baseline.dir}: npx docusaurus clear`);
  await clearCaches(baseline.dir, path.join(outDir, 'baseline-clear.log'));
  log('baseline cold build: npm run build');
  const cold = await timedBuild('cold', baseline.dir, path.join(outDir, 'baseline-build-cold.log'));
  log(`baseline cold build took ${duration(cold.wallSeconds)}`);
  return {...cold, logFile: fromRoot(cold.logFile)};
}

async function builds(date: string): Promise<BuildFigures> {
  log('npx docusaurus clear');
  await clearCaches(root, path.join(outDir, 'clear.log'));
  log('cold build: npm run build');
  const cold = await timedBuild('cold', root, path.join(outDir, 'build-cold.log'));
  log(`cold build took ${duration(cold.wallSeconds)}; warm build: npm run build`);
  const warm = await timedBuild('warm', root, path.join(outDir, 'build-warm.log'));
  log(`warm build took ${duration(warm.wallSeconds)}`);
  return {measuredAt: date, cold: {...cold, logFile: fromRoot(cold.logFile)}, warm: {...warm, logFile: fromRoot(warm.logFile)}};
}

/** With --skip-build, the last full run's builds stay in the report, dated. */
function previousBuilds(): BuildFigures | null {
  if (!fs.existsSync(siteJson)) return null;
  return (JSON.parse(fs.readFileSync(siteJson, 'utf8')) as SiteReport).build ?? null;
}

/** The search benchmark is its own script (it rewrites BENCHMARKS.md's Search section itself). */
async function searchBenchmark(): Promise<void> {
  log('search benchmark: npm run bench:search');
  const child = spawn('npm', ['run', 'bench:search'], {cwd: root, stdio: ['ignore', fs.openSync(path.join(outDir, 'search.log'), 'w'), 'inherit'], detached: true});
  const forget = onCleanup(() => void process.kill(-child.pid!, 'SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run bench:search failed (exit ${code}); see bench/out/search.log`))));
  }).finally(forget);
}

interface Measured {
  pageWeights: PageWeight[];
  scriptRuns: ScriptRun[];
  lighthouse: LighthouseRun[];
  /** Mobile Lighthouse of each page without its scripts. */
  scriptless: LighthouseRun[];
  /** The baseline's mobile Lighthouse and scripts, when there is one. */
  baseline: {lighthouse: LighthouseRun[]; scriptRuns: ScriptRun[]} | null;
  /** The --cpus limit the measurements ran under. */
  cpuLimit?: string;
}

type Variant = 'this checkout' | 'without scripts' | 'baseline';
const REPORT_DIRS: Record<Variant, string> = {'this checkout': 'lighthouse', 'without scripts': 'lighthouse-scriptless', baseline: 'lighthouse-baseline'};

/**
 * Each run: page weight, then mobile Lighthouse of every page from this build, from the same
 * build without scripts (a second server, scriptless.ts) and, with a baseline, from its build,
 * one after the other, the order turning by run and page so that no variant always goes first;
 * then desktop.
 */
async function measure(options: BenchOptions, baselineBuildDir: string | null): Promise<Measured> {
  // After the builds: only the measurements run on the slower host.
  const cpuLimit = options.cpus ? limitCpu(options.cpus) : null;
  const forgetLimit = onCleanup(() => cpuLimit?.release());
  if (cpuLimit) log(`CPU limited to ${cpuLimit.description}`);
  const server = await startStaticServer(buildDir, {gzip: options.gzip});
  const forget = onCleanup(() => server.close());
  // The same files at the same paths, so the two pages differ only by their scripts.
  const scriptlessServer = await startStaticServer(buildDir, {gzip: options.gzip, transformHtml: withoutScripts});
  const forgetScriptless = onCleanup(() => scriptlessServer.close());
  const baselineServer = baselineBuildDir ? await startStaticServer(baselineBuildDir, {gzip: options.gzip}) : null;
  const forgetBaseline = onCleanup(() => baselineServer?.close());
  try {
    let pageWeights: PageWeight[] = [];
    const scriptRuns: ScriptRun[] = [];
    const lighthouse: LighthouseRun[] = [];
    const scriptless: LighthouseRun[] = [];
    const baseline = baselineServer ? {lighthouse: [] as LighthouseRun[], scriptRuns: [] as ScriptRun[]} : null;
    const lighthouseOnce = async (url: string, page: string, formFactor: 'mobile' | 'desktop', run: number, which: Variant) => {
      log(`Lighthouse run ${run}/${options.runs}, ${formFactor}, ${page}${formFactor === 'mobile' ? `, ${which}` : ''}`);
      const result = await runLighthouse(url, page, formFactor, run, path.join(outDir, REPORT_DIRS[which]));
      result.reportFiles = result.reportFiles.map(fromRoot);
      log(`  ${Object.entries(result.scores).map(([category, score]) => `${category} ${score ?? 'error'}`).join(', ')}; TBT ${result.metrics.tbtMs === null ? 'error' : Math.round(result.metrics.tbtMs)} ms; benchmark index ${result.benchmarkIndex === null ? 'n/a' : Math.round(result.benchmarkIndex)}; load average ${result.loadAverage?.toFixed(2) ?? 'n/a'}`);
      return result;
    };
    const mobileLoads: Array<{which: Variant; url: string; into: LighthouseRun[]}> = [
      {which: 'this checkout', url: server.url, into: lighthouse},
      {which: 'without scripts', url: scriptlessServer.url, into: scriptless},
      ...(baselineServer && baseline ? [{which: 'baseline' as const, url: baselineServer.url, into: baseline.lighthouse}] : []),
    ];
    for (let run = 1; run <= options.runs; run += 1) {
      // Page weight once per run too: the API page's script budget is judged on the median.
      log(`page weight, run ${run}/${options.runs}: ${PAGES.join(', ')}`);
      const weights = await measurePageWeights(server.url, PAGES);
      if (run === 1) pageWeights = weights;
      scriptRuns.push(...weights.map((weight) => ({run, path: weight.path, js: weight.totals.js})));
      if (baselineServer && baseline) {
        log(`page weight, run ${run}/${options.runs}, baseline`);
        baseline.scriptRuns.push(...(await measurePageWeights(baselineServer.url, PAGES)).map((weight) => ({run, path: weight.path, js: weight.totals.js})));
      }
      for (const [index, page] of PAGES.entries()) {
        for (let step = 0; step < mobileLoads.length; step += 1) {
          const load = mobileLoads[(step + run + index) % mobileLoads.length]!;
          load.into.push(await lighthouseOnce(load.url, page, 'mobile', run, load.which));
        }
      }
      for (const page of PAGES) lighthouse.push(await lighthouseOnce(server.url, page, 'desktop', run, 'this checkout'));
    }
    return {pageWeights, scriptRuns, lighthouse, scriptless, baseline, ...(cpuLimit ? {cpuLimit: cpuLimit.description} : {})};
  } finally {
    forgetLimit();
    cpuLimit?.release();
    forget();
    forgetScriptless();
    forgetBaseline();
    await server.close();
    await scriptlessServer.close();
    await baselineServer?.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  cleanUpOnSignals();
  fs.mkdirSync(outDir, {recursive: true});
  const date = new Date().toISOString();
  const machine = describeMachine();
  const baselineCommit = options.baseline ? resolveBaseline(root, options.baseline) : null;
  const baselineCheckout = baselineCommit ? {commit: baselineCommit, dir: checkOutBaseline(root, baselineCommit)} : null;
  // The builds must be over before anything reads build/: the cold one starts by deleting it.
  // The baseline's cold build goes first: it clears node_modules/.cache, which both share.
  const baselineCold = baselineCheckout && !options.skipBuild ? await baselineBuild(baselineCheckout) : null;
  if (baselineCheckout && !fs.existsSync(path.join(baselineCheckout.dir, 'build/index.html'))) {
    log(`baseline: no build in ${baselineCheckout.dir} yet; npm run build (not timed, --skip-build)`);
    await timedBuild('cold', baselineCheckout.dir, path.join(outDir, 'baseline-build.log'));
  }
  const build = options.skipBuild ? previousBuilds() : await builds(date);
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) throw new Error('No build in build/: run "npm run build" first, or drop --skip-build.');
  const pages = countPages(buildDir);
  if (options.search) await searchBenchmark();
  const measured = await measure(options, baselineCheckout ? path.join(baselineCheckout.dir, 'build') : null);
  const {pageWeights, scriptRuns, lighthouse, scriptless} = measured;
  const baseline: BaselineReport | undefined = baselineCommit && measured.baseline ? {...baselineCommit, cold: baselineCold, ...measured.baseline} : undefined;
  const budgets = evaluateBudgets({lighthouse, pageWeights, scriptRuns: scriptRuns ?? [], build, pages: PAGES, plainDocPage: PLAIN_DOC_PAGE, diagramPage: DIAGRAM_PAGE, apiPage: API_PAGE});
  const gaps = compareWithScriptless(lighthouse, scriptless, PAGES);
  budgets.push(...scriptGapBudgets(gaps, DOC_PAGES));
  log('mobile performance with scripts → without, medians:');
  for (const row of gaps) log(`  ${row.path}: gap ${row.gap ?? 'n/a'} (${row.withScripts.join(', ')} → ${row.withoutScripts.join(', ')}); benchmark index ${row.benchmarkIndex}`);
  if (baseline) {
    const rows = compareRuns(baseline, {lighthouse, scriptRuns}, PAGES);
    budgets.push(baselineBuildBudget(baseline, options.skipBuild ? null : (build?.cold ?? null)), baselineBlockingBudget(baseline, rows), baselineDocBlockingBudget(baseline, rows, DOC_PAGES));
    log(`baseline ${baseline.sha.slice(0, 7)}, benchmark index ${benchmarkIndexRange([...lighthouse, ...baseline.lighthouse].filter((run) => run.formFactor === 'mobile'))}:`);
    const round = (value: number | null) => (value === null ? 'n/a' : String(Math.round(value)));
    for (const row of rows) log(`  ${row.path}: TBT ${round(row.tbt.before)} → ${round(row.tbt.after)} ms, scripts ${round(row.scriptGzip.before)} → ${round(row.scriptGzip.after)} bytes gzip`);
  }
  const report: SiteReport = {date, machine, options: {runs: options.runs, skipBuild: options.skipBuild, gzip: options.gzip, ...(options.baseline ? {baseline: options.baseline} : {}), ...(measured.cpuLimit ? {cpuLimit: measured.cpuLimit} : {})}, build, pages, pageWeights, scriptRuns, lighthouse, scriptless, budgets, ...(baseline ? {baseline} : {})};
  fs.writeFileSync(siteJson, `${JSON.stringify(report, null, 2)}\n`);
  writeBenchmarks(root);
  const missed = budgets.filter((budget) => budget.status === 'missed');
  log(`wrote bench/site.json and BENCHMARKS.md; ${budgets.length - missed.length} of ${budgets.length} budgets met`);
  for (const budget of missed) log(`  missed: ${budget.budget}, ${budget.scope}: ${budget.figure}`);
}

main().catch(async (error: unknown) => {
  console.error(`[bench] ${(error as Error).stack ?? String(error)}`);
  await runCleanups();
  process.exit(1);
});
