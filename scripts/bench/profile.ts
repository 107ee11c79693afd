/**
 * Where a page's main-thread blocking time comes from, module by module. The page loads in a
 * fresh Chromium context with a trace of its main thread (tasks and the JavaScript sampling
 * profiler); every task's CPU time (the trace's thread time, so that other processes on a
 * shared machine do not inflate it) is scaled by Lighthouse's mobile CPU slowdown (×4, as its
 * simulation does), and the blocking part of each long one (what exceeds 50 ms) is shared out over the
 * samples taken during it: by the module of the script function that was running (bundle
 * modules named by plugins/bundle-stats), or by what the browser was doing (parsing HTML,
 * style and layout, garbage collection).
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';
import {CHROMIUM, CHROMIUM_ARGS} from './chromium';
import {moduleRanges, packageOf, readBundleStats} from './modules';

/** Lighthouse's mobile profile: simulated CPU four times slower than the host. */
export const CPU_SLOWDOWN = 4;
export const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event: unlike `dur`, not inflated when other processes take the CPU. */
  tdur?: number;
  id?: string;
  args?: {name?: string; data?: Record<string, unknown>};
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: {functionName: string; url: string; lineNumber: number; columnNumber: number};
}

export interface BlockingShare {
  /** Bundle module (`react-dom/cjs/…`), script file, or what the browser did ("(style, layout)"). */
  what: string;
  group: string;
  /** Blocking ms (scaled) attributed to it. */
  blockingMs: number;
  /** All main-thread ms (scaled) attributed to it, blocking or not. */
  busyMs: number;
}

export interface PageProfile {
  path: string;
  /** Sum over tasks of their scaled duration beyond 50 ms. */
  blockingMs: number;
  longTasks: Array<{startMs: number; durationMs: number; top: string[]}>;
  shares: BlockingShare[];
}

/** Byte offset in `text` of a 0-based line and column (V8's positions). */
function offsetIndex(text: string): (line: number, column: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (line, column) => (starts[line] ?? 0) + column;
}

/** Maps a script URL and position to the bundle module there, reading build/ and the stats once. */
function moduleLocator(buildDir: string, root: string): (url: string, line: number, column: number) => {what: string; group: string} {
  const stats = readBundleStats(root);
  const cache = new Map<string, {offset: (line: number, column: number) => number; ranges: ReturnType<typeof moduleRanges>} | null>();
  return (url, line, column) => {
    const pathname = new URL(url).pathname;
    if (!pathname.endsWith('.js')) return {what: `(document ${pathname})`, group: '(browser: HTML, inline scripts)'};
    if (!cache.has(pathname)) {
      const file = path.join(buildDir, pathname);
      if (!fs.existsSync(file)) cache.set(pathname, null);
      else {
        const text = fs.readFileSync(file, 'utf8');
        cache.set(pathname, {offset: offsetIndex(text), ranges: moduleRanges(text, stats)});
      }
    }
    const entry = cache.get(pathname);
    const script = path.basename(pathname);
    if (!entry) return {what: script, group: script};
    const offset = entry.offset(line, column);
    const module = entry.ranges.find((range) => offset >= range.start && offset < range.end);
    if (!module) return {what: `${script} (runtime, outside modules)`, group: `${script} (runtime)`};
    // A concatenated module: its biggest part names it (the parts are not told apart in the output).
    return {what: `${module.name}`, group: module.group};
  };
}

/** What the browser was doing, by trace event (Lighthouse's task groups, lighthouse/core/lib/tracehouse/task-groups.js). */
const EVENT_GROUPS: Record<string, string> = {
  ParseHTML: '(browser: parse HTML)',
  ParseAuthorStyleSheet: '(browser: parse CSS)',
  ScheduleStyleRecalculation: '(browser: style and layout)',
  UpdateLayoutTree: '(browser: style and layout)',
  RecalculateStyles: '(browser: style and layout)',
  InvalidateLayout: '(browser: style and layout)',
  Layout: '(browser: style and layout)',
  'v8.compile': '(script parse and compile)',
  'v8.compileModule': '(script parse and compile)',
  'v8.parseOnBackground': '(script parse and compile)',
  'V8.CompileCode': '(script parse and compile)',
  CompileScript: '(script parse and compile)',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.run': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireIdleCallback: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'V8.Execute': 'script',
  EventDispatch: 'script',
  GCEvent: '(garbage collection)',
  MinorGC: '(garbage collection)',
  MajorGC: '(garbage collection)',
  'BlinkGC.AtomicPhase': '(garbage collection)',
  'ThreadState::performIdleLazySweep': '(garbage collection)',
  'V8.GC_SCAVENGER': '(garbage collection)',
  Paint: '(browser: paint, composite)',
  PaintImage: '(browser: paint, composite)',
  PrePaint: '(browser: paint, composite)',
  Layerize: '(browser: paint, composite)',
  UpdateLayerTree: '(browser: paint, composite)',
  CompositeLayers: '(browser: paint, composite)',
  Commit: '(browser: paint, composite)',
  HitTest: '(browser: paint, composite)',
};
const OTHER = '(browser: other)';

