import {spawn} from 'node:child_process';
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseCpuLine, parseStatCpuSeconds, parseStatus, processKind, readProcessTable, sampleTreeCpu, sampleTreeMemory, treeOf, type ProcessEntry} from './proc';

describe('parseStatus', () => {
  it('reads the parent and the resident memory in bytes', () => {
    expect(parseStatus(42, 'Name:\tnode\nState:\tS (sleeping)\nPPid:\t7\nVmRSS:\t  204800 kB\n')).toEqual({pid: 42, ppid: 7, rssBytes: 204800 * 1024});
  });

  it('gives kernel threads, which have no VmRSS, zero bytes', () => {
    expect(parseStatus(2, 'Name:\tkthreadd\nPPid:\t0\n')).toEqual({pid: 2, ppid: 0, rssBytes: 0});
  });
});

describe('treeOf', () => {
  const entry = (pid: number, ppid: number, mb: number): ProcessEntry => ({pid, ppid, rssBytes: mb * 2 ** 20});
  it('takes the root and all its descendants, not its siblings or parent', () => {
    const table = [entry(1, 0, 1), entry(10, 1, 5), entry(11, 10, 100), entry(12, 11, 300), entry(13, 10, 50), entry(20, 1, 999)];
    expect(treeOf(10, table).map((e) => e.pid).sort((a, b) => a - b)).toEqual([10, 11, 12, 13]);
  });

  it('is empty when the root has ended', () => {
    expect(treeOf(99, [entry(1, 0, 1)])).toEqual([]);
  });
});

describe('parseCpuLine', () => {
  it('adds up busy ticks and all ticks, at 100 a second', () => {
    const times = parseCpuLine('cpu  1000 100 300 5000 200 0 50 25 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n');
    expect(times.busySeconds).toBeCloseTo((1000 + 100 + 300 + 50 + 25) / 100);
    expect(times.totalSeconds).toBeCloseTo((1000 + 100 + 300 + 5000 + 200 + 50 + 25) / 100);
  });
});

describe('on this machine', () => {
  it('finds this process in the process table', () => {
    expect(readProcessTable().find((e) => e.pid === process.pid)).toMatchObject({ppid: process.ppid});
  });

  it('samples the memory of a process tree: a shell and its child', async () => {
    const child = spawn('sh', ['-c', 'sleep 1; true'], {stdio: 'ignore'});
    const sampler = sampleTreeMemory(child.pid!, 50);
    await new Promise((resolve) => child.on('exit', resolve));
    const memory = sampler.stop();
    expect(memory.samples).toBeGreaterThan(5);
    expect(memory.peakProcesses).toBe(2);
    expect(memory.peakTreeRssBytes).toBeGreaterThan(memory.peakProcessRssBytes);
  });
});

describe('parseStatCpuSeconds', () => {
  it('adds user and system time, reading past a command name with spaces and brackets', () => {
    const stat = '4242 (Chrome_ChildIOT (x)) S 4200 4242 4242 0 -1 4194304 100 0 0 0 250 75 0 0 20 0 12 0 900 1000 10 18446744073709551615';
    expect(parseStatCpuSeconds(stat)).toBeCloseTo(3.25);
  });
});

describe('processKind', () => {
  it('names Chromium\'s processes by their type, utilities by their service, anything else by its program', () => {
    expect(processKind('/usr/lib/chromium/chromium\0--type=renderer\0--lang=en-US\0')).toBe('chromium renderer');
    expect(processKind('/usr/lib/chromium/chromium\0--type=utility\0--utility-sub-type=network.mojom.NetworkService\0')).toBe('chromium utility (NetworkService)');
    expect(processKind('/usr/lib/chromium/chromium\0--headless=new\0--no-sandbox\0')).toBe('chromium browser');
    expect(processKind('/usr/bin/node\0/work/node_modules/lighthouse/cli/index.js\0')).toBe('node');
  });

  it('reads the command lines Chromium rewrites with spaces, whatever the paths in them', () => {
    expect(processKind('/usr/lib/chromium/chromium --type=renderer --user-data-dir=/tmp/lighthouse.xvZK7EP --lang=en-US')).toBe('chromium renderer');
  });
});

describe('sampleTreeCpu', () => {
  /** CPU seconds the tree under a shell running `script` used, sampled from its start to its exit. */
  const treeCpu = async (script: string) => {
    const child = spawn('sh', ['-c', script], {stdio: 'ignore'});
    const sampler = sampleTreeCpu(child.pid!, 20);
    await new Promise((resolve) => child.on('exit', resolve));
    return sampler.stop();
  };
  // About 0.35 s of CPU here however busy the machine (a loaded one stretches only the wall time).
  const burn = 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done';

  it('shows a process tree that burns CPU using far more than one that sleeps as long', async () => {
    // The burning loop runs in a grandchild, so the tree, not just the root, is counted.
    const burning = await treeCpu(`sh -c '${burn}'; sleep 0.2`);
    const sleeping = await treeCpu('sleep 0.5; sleep 0.2');
    expect(burning.totalSeconds).toBeGreaterThan(0.1);
    expect(sleeping.totalSeconds).toBeLessThan(0.05);
    expect(burning.totalSeconds).toBeGreaterThan(sleeping.totalSeconds + 0.08);
  });

  it('puts the CPU under the kind of process that used it, and the kinds add up to the total', async () => {
    const {byKind, totalSeconds} = await treeCpu(`sh -c '${burn}'; sleep 0.2`);
    expect(Object.keys(byKind).sort()).toEqual(['sh', 'sleep']);
    expect(byKind.sh).toBeGreaterThan(0.1);
    expect(byKind.sleep).toBeLessThan(0.02);
    expect(byKind.sh! + byKind.sleep!).toBeCloseTo(totalSeconds);
  });

  it('names a process by what it last was: a shell that execs, as Debian\'s chromium script does, counts as the program', async () => {
    const {byKind} = await treeCpu(`${burn}; exec sleep 0.5`);
    expect(Object.keys(byKind)).toEqual(['sleep']);
    expect(byKind.sleep).toBeGreaterThan(0.1);
  });

  it('counts a process already running only from the first sample, not what it used before', async () => {
    const child = spawn('sh', ['-c', `${burn}; echo burnt; sleep 1`], {stdio: ['ignore', 'pipe', 'ignore']});
    await new Promise((resolve) => child.stdout.once('data', resolve));
    expect(parseStatCpuSeconds(fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8'))).toBeGreaterThan(0.1);
    const sampler = sampleTreeCpu(child.pid!, 20);
    await new Promise((resolve) => child.on('exit', resolve));
    expect(sampler.stop().totalSeconds).toBeLessThan(0.05);
  });
});
