/**
 * Lighthouse through its Node API, one fresh Chromium (chrome-launcher) per run, mobile
 * (Lighthouse's default config) or desktop (its desktop config). The full reports go to disk;
 * what BENCHMARKS.md needs (scores, metrics, what failed and what costs the most) is
 * summarised here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Result as Lhr} from 'lighthouse';
import {CHROMIUM, CHROMIUM_ARGS} from './chromium';
import {onCleanup} from './cleanup';

export type FormFactor = 'mobile' | 'desktop';
export const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const METRICS = {lcpMs: 'largest-contentful-paint', tbtMs: 'total-blocking-time', cls: 'cumulative-layout-shift', fcpMs: 'first-contentful-paint', speedIndexMs: 'speed-index'} as const;
export type Metric = keyof typeof METRICS;

/**
 * Chromium resolves no host name but 127.0.0.1's, so nothing Lighthouse or the page might ask
 * for can leave the machine; any such request shows up as failed in the report (and in
 * `externalRequests`).
 */
export const LIGHTHOUSE_CHROME_FLAGS = [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];
const ITEMS_PER_FINDING = 5;

export interface Finding {
  category: Category;
  id: string;
  title: string;
  /** 0–1, as Lighthouse scores audits. */
  score: number | null;
  /** The audit's weight in its category's score (0: shown but not scored). */
  weight: number;
  displayValue?: string;
  /** Estimated savings per metric (ms; CLS unitless), as Lighthouse 12 estimates them. */
  metricSavings?: Record<string, number>;
  /** What the audit points at: elements (label, selector, explanation) or URLs (with wasted bytes). */
  items: string[];
  /** For colour contrast: the colour pairs across all items. */
  summary?: string;
  itemCount: number;
}

/** The configuration Lighthouse ran with, so the method text states it from the report itself. */
export interface LighthouseSettings {
  formFactor: string;
  screen: string;
  throttlingMethod: string;
  rttMs: number;
  throughputKbps: number;
  cpuSlowdownMultiplier: number;
}

export interface LighthouseRun {
  run: number;
  formFactor: FormFactor;
  path: string;
  /** 0–100; null when the category could not be scored. */
  scores: Record<Category, number | null>;
  metrics: Record<Metric, number | null>;
  settings: LighthouseSettings;
  benchmarkIndex: number | null;
  runWarnings: string[];
  runtimeError: string | null;
  /** Failed audits of accessibility, best practices and SEO; performance audits below 0.9, biggest savings first. */
  findings: Finding[];
  /** Requests to any host other than 127.0.0.1 (there should be none). */
  externalRequests: string[];
  /** Scripts the page requested (the variant without scripts should request none); absent in older reports. */
  scriptRequests?: number;
  /**
   * The main thread's busy time over the load as Chromium spent it on this host, before the
   * simulation scales it (Lighthouse reports it ×4 under simulated throttling). TBT follows it,
   * and it grows with whatever else the host runs; absent in older reports.
   */
  observedMainThreadMs?: number | null;
  /** The host's 1-minute load average when the run started (above the core count, other work competed); absent in older reports. */
  loadAverage?: number;
  durationSeconds: number;
  reportFiles: string[];
}

type Audit = Lhr['audits'][string];
type Item = Record<string, unknown>;

const oneLine = (text: string, max = 300) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

type NodeLike = {type?: string; nodeLabel?: string; selector?: string; snippet?: string; explanation?: string; url?: string; line?: number};

function describeNode(node: NodeLike): string {
  if (node.type === 'source-location' && node.url) return `${node.url}:${(node.line ?? 0) + 1}`;
  const explanation = node.explanation ? `: ${node.explanation.replace(/^Fix (any|all) of the following:\s*/, '')}` : '';
  // A label that only repeats the selector (a <meta> tag) says less than the tag itself.
  const label = (node.nodeLabel === node.selector ? node.snippet : node.nodeLabel) ?? node.snippet ?? '';
  return `${label} (${node.selector ?? ''})${explanation}`;
}

const isNode = (value: unknown): value is NodeLike => !!value && typeof value === 'object' && ['node', 'source-location'].includes(String((value as NodeLike).type));

/**
 * A readable line for one row of an audit's details: an element (label, selector, what is
 * wrong), a URL with what it wastes, a main-thread category with its time, or a nested
 * table's rows (the LCP element and its phases).
 */