function groupOf(name: string): string {
  if (EVENT_GROUPS[name]) return EVENT_GROUPS[name]!;
  if (name.startsWith('V8.GC') || name.startsWith('BlinkGC.')) return '(garbage collection)';
  // Interrupts V8 takes while running script (tier-up, stack checks).
  if (name.startsWith('V8.')) return 'script';
  return OTHER;
}

export function analyseTrace(events: TraceEvent[], locate: ReturnType<typeof moduleLocator>, slowdown = CPU_SLOWDOWN): Omit<PageProfile, 'path'> {
  const mainThread = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && events.some((other) => other.pid === event.pid && other.name === 'ProfileChunk'));
  if (!mainThread) throw new Error('No renderer main thread with a CPU profile in the trace');
  const {pid, tid} = mainThread;
  const complete = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = complete.filter((event) => event.name === 'RunTask');
  // Samples: nodes and time deltas arrive in chunks of one profile.
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ts: number; node: number}> = [];
  let clock = 0;
  for (const event of events.filter((candidate) => candidate.pid === pid && (candidate.name === 'Profile' || candidate.name === 'ProfileChunk'))) {
    const data = event.args?.data as {startTime?: number; cpuProfile?: {nodes?: ProfileNode[]; samples?: number[]}; timeDeltas?: number[]} | undefined;
    if (event.name === 'Profile') {
      clock = data?.startTime ?? event.ts;
      continue;
    }
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ts: clock, node: id});
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  const shares = new Map<string, BlockingShare>();
  const add = (what: string, group: string, busy: number, blocking: number) => {
    let entry = shares.get(what);
    if (!entry) shares.set(what, (entry = {what, group, blockingMs: 0, busyMs: 0}));
    entry.busyMs += busy;
    entry.blockingMs += blocking;
  };
  /** The script module a sample was in, or null for samples outside script. */
  const scriptOf = (nodeId: number): {what: string; group: string} | null => {
    const frame = nodes.get(nodeId)?.callFrame;
    if (!frame || ['(program)', '(idle)', '(root)', '(garbage collector)'].includes(frame.functionName) && !frame.url) return null;
    if (!frame.url) return {what: `(native: ${frame.functionName || 'anonymous'})`, group: '(script: native functions)'};
    return locate(frame.url, frame.lineNumber, frame.columnNumber);
  };
  let blockingMs = 0;
  const otherNames = new Map<string, number>();
  const longTasks: PageProfile['longTasks'] = [];
  const origin = tasks[0]?.ts ?? 0;
  let eventCursor = 0;
  let sampleCursor = 0;
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + task.dur!;
    const cpu = task.tdur ?? task.dur!;
    const scaled = (cpu / 1000) * slowdown;
    const blocking = Math.max(0, scaled - LONG_TASK_MS);
    const taskShares = new Map<string, number>();
    if (blocking > 0) {
      blockingMs += blocking;
      longTasks.push({startMs: (start - origin) / 1000, durationMs: scaled, top: []});
    }
    // Self time of every event in the task, by group.
    while (eventCursor < complete.length && complete[eventCursor]!.ts < start) eventCursor += 1;
    const nested: TraceEvent[] = [];
    for (let index = eventCursor; index < complete.length && complete[index]!.ts < end; index += 1) {
      const event = complete[index]!;
      if (event !== task && event.ts + event.dur! <= end) nested.push(event);
    }
    const groups = new Map<string, number>();
    const stack: Array<{event: TraceEvent; self: number}> = [{event: task, self: task.dur!}];
    const close = (until: number) => {
      while (stack.length > 1 && stack[stack.length - 1]!.event.ts + stack[stack.length - 1]!.event.dur! <= until) {
        const done = stack.pop()!;
        const group = groupOf(done.event.name);
        groups.set(group, (groups.get(group) ?? 0) + done.self);
        if (group === OTHER && process.env.PROFILE_DEBUG) otherNames.set(done.event.name, (otherNames.get(done.event.name) ?? 0) + done.self);
      }
    };
    for (const event of nested) {
      close(event.ts);
      stack[stack.length - 1]!.self -= event.dur!;
      stack.push({event, self: event.dur!});
    }
    close(Number.POSITIVE_INFINITY);
    groups.set(OTHER, (groups.get(OTHER) ?? 0) + Math.max(0, stack[0]!.self));
    // Script time is shared out over the script samples taken during the task.
    while (sampleCursor < samples.length && samples[sampleCursor]!.ts < start) sampleCursor += 1;
    const scripts: Array<{what: string; group: string}> = [];
    for (let index = sampleCursor; index < samples.length && samples[index]!.ts < end; index += 1) {
      const script = scriptOf(samples[index]!.node);
      if (script) scripts.push(script);
    }
    // Wall-clock self times, shared out in proportion over the task's CPU time.
    const share = (micros: number) => ({busy: scaled * (micros / task.dur!), blocking: blocking * (micros / task.dur!)});
    const record = (what: string, group: string, micros: number) => {
      const {busy, blocking: part} = share(micros);
      add(what, group, busy, part);
      taskShares.set(group, (taskShares.get(group) ?? 0) + busy);
    };
    for (const [group, micros] of groups) {
      if (micros <= 0) continue;
      if (group !== 'script' || scripts.length === 0) {
        const name = group === 'script' ? '(script, no samples)' : group;
        record(name, name, micros);
        continue;
      }
      for (const script of scripts) record(script.what, script.group, micros / scripts.length);
    }
    if (blocking > 0 && process.env.PROFILE_DEBUG) {
      const names = new Map<string, number>();
      for (let index = sampleCursor; index < samples.length && samples[index]!.ts < end; index += 1) {
        // The leaf and its caller chain up to 3 frames, to tell which call site ran.
        const chain: string[] = [];
        for (let node = nodes.get(samples[index]!.node); node && chain.length < 4; node = node.parent ? nodes.get(node.parent) : undefined) {
          if (node.callFrame.functionName === '(root)') break;
          chain.push(`${node.callFrame.functionName || '?'}@${node.callFrame.url ? path.basename(new URL(node.callFrame.url).pathname) : ''}:${node.callFrame.columnNumber}`);
        }
        const key = chain.join(' < ');
        names.set(key, (names.get(key) ?? 0) + 1);
      }
      console.log(`task ${Math.round(scaled)} ms:`, [...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, count]) => `\n   ${count} ${name}`).join(''));
    }
    if (blocking > 0) {
      longTasks[longTasks.length - 1]!.top = [...taskShares.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([group, busy]) => `${group} ${Math.round(busy)} ms`);
    }
  }
  if (process.env.PROFILE_DEBUG) console.log([...otherNames.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, micros]) => `${name} ${Math.round(micros / 1000)}ms`).join('\n'));
  return {blockingMs, longTasks, shares: [...shares.values()].sort((a, b) => b.blockingMs - a.blockingMs || b.busyMs - a.busyMs)};
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel'];

/** Loads `pagePath` once, traced, until hydrated and the network is quiet. */
export async function profilePage(browser: Browser, baseUrl: string, pagePath: string, buildDir: string, root: string, viewport = {width: 412, height: 823}): Promise<PageProfile> {
  const context = await browser.newContext({viewport, deviceScaleFactor: 1.75, isMobile: true});
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {categories: TRACE_CATEGORIES});
    await page.goto(`${baseUrl}${pagePath}`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const buffer = await browser.stopTracing();
    const trace = JSON.parse(buffer.toString('utf8')) as {traceEvents: TraceEvent[]};
    return {path: pagePath, ...analyseTrace(trace.traceEvents, moduleLocator(buildDir, root))};
  } finally {
    await context.close();
  }
}

export async function profilePages(baseUrl: string, paths: readonly string[], buildDir: string, root: string): Promise<PageProfile[]> {
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  try {
    const profiles: PageProfile[] = [];
    for (const pagePath of paths) profiles.push(await profilePage(browser, baseUrl, pagePath, buildDir, root));
    return profiles;
  } finally {
    await browser.close();
  }
}

export {packageOf};
