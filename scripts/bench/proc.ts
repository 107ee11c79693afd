/**
 * Reading Linux's /proc: the resident memory of a whole process tree (npm starts sh, which
 * starts node, which starts Rspack's workers: no single process holds the build's memory),
 * the CPU time a tree's processes use by kind (Chromium's renderer, GPU process … during a
 * Lighthouse run), and the machine's busy CPU time, to tell how much of it other work took.
 */
import fs from 'node:fs';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  rssBytes: number;
}

/** /proc/<pid>/status: PPid and VmRSS (in kB). Kernel threads have no VmRSS: 0 bytes. */
export function parseStatus(pid: number, text: string): ProcessEntry | null {
  const ppid = /^PPid:\s+(\d+)/m.exec(text);
  if (!ppid) return null;
  const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  return {pid, ppid: Number(ppid[1]), rssBytes: rss ? Number(rss[1]) * 1024 : 0};
}

/** The root and all its descendants in a snapshot of the process table. */
export function treeOf(root: number, table: ProcessEntry[]): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const found: ProcessEntry[] = [];
  const queue = table.filter((entry) => entry.pid === root);
  while (queue.length > 0) {
    const entry = queue.shift()!;
    found.push(entry);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return found;
}

export function readProcessTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseStatus(Number(name), fs.readFileSync(`/proc/${name}/status`, 'utf8'));
      if (entry) entries.push(entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return entries;
}

export interface TreeMemory {
  /** Highest sum of RSS over the tree at one sample (shared pages count once per process). */
  peakTreeRssBytes: number;
  /** Highest RSS of any one process of the tree at one sample. */
  peakProcessRssBytes: number;
  peakProcesses: number;
  samples: number;
  intervalMs: number;
}

/** Samples the tree under `root` every `intervalMs` until stopped. */
export function sampleTreeMemory(root: number, intervalMs = 200): {stop: () => TreeMemory} {
  const memory: TreeMemory = {peakTreeRssBytes: 0, peakProcessRssBytes: 0, peakProcesses: 0, samples: 0, intervalMs};
  const sample = () => {
    const tree = treeOf(root, readProcessTable());
    memory.samples += 1;
    memory.peakTreeRssBytes = Math.max(memory.peakTreeRssBytes, tree.reduce((sum, entry) => sum + entry.rssBytes, 0));
    memory.peakProcessRssBytes = Math.max(memory.peakProcessRssBytes, ...tree.map((entry) => entry.rssBytes));
    memory.peakProcesses = Math.max(memory.peakProcesses, tree.length);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return memory;
    },
  };
}

export interface CpuTimes {
  /** Seconds all cores spent busy (user, nice, system, irq, softirq, steal) since boot. */
  busySeconds: number;
  totalSeconds: number;
}

/** The first line of /proc/stat, in USER_HZ ticks (100 a second on Linux). */
export function parseCpuLine(text: string, ticksPerSecond = 100): CpuTimes {
  const line = text.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) throw new Error('No "cpu" line in /proc/stat');
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  return {busySeconds: busy / ticksPerSecond, totalSeconds: (busy + idle! + iowait!) / ticksPerSecond};
}

export function readCpuTimes(): CpuTimes {
  return parseCpuLine(fs.readFileSync('/proc/stat', 'utf8'));
}

/** /proc/<pid>/stat: the CPU time the process has used so far (utime + stime), in seconds. */
export function parseStatCpuSeconds(text: string, ticksPerSecond = 100): number {
  // The command name, in brackets, may hold spaces and brackets itself: fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat(5) (utime, stime) are the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * What a process is, from its command line: for Chromium, "chromium" and its `--type` (a
 * utility with its service), else the program's name. Chromium rewrites its children's
 * command lines with spaces in place of the NUL separators, so both separate arguments.
 */
export function processKind(commandLine: string): string {
  const args = commandLine.split(/[\0 ]/).filter(Boolean);
  const program = (args[0] ?? '').split('/').pop() ?? '';
  if (!/^chrom(e|ium)$/.test(program)) return program;
  const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  const subType = args.find((arg) => arg.startsWith('--utility-sub-type='))?.split('.').pop();
  return `chromium ${type ? (subType ? `${type} (${subType})` : type) : 'browser'}`;
}

export interface TreeCpu {
  /** CPU seconds by process kind, summed over every process of the tree seen while sampling. */
  byKind: Record<string, number>;
  totalSeconds: number;
}

/**
 * Samples the CPU time of every process under `root` every `intervalMs` until stopped, each
 * counted under the kind it last showed. A process that ends before `stop` counts up to its last
 * reading: what it used between that sample and its exit is lost, one interval at most (stop
 * before closing Chromium to read all of it).
 */
export function sampleTreeCpu(root: number, intervalMs = 100): {stop: () => TreeCpu} {
  const seen = new Map<number, {kind: string; first: number; latest: number}>();
  const sample = () => {
    for (const {pid} of treeOf(root, readProcessTable())) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const seconds = parseStatCpuSeconds(stat);
        // Read every time: a process can change what it is (Debian's /usr/bin/chromium is a shell
        // script that execs the browser; Chromium starts its zygotes as /proc/self/exe, then renames
        // them). One that has exited but is not yet reaped still gives its final CPU time, but no
        // command line: it keeps the kind it had, or is named by its program (stat's second field).
        const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const known = seen.get(pid);
        const kind = commandLine ? processKind(commandLine) : (known?.kind ?? stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
        if (known) Object.assign(known, {kind, latest: seconds});
        else seen.set(pid, {kind, first: seconds, latest: seconds});
      } catch {
        // Ended between the listing and the read.
      }
    }
  };
  sample();
  // Processes already running count from now; those started later, from their start.
  const before = new Set(seen.keys());
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const byKind: Record<string, number> = {};
      for (const [pid, {kind, first, latest}] of seen) byKind[kind] = (byKind[kind] ?? 0) + latest - (before.has(pid) ? first : 0);
      return {byKind, totalSeconds: Object.values(byKind).reduce((sum, value) => sum + value, 0)};
    },
  };
}