export function describeItem(item: Item): string {
  const nested = Array.isArray(item.items) && item.type === 'table' ? (item.items as Item[]) : null;
  if (nested) return oneLine(nested.map(describeItem).join('; '));
  const node = [item.node, item.source].find(isNode);
  // Layout-shift rows carry the shift each element caused.
  if (node) return oneLine(`${describeNode(node)}${typeof item.score === 'number' ? `, shift ${item.score.toFixed(3)}` : ''}`);
  if (typeof item.groupLabel === 'string' && typeof item.duration === 'number') return `${item.groupLabel}: ${Math.round(item.duration)} ms`;
  if (typeof item.statistic === 'string') return `${item.statistic}: ${String((item.value as {value?: unknown} | undefined)?.value ?? item.value)}`;
  if (typeof item.phase === 'string' && typeof item.timing === 'number') return `${item.phase} ${Math.round(item.timing)} ms${item.percent ? ` (${String(item.percent)})` : ''}`;
  const url = [item.url, item.scriptUrl, item.source].find((value): value is string => typeof value === 'string');
  const figures = [
    typeof item.wastedBytes === 'number' ? `${(item.wastedBytes / 1024).toFixed(0)} KB wasted` : '',
    typeof item.wastedMs === 'number' ? `${Math.round(item.wastedMs)} ms wasted` : '',
    typeof item.total === 'number' ? `${Math.round(item.total)} ms CPU (scripting ${Math.round(Number(item.scripting ?? 0))} ms)` : '',
  ].filter(Boolean);
  const subItems = (item.subItems as {items?: Item[]} | undefined)?.items ?? [];
  const notes = [typeof item.description === 'string' ? item.description : '', ...subItems.map((sub) => (typeof sub.error === 'string' ? sub.error : ''))].filter(Boolean);
  const text = [url, figures.join(', ')].filter(Boolean).join(', ');
  if (text || notes.length > 0) return oneLine(`${text}${text && notes.length > 0 ? ': ' : ''}${notes.join('; ')}`);
  return oneLine(JSON.stringify(item));
}

/**
 * For colour-contrast failures, the colour pairs and how many elements each: the fix is a
 * handful of colours, not dozens of elements.
 */
export function contrastSummary(items: Item[]): string | undefined {
  const pairs = new Map<string, {count: number; ratios: Set<string>}>();
  for (const item of items) {
    const explanation = (item.node as NodeLike | undefined)?.explanation ?? '';
    const match = /contrast of ([\d.]+) \(foreground color: (#[0-9a-f]+), background color: (#[0-9a-f]+)/i.exec(explanation);
    if (!match) continue;
    const key = `${match[2]} on ${match[3]}`;
    const entry = pairs.get(key) ?? {count: 0, ratios: new Set<string>()};
    entry.count += 1;
    entry.ratios.add(match[1]!);
    pairs.set(key, entry);
  }
  if (pairs.size === 0) return undefined;
  return [...pairs.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([pair, {count, ratios}]) => `${pair} (ratio ${[...ratios].join('/')}) ×${count}`)
    .join(', ');
}

function itemsOf(audit: Audit): Item[] {
  const details = audit.details as {items?: unknown[]} | undefined;
  return Array.isArray(details?.items) ? (details.items.filter((item) => item && typeof item === 'object') as Item[]) : [];
}

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

/** The largest estimated saving, in ms, across LCP, FCP and TBT: the order the fixing work should take. */
export function savingsMs(finding: Pick<Finding, 'metricSavings'>): number {
  const savings = finding.metricSavings ?? {};
  return Math.max(0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
}

/** URLs are shown as paths: the port changes every run. */
export function findingsOf(lhr: Pick<Lhr, 'audits' | 'categories'>, origin = ''): Finding[] {
  const local = (text: string) => (origin ? text.split(origin).join('') : text);
  const findings: Finding[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || !SCORED_MODES.has(audit.scoreDisplayMode)) continue;
      if (category === 'performance') {
        // Metrics are reported as figures; hidden refs are Lighthouse 12's insights, which repeat the diagnostics.
        if (ref.group === 'metrics' || ref.group === 'hidden' || audit.score >= 0.9) continue;
      } else if (audit.score >= 1) continue;
      const items = itemsOf(audit);
      const summary = contrastSummary(items);
      findings.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? {displayValue: audit.displayValue} : {}),
        ...(audit.metricSavings ? {metricSavings: audit.metricSavings as Record<string, number>} : {}),
        items: items.slice(0, ITEMS_PER_FINDING).map((item) => local(describeItem(item))),
        itemCount: items.length,
        ...(summary ? {summary} : {}),
      });
    }
  }
  const order = (finding: Finding) => CATEGORIES.indexOf(finding.category);
  return findings.sort((a, b) => order(a) - order(b) || (a.category === 'performance' ? savingsMs(b) - savingsMs(a) : b.weight - a.weight));
}

