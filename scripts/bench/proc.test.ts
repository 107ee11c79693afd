import {spawn} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {parseCpuLine, parseStatus, readProcessTable, sampleTreeMemory, treeOf, type ProcessEntry} from './proc';

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
