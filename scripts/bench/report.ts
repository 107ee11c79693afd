/**
 * BENCHMARKS.md, written in one place from the raw figures: the Site section from
 * bench/site.json (npm run bench) and the Search section from bench/search.json
 * (npm run bench:search). Both commands call writeBenchmarks, so the file always shows the
 * latest figures of each, with the date each was measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import {baselineSection, compareRuns} from './baseline';
import type {BuildRun} from './build';
import {API_SCRIPT_MARGIN_BYTES, benchmarkIndexRange, COLD_BUILD_BUDGET_SECONDS, PERFORMANCE_MEDIAN_MINIMUM, type BudgetResult} from './budgets';
import {duration, gib, kb, mib, ms} from './format';
import {CATEGORIES, FORM_FACTORS, LIGHTHOUSE_CHROME_FLAGS, savingsMs, type Category, type Finding, type FormFactor, type LighthouseRun, type Metric} from './lighthouse';
import {NETWORK_QUIET_MS, VIEWPORT, type PageWeight} from './pageWeight';
import {compareWithScriptless, scriptGapSection, SCRIPT_GAP_MAXIMUM} from './scriptGap';
import {searchSection, type SearchReport} from './searchReport';
import {API_PAGE, DIAGRAM_PAGE, DOC_PAGES, PLAIN_DOC_PAGE, type SiteReport} from './site';
import {spread} from './stats';
import {GZIP_LEVEL} from './weight';
import {SERVER_GZIP_LEVEL} from '../../tests/support/staticServer';

const STATUS = {met: '✅ met', missed: '❌ missed', 'not measured': '— not measured'} as const;
const CATEGORY_TITLES: Record<Category, string> = {performance: 'performance', accessibility: 'accessibility', 'best-practices': 'best practices', seo: 'SEO'};
const METRIC_TITLES: Array<[Metric, string, (value: number) => string]> = [
  ['lcpMs', 'LCP', (value) => `${(value / 1000).toFixed(1)} s`],
  ['tbtMs', 'TBT', (value) => `${Math.round(value)} ms`],
  ['cls', 'CLS', (value) => value.toFixed(3)],
];

export function budgetTable(rows: BudgetResult[]): string[] {
  return ['| budget | where | figure | status |', '| --- | --- | --- | --- |', ...rows.map((row) => `| ${row.budget} | ${row.scope} | ${row.figure} | ${STATUS[row.status]} |`)];
}

/** "71, 74 (71–74)": every run in order, then the spread. */
export function spreadCell(values: Array<number | null>, show: (value: number) => string): string {
  const {min, max, missing} = spread(values);
  const listed = values.map((value) => (value === null ? 'error' : show(value))).join(', ');
  if (min === null || max === null) return listed;
  return `${listed} (${show(min)}–${show(max)}${missing > 0 ? `, ${missing} missing` : ''})`;
}

function machineLine(site: SiteReport): string {
  const m = site.machine;
  return `Measured ${site.date} on ${m.cpuModel} × ${m.cores} cores, ${gib(m.memoryBytes)} RAM, ${m.os} (Linux ${m.kernel}), Node ${m.node}, ${m.chromium}, Lighthouse ${m.lighthouse}. Load average (1 min) when the run started: ${m.loadAverageAtStart.toFixed(2)} on ${m.cores} cores. The machine is shared with other work: its figures are affected by it (see "other work" under Build).`;
}

