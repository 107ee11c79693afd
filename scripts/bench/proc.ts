/**
 * Reading Linux's /proc: the resident memory of a whole process tree (npm starts sh, which
 * starts node, which starts Rspack's workers: no single process holds the build's memory),
 * and the machine's busy CPU time, to tell how much of it other work took during a build.
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