export function externalRequestsOf(lhr: Pick<Lhr, 'audits'>): string[] {
  const requests = lhr.audits['network-requests'];
  return (requests ? itemsOf(requests) : [])
    .map((item) => String(item.url ?? ''))
    .filter((url) => {
      if (!/^(https?|wss?):/.test(url)) return false; // data:, blob:, chrome-extension: stay on the machine
      const host = new URL(url).hostname;
      return host !== '127.0.0.1' && host !== 'localhost';
    });
}

export function scriptRequestsOf(lhr: Pick<Lhr, 'audits'>): number {
  const requests = lhr.audits['network-requests'];
  return (requests ? itemsOf(requests) : []).filter((item) => item.resourceType === 'Script').length;
}

export function observedMainThreadMs(lhr: Pick<Lhr, 'audits' | 'configSettings'>): number | null {
  const total = lhr.audits['mainthread-work-breakdown']?.numericValue;
  if (typeof total !== 'number') return null;
  const {throttlingMethod, throttling} = lhr.configSettings;
  return throttlingMethod === 'simulate' ? total / (throttling.cpuSlowdownMultiplier ?? 1) : total;
}

export function summarise(lhr: Lhr, meta: Pick<LighthouseRun, 'run' | 'formFactor' | 'path' | 'durationSeconds' | 'reportFiles'>): LighthouseRun {
  const scores = Object.fromEntries(CATEGORIES.map((id) => {
    const score = lhr.categories[id]?.score;
    return [id, typeof score === 'number' ? Math.round(score * 100) : null];
  })) as Record<Category, number | null>;
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null])) as Record<Metric, number | null>;
  const settings = lhr.configSettings;
  return {
    ...meta,
    scores,
    metrics,
    settings: {
      formFactor: settings.formFactor,
      screen: `${settings.screenEmulation.width}×${settings.screenEmulation.height} at ${settings.screenEmulation.deviceScaleFactor}x${settings.screenEmulation.mobile ? ', mobile' : ''}`,
      throttlingMethod: settings.throttlingMethod,
      rttMs: settings.throttling.rttMs ?? 0,
      throughputKbps: settings.throttling.throughputKbps ?? 0,
      cpuSlowdownMultiplier: settings.throttling.cpuSlowdownMultiplier ?? 1,
    },
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    runWarnings: lhr.runWarnings.map(String),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    findings: findingsOf(lhr, new URL(lhr.finalDisplayedUrl).origin),
    externalRequests: externalRequestsOf(lhr),
    scriptRequests: scriptRequestsOf(lhr),
    observedMainThreadMs: observedMainThreadMs(lhr),
  };
}

const slug = (pagePath: string) => pagePath.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';

export async function runLighthouse(baseUrl: string, pagePath: string, formFactor: FormFactor, run: number, reportDir: string): Promise<LighthouseRun> {
  // Imported when used, as ES modules: tsx would otherwise load them through require() and
  // transpile them with esbuild's keepNames, whose `__name()` calls end up inside the functions
  // Lighthouse serialises into the page, where `__name` does not exist.
  const {default: lighthouse} = await import('lighthouse');
  const {default: desktopConfig} = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const loadAverage = os.loadavg()[0]!;
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_CHROME_FLAGS, handleSIGINT: false});
  const forget = onCleanup(() => chrome.kill());
  try {
    const started = performance.now();
    const result = await lighthouse(`${baseUrl}${pagePath}`, {port: chrome.port, output: ['json', 'html'], logLevel: 'error'}, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath} (${formFactor})`);
    const durationSeconds = (performance.now() - started) / 1000;
    fs.mkdirSync(reportDir, {recursive: true});
    const base = path.join(reportDir, `run${run}-${formFactor}-${slug(pagePath)}`);
    const reports = Array.isArray(result.report) ? result.report : [result.report];
    const reportFiles = reports.map((report, index) => {
      const file = `${base}.report.${index === 0 ? 'json' : 'html'}`;
      fs.writeFileSync(file, report);
      return file;
    });
    return {...summarise(result.lhr, {run, formFactor, path: pagePath, durationSeconds, reportFiles}), loadAverage};
  } finally {
    forget();
    chrome.kill();
  }
}