function buildSection(site: SiteReport): string[] {
  const build = site.build;
  if (!build) return ['### Build', '', 'Not measured (`--skip-build` with no earlier build figures in `bench/site.json`).', ''];
  const row = (label: string, cell: (run: BuildRun) => string) => `| ${label} | ${cell(build.cold)} | ${cell(build.warm)} |`;
  const cpu = (run: BuildRun) => (run.gnuTime ? duration(run.gnuTime.userSeconds + run.gnuTime.systemSeconds) : 'n/a');
  const carried = build.measuredAt !== site.date ? `These builds ran on ${build.measuredAt}, in an earlier run; this run used \`--skip-build\`.` : '';
  return [
    '### Build',
    '',
    ...(carried ? [carried, ''] : []),
    '| figure | cold | warm |',
    '| --- | --- | --- |',
    row('wall time of `npm run build`', (run) => duration(run.wallSeconds)),
    row('CPU time, user + system, whole process tree', cpu),
    row('peak RSS, whole process tree (sum, sampled)', (run) => `${mib(run.memory.peakTreeRssBytes)} (${run.memory.samples} samples, ${run.memory.peakProcesses} processes at most)`),
    row('peak RSS, largest single process', (run) => (run.gnuTime ? `${mib(run.gnuTime.maxProcessRssBytes)} (GNU time)` : `${mib(run.memory.peakProcessRssBytes)} (sampled)`)),
    row('HTML pages written (not counting redirect stubs)', (run) => `${run.pages.pages} (of which ${run.pages.apiPages} API pages)`),
    row('redirect stubs written', (run) => String(run.pages.redirectStubs)),
    row('pages per second (pages ÷ wall time)', (run) => run.pagesPerSecond.toFixed(2)),
    row('other work: CPU time the rest of the machine used meanwhile', (run) => (run.otherCpuSeconds === null ? 'n/a' : `${duration(run.otherCpuSeconds)} (${((100 * run.otherCpuSeconds) / (run.wallSeconds * site.machine.cores)).toFixed(0)}% of the cores' time)`)),
    row('load average (1 min), before → after', (run) => `${run.loadAverageBefore.toFixed(2)} → ${run.loadAverageAfter.toFixed(2)}`),
    '',
  ];
}

const pair = (total: {raw: number; gzip: number}) => `${kb(total.raw)} / ${kb(total.gzip)}`;

function weightSection(weights: PageWeight[]): string[] {
  return [
    '### Page weight on first load',
    '',
    'Raw / gzip, KB = 1024 bytes; files in brackets.',
    '',
    '| page | HTML | JS run by the page | CSS | JS prefetched for links | images, fonts, other | total gzip (prefetch excluded) | hydrated / network idle |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...weights.map((weight) => {
      const t = weight.totals;
      const rest = {raw: t.image.raw + t.font.raw + t.other.raw, gzip: t.image.gzip + t.font.gzip + t.other.gzip};
      const total = t.html.gzip + t.js.gzip + t.css.gzip + rest.gzip;
      const idle = weight.idleTimedOut ? 'never idle (partial)' : ms(weight.idleMs);
      return `| \`${weight.path}\` | ${pair(t.html)} | ${pair(t.js)} (${t.js.count}) | ${pair(t.css)} (${t.css.count}) | ${pair(t.prefetch)} (${t.prefetch.count}) | ${pair(rest)} (${t.image.count + t.font.count + t.other.count}) | ${kb(total)} | ${ms(weight.hydratedMs)} / ${idle} |`;
    }),
    '',
  ];
}

function runsOf(site: SiteReport, formFactor: FormFactor, page: string): LighthouseRun[] {
  return site.lighthouse.filter((run) => run.formFactor === formFactor && run.path === page).sort((a, b) => a.run - b.run);
}

function lighthouseTable(site: SiteReport, formFactor: FormFactor, pages: string[]): string[] {
  const header = ['page', ...CATEGORIES.map((category) => CATEGORY_TITLES[category]), ...METRIC_TITLES.map(([, title]) => title)];
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...pages.map((page) => {
      const runs = runsOf(site, formFactor, page);
      const scores = CATEGORIES.map((category) => spreadCell(runs.map((run) => run.scores[category]), String));
      const metrics = METRIC_TITLES.map(([metric, , show]) => spreadCell(runs.map((run) => run.metrics[metric]), show));
      return `| \`${page}\` | ${[...scores, ...metrics].join(' | ')} |`;
    }),
  ];
}

