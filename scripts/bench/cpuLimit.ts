/**
 * `npm run bench -- --cpus N`: the measurements run on a slower host. The bench process (its
 * servers) and every browser it starts after this are put in a CPU cgroup whose quota lets them
 * use at most N cores' worth of CPU time, in slices of a 10 ms period, so that each runs as on a
 * machine with less CPU to give: Lighthouse's benchmark index falls with it, and its simulated
 * mobile CPU (×4 of what it observes) with that. On this machine (2 cores, index about 2,700
 * unlimited) 0.5 cores gave an index of 953-1,120 and 0.8 cores 1,912-2,146, two runs each.
 * It is a starved host rather than an evenly slower one: the browser's other processes and
 * Lighthouse share the quota, and the trace counts a task's wait for the CPU as part of the task,
 * so blocking time grows far more than the index falls (bench/budget-notes.md, 2026-11-29).
 *
 * Needs root and a cgroup CPU controller: cgroup v1 (`<root>/cpu/cpu.cfs_quota_us`) or v2
 * (`cpu.max` in a hierarchy whose `cgroup.controllers` lists cpu); says which is missing when
 * neither is there. Undone by `release()`: the process goes back to the parent group, which is
 * then removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The period of the quota: short, so that a page's tasks are slowed evenly rather than stalled for long stretches. */
export const CPU_PERIOD_US = 10_000;

export interface CpuLimit {
  cores: number;
  /** What the report says of it. */
  description: string;
  release(): void;
}

export interface CpuLimitOptions {
  /** Where cgroup file systems are mounted. */
  root?: string;
  pid?: number;
  /** Cores of this machine, the most a limit can allow. */
  available?: number;
}

/** Checks a `--cpus` value: a number of cores above 0.05 and at most what the machine has. */
export function parseCores(value: string, available = os.cpus().length): number {
  const cores = Number(value);
  if (!Number.isFinite(cores) || cores < 0.05 || cores > available) {
    throw new Error(`--cpus takes a number of cores from 0.05 to ${available} (this machine's), not "${value}"`);
  }
  return cores;
}

interface Hierarchy {
  version: 1 | 2;
  /** The directory of the group this process is moved out of (and back to). */
  parent: string;
}

function findHierarchy(root: string): Hierarchy | undefined {
  if (fs.existsSync(path.join(root, 'cpu', 'cpu.cfs_quota_us'))) return {version: 1, parent: path.join(root, 'cpu')};
  for (const dir of [root, path.join(root, 'unified')]) {
    const controllers = path.join(dir, 'cgroup.controllers');
    if (fs.existsSync(controllers) && fs.readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) return {version: 2, parent: dir};
  }
  return undefined;
}

export function limitCpu(cores: number, {root = '/sys/fs/cgroup', pid = process.pid, available = os.cpus().length}: CpuLimitOptions = {}): CpuLimit {
  parseCores(String(cores), available);
  const hierarchy = findHierarchy(root);
  if (!hierarchy) throw new Error(`--cpus needs a cgroup CPU controller under ${root} (cgroup v1 "cpu" or v2 with "cpu" in cgroup.controllers); none was found`);
  const group = path.join(hierarchy.parent, `unleash-docs-bench-${pid}`);
  const quota = Math.round(cores * CPU_PERIOD_US);
  try {
    fs.mkdirSync(group, {recursive: true});
    if (hierarchy.version === 1) {
      fs.writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
      fs.writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(quota));
    } else {
      const subtree = path.join(hierarchy.parent, 'cgroup.subtree_control');
      if (!fs.readFileSync(subtree, 'utf8').split(/\s+/).includes('cpu')) fs.writeFileSync(subtree, '+cpu');
      fs.writeFileSync(path.join(group, 'cpu.max'), `${quota} ${CPU_PERIOD_US}`);
    }
    fs.writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
  } catch (error) {
    throw new Error(`--cpus could not set up the cgroup ${group} (it needs root): ${(error as Error).message}`);
  }
  let released = false;
  return {
    cores,
    description: `a cgroup v${hierarchy.version} CPU quota of ${quota} µs per ${CPU_PERIOD_US} µs (${cores} core${cores === 1 ? '' : 's'} of ${available})`,
    release() {
      if (released) return;
      released = true;
      fs.writeFileSync(path.join(hierarchy.parent, 'cgroup.procs'), String(pid));
      try {
        fs.rmdirSync(group);
      } catch (error) {
        // A browser still closing keeps the group busy; the kernel frees it once empty.
        console.warn(`bench: the cgroup ${group} was left (${(error as Error).message})`);
      }
    },
  };
}
