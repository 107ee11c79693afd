import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CPU_PERIOD_US, limitCpu, parseCores} from './cpuLimit';

const made: string[] = [];
/** A stand-in for /sys/fs/cgroup with the files a kernel would show. */
function fakeRoot(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cgroup-'));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const root of made.splice(0)) fs.rmSync(root, {recursive: true, force: true});
});

describe('--cpus', () => {
  it('takes a number of cores the machine has', () => {
    expect(parseCores('0.5', 2)).toBe(0.5);
    expect(parseCores('2', 2)).toBe(2);
    for (const bad of ['0', '3', 'half', '', '-1']) expect(() => parseCores(bad, 2)).toThrow(/--cpus takes a number of cores from 0.05 to 2/);
  });

  it('puts the process in a cgroup v1 group with the quota, and takes it out again', () => {
    const root = fakeRoot({'cpu/cpu.cfs_quota_us': '-1', 'cpu/cgroup.procs': ''});
    const limit = limitCpu(0.45, {root, pid: 4242, available: 2});
    const group = path.join(root, 'cpu/unleash-docs-bench-4242');
    expect(fs.readFileSync(path.join(group, 'cpu.cfs_period_us'), 'utf8')).toBe(String(CPU_PERIOD_US));
    expect(fs.readFileSync(path.join(group, 'cpu.cfs_quota_us'), 'utf8')).toBe('4500');
    expect(fs.readFileSync(path.join(group, 'cgroup.procs'), 'utf8')).toBe('4242');
    expect(limit.description).toBe('a cgroup v1 CPU quota of 4500 µs per 10000 µs (0.45 cores of 2)');
    // A real group's files go with it; the stand-in's are removed so that rmdir can succeed.
    for (const file of fs.readdirSync(group)) fs.rmSync(path.join(group, file));
    limit.release();
    expect(fs.readFileSync(path.join(root, 'cpu/cgroup.procs'), 'utf8')).toBe('4242');
    expect(fs.existsSync(group)).toBe(false);
  });

  it('uses cpu.max under cgroup v2, enabling the controller for the children', () => {
    const root = fakeRoot({'unified/cgroup.controllers': 'cpuset cpu io memory pids', 'unified/cgroup.subtree_control': '', 'unified/cgroup.procs': ''});
    limitCpu(1, {root, pid: 7, available: 2});
    expect(fs.readFileSync(path.join(root, 'unified/cgroup.subtree_control'), 'utf8')).toBe('+cpu');
    expect(fs.readFileSync(path.join(root, 'unified/unleash-docs-bench-7/cpu.max'), 'utf8')).toBe(`10000 ${CPU_PERIOD_US}`);
  });

  it('says what is missing when there is no CPU controller', () => {
    const root = fakeRoot({'memory/memory.limit_in_bytes': '0', 'unified/cgroup.controllers': 'memory pids'});
    expect(() => limitCpu(1, {root, pid: 1, available: 2})).toThrow(/needs a cgroup CPU controller/);
  });
});