function environmentLines(site: SiteReport): string[] {
  const every = [...site.lighthouse, ...(site.scriptless ?? [])];
  const indexes = every.map((run) => run.benchmarkIndex).filter((value): value is number => value !== null);
  const warnings = [...new Set(every.flatMap((run) => run.runWarnings))];
  const errors = [
    ...site.lighthouse.filter((run) => run.runtimeError).map((run) => `${run.formFactor} run ${run.run} of \`${run.path}\`: ${run.runtimeError}`),
    ...(site.scriptless ?? []).filter((run) => run.runtimeError).map((run) => `run ${run.run} of \`${run.path}\` without scripts: ${run.runtimeError}`),
  ];
  const external = [...new Set(every.flatMap((run) => run.externalRequests))];
  const {min, max} = spread(indexes);
  return [
    `- Lighthouse's CPU benchmark index over the runs: ${min === null ? 'n/a' : `${Math.round(min)}–${Math.round(max!)}`} (the host's speed: the mobile simulation multiplies the main-thread time it observes by 4 whatever the host, so a slower moment scores lower).`,
    `- Requests to hosts other than 127.0.0.1: ${external.length === 0 ? 'none' : external.map((url) => `\`${url}\``).join(', ')}.`,
    `- Run warnings: ${warnings.length === 0 ? 'none' : warnings.join(' / ')}.`,
    ...(errors.length > 0 ? [`- Runtime errors: ${errors.join('; ')}.`] : []),
  ];
}

export interface FlaggedFinding {
  finding: Finding;
  /** "mobile 2/2, desktop 1/2". */
  where: string;
  worstSavingsMs: number;
}

/** The findings of all runs of a page, merged by audit, with where and how often each came up. */
function flagged(site: SiteReport, page: string, formFactors: readonly FormFactor[], category: (c: Category) => boolean): FlaggedFinding[] {
  const byAudit = new Map<string, {finding: Finding; seen: Map<FormFactor, number>; savings: number}>();
  for (const formFactor of formFactors) {
    for (const run of runsOf(site, formFactor, page)) {
      for (const finding of run.findings.filter((f) => category(f.category))) {
        const key = `${finding.category}/${finding.id}`;
        const entry = byAudit.get(key) ?? {finding, seen: new Map<FormFactor, number>(), savings: 0};
        entry.seen.set(formFactor, (entry.seen.get(formFactor) ?? 0) + 1);
        entry.savings = Math.max(entry.savings, savingsMs(finding));
        byAudit.set(key, entry);
      }
    }
  }
  return [...byAudit.values()].map(({finding, seen, savings}) => ({
    finding,
    where: formFactors.map((formFactor) => `${formFactor} ${seen.get(formFactor) ?? 0}/${runsOf(site, formFactor, page).length}`).join(', '),
    worstSavingsMs: savings,
  }));
}

const PERFORMANCE_FINDINGS_SHOWN = 8;

/**
 * Biggest estimated saving in ms first; a finding that would cut layout shift (CLS, unitless,
 * so not comparable in ms) is always shown, first, since CLS weighs 25% of the score.
 */
export function topPerformanceFindings(findings: FlaggedFinding[]): FlaggedFinding[] {
  const shifts = findings.filter(({finding}) => (finding.metricSavings?.CLS ?? 0) > 0);
  const rest = findings.filter((entry) => !shifts.includes(entry)).sort((a, b) => b.worstSavingsMs - a.worstSavingsMs);
  return [...shifts, ...rest].slice(0, Math.max(PERFORMANCE_FINDINGS_SHOWN, shifts.length));
}

function findingLines({finding, where}: FlaggedFinding): string[] {
  const savings = finding.metricSavings
    ? Object.entries(finding.metricSavings)
        .filter(([, value]) => value > 0)
        .map(([metric, value]) => `${metric} −${metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`}`)
        .join(', ')
    : '';
  const figures = [finding.displayValue, savings && `est. savings ${savings}`, `weight ${Number(finding.weight.toFixed(1))}`, where].filter(Boolean).join('; ');
  const more = finding.itemCount > finding.items.length ? [`  - … ${finding.itemCount - finding.items.length} more`] : [];
  const summary = finding.summary ? [`  - colour pairs over the ${finding.itemCount} element${finding.itemCount === 1 ? '' : 's'}: ${finding.summary}`] : [];
  return [`- \`${finding.id}\` ${finding.title} (${figures})`, ...summary, ...finding.items.map((item) => `  - ${item.replace(/</g, '&lt;')}`), ...more];
}

function findingsSection(site: SiteReport, pages: string[]): string[] {
  const lines = ['### What Lighthouse flags', '', `Per page: the failed accessibility, best-practice and SEO audits (any run, either form factor), and the mobile performance diagnostics scoring below 0.9, findings that would reduce layout shift (CLS) first, then the biggest estimated saving in ms (${PERFORMANCE_FINDINGS_SHOWN} at most). "weight" is the audit\'s weight in its category score (0: shown, not scored); "mobile 2/2" says in how many runs it came up. Full reports: \`bench/out/lighthouse/\`.`, ''];
  for (const page of pages) {
    const failed = flagged(site, page, FORM_FACTORS, (category) => category !== 'performance').sort((a, b) => b.finding.weight - a.finding.weight);
    const performance = topPerformanceFindings(flagged(site, page, ['mobile'], (category) => category === 'performance'));
    lines.push(`#### \`${page}\``, '');
    lines.push(failed.length === 0 ? '- Accessibility, best practices, SEO: no failed audit.' : '- Failed audits:');
    for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
      const ofCategory = failed.filter(({finding}) => finding.category === category);
      if (ofCategory.length > 0) lines.push(`  - ${CATEGORY_TITLES[category]}:`, ...ofCategory.flatMap(findingLines).map((line) => `    ${line}`));
    }
    lines.push(performance.length === 0 ? '- Performance (mobile): no diagnostic below 0.9.' : '- Performance (mobile):', ...performance.flatMap(findingLines).map((line) => `  ${line}`), '');
  }
  return lines;
}

function settingsLine(site: SiteReport, formFactor: FormFactor): string {
  const settings = site.lighthouse.find((run) => run.formFactor === formFactor)?.settings;
  if (!settings) return `${formFactor}: not run`;
  return `${formFactor} (${formFactor === 'mobile' ? 'default config' : '`lighthouse/core/config/desktop-config.js`'}): screen ${settings.screen}, ${settings.throttlingMethod} throttling, ${settings.rttMs} ms RTT, ${(settings.throughputKbps / 1024).toFixed(1)} Mbit/s, CPU slowdown ×${settings.cpuSlowdownMultiplier}`;
}

function methodSection(site: SiteReport, pages: string[]): string[] {
  const runs = site.options.runs;
  const served = site.options.gzip
    ? `gzip-encoded (level ${SERVER_GZIP_LEVEL}) for text files, as a production host sends them (run with \`--no-gzip\` to serve files as they are)`
    : 'uncompressed (`--no-gzip`): Lighthouse then also counts the missing compression';
  return [
    '### Method',
    '',
    `- Build: \`npx docusaurus clear\` (removes \`.docusaurus/\`, \`build/\`, \`node_modules/.cache\`), then \`npm run build\` (API page generation, then \`docusaurus build\`) = cold; a second \`npm run build\` right after = warm. Wall time is measured around the command. CPU time and the peak RSS of the largest single process are GNU time's (\`/usr/bin/time -f '%e %U %S %M'\`, from the kernel's accounting of the whole tree). The peak RSS of the whole tree is the highest sum of \`VmRSS\` over the build process and all its descendants, read from \`/proc/<pid>/status\` every ${site.build?.cold.memory.intervalMs ?? 200} ms (pages shared between processes count once per process, so the sum is an upper bound). Pages: every \`.html\` file in \`build/\` after the build; redirect stubs (a \`<meta http-equiv="refresh">\` page written for a legacy URL) are counted apart; pages per second = pages that are not stubs ÷ wall time. "Other work" = the machine's busy CPU time over the build (\`/proc/stat\`) minus the build's own CPU time: what other processes took meanwhile.`,
    ...(site.options.cpuLimit ? [`- Host: the servers and browsers ran under ${site.options.cpuLimit} (\`--cpus\`, \`scripts/bench/cpuLimit.ts\`), to measure as on a slower machine; the builds did not.`] : []),
    `- Serving: \`build/\` is served on 127.0.0.1 by \`tests/support/staticServer.ts\` (serve-handler, clean URLs as \`docusaurus serve\`), ${served}. It sends no \`Cache-Control\` header, so Lighthouse's \`uses-long-cache-ttl\` says more about this server than about the site's hosting (it does not count in the score).${site.scriptless ? ' A second server of the same kind over the same `build/` answers every HTML file without its scripts (`scripts/bench/scriptless.ts`), at the same paths, for the "With and without scripts" runs.' : ''}`,
    `- Page weight: one fresh Chromium context per page (empty cache, ${VIEWPORT.width}×${VIEWPORT.height} viewport, Playwright driving Debian's Chromium); every response from navigation until \`document.documentElement.dataset.hasHydrated === 'true'\` and then no request in flight for ${NETWORK_QUIET_MS} ms. Each URL counts once; bytes are the decoded body (raw) and its gzip at level ${GZIP_LEVEL} (gzip), summed by Chromium's resource type: document = HTML, script = JS, stylesheet = CSS. Docusaurus prefetches the chunks of routes linked in the viewport (\`<link rel="prefetch">\`, sent with \`Sec-Purpose: prefetch\`): those are downloaded but not run, and are shown apart; the script budget counts the scripts the page runs.`,
    `- Lighthouse ${site.machine.lighthouse}, Node API, one fresh Chromium per run (chrome-launcher, \`/usr/bin/chromium\` with ${LIGHTHOUSE_CHROME_FLAGS.filter((flag) => !flag.startsWith('--host-resolver-rules')).map((flag) => `\`${flag}\``).join(' ')} and \`--host-resolver-rules\` resolving no host but 127.0.0.1, so nothing can reach the internet), the ${pages.length} pages in both form factors${site.scriptless ? ' and each page without its scripts in mobile' : ''}, the whole set ${runs} time${runs === 1 ? '' : 's'}. ${settingsLine(site, 'mobile')}; ${settingsLine(site, 'desktop')}. Scores are Lighthouse's category scores × 100; LCP, TBT and CLS are its metric values. Each cell lists the runs in order, then the spread (min–max).`,
    `- Budgets: mobile performance is judged on the median of the runs (${PERFORMANCE_MEDIAN_MINIMUM.docPage} on doc pages, ${PERFORMANCE_MEDIAN_MINIMUM.apiOperationPage} on an API operation page); accessibility, best practices, SEO and CLS must hold in every run; the script budget applies to the plain doc page \`${PLAIN_DOC_PAGE}\`, the diagram budget to \`${DIAGRAM_PAGE}\` beside it; the API page \`${API_PAGE}\` is held beside the plain doc page to its scripts + ${kb(API_SCRIPT_MARGIN_BYTES, 0)} (page weight is measured once per run) and its mobile TBT, both on the median of the runs, with the runs' benchmark index; the build budget to the cold build's wall time (${duration(COLD_BUILD_BUDGET_SECONDS)}); every page's mobile performance to within ${SCRIPT_GAP_MAXIMUM.anyPage} points of the same page without scripts, ${SCRIPT_GAP_MAXIMUM.docPage} on the doc pages (${DOC_PAGES.map((page) => `\`${page}\``).join(', ')}), medians of the runs.`,
    '',
  ];
}

/**
 * What the figures say (why a budget is missed, what each step of the work bought, where the
 * remaining time goes) takes reading the reports, so it is written by hand in
 * bench/budget-notes.md and shown under the budget table. A missed budget with no notes is
 * said to be unexplained.
 */
function budgetNotes(site: SiteReport, notes: string | null): string[] {
  if (!notes) {
    return site.budgets.some((budget) => budget.status === 'missed') ? ['Some budgets are missed and `bench/budget-notes.md`, which explains misses, is absent.', ''] : [];
  }
  return ['#### Notes on the budgets', '', 'From `bench/budget-notes.md`, written by hand from the reports; it names the runs its figures come from.', '', notes.trim(), ''];
}

function beforeAfter(site: SiteReport): string[] {
  if (!site.baseline) return [];
  const pages = [...new Set(site.lighthouse.map((run) => run.path))];
  const rows = compareRuns(site.baseline, {lighthouse: site.lighthouse, scriptRuns: site.scriptRuns ?? []}, pages);
  const mobile = [...site.lighthouse, ...site.baseline.lighthouse].filter((run) => run.formFactor === 'mobile');
  return baselineSection(site.baseline, rows, site.options.skipBuild ? null : (site.build?.cold ?? null), benchmarkIndexRange(mobile));
}

export function siteSection(site: SiteReport | null, notes: string | null = null): string[] {
  if (!site) return ['## Site', '', 'No site figures yet: run `npm run bench`.', ''];
  const pages = [...new Set([...site.pageWeights.map((weight) => weight.path), ...site.lighthouse.map((run) => run.path)])];
  const met = site.budgets.filter((budget) => budget.status === 'met').length;
  return [
    '## Site',
    '',
    machineLine(site),
    '',
    `Raw figures: \`bench/site.json\`. The measured \`build/\` holds ${site.pages.pages} pages (${site.pages.apiPages} of them API pages) and ${site.pages.redirectStubs} redirect stubs.`,
    '',
    '### Budgets',
    '',
    `${met} of ${site.budgets.length} met.`,
    '',
    ...budgetTable(site.budgets),
    '',
    ...budgetNotes(site, notes),
    ...scriptGapSection(compareWithScriptless(site.lighthouse, site.scriptless ?? [], pages), DOC_PAGES),
    ...beforeAfter(site),
    ...buildSection(site),
    ...weightSection(site.pageWeights),
    '### Lighthouse',
    '',
    ...FORM_FACTORS.flatMap((formFactor) => [`${formFactor === 'mobile' ? 'Mobile' : 'Desktop'}:`, '', ...lighthouseTable(site, formFactor, pages), '']),
    ...environmentLines(site),
    '',
    ...findingsSection(site, pages),
    ...methodSection(site, pages),
  ];
}

export function renderBenchmarks(site: SiteReport | null, search: SearchReport | null, notes: string | null = null): string {
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (site; it runs the search benchmark too unless `--no-search`) and',
    '`npm run bench:search` (search) from the raw figures in `bench/site.json` and',
    '`bench/search.json`; each command rewrites the whole file from both (`scripts/bench/report.ts`),',
    'so do not edit it by hand.',
    '',
    ...siteSection(site, notes),
    ...searchSection(search, budgetTable),
  ].join('\n');
}

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

export function writeBenchmarks(root: string): void {
  const site = readJson<SiteReport>(path.join(root, 'bench/site.json'));
  const search = readJson<SearchReport>(path.join(root, 'bench/search.json'));
  const notesFile = path.join(root, 'bench/budget-notes.md');
  const notes = fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : null;
  fs.writeFileSync(path.join(root, 'BENCHMARKS.md'), renderBenchmarks(site, search, notes));
}
