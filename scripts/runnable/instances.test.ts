/**
 * The server host under faults (issue #35): what a background job can do to the process that
 * hosts one instance after another, and what the runner does about it. Before, an unhandled
 * rejection in one instance's scheduler ended the host (db-migrate's handler calls
 * process.exit(1)), and every page after it failed with "the server host exited with 1".
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {maxPatience} from '../testing/patience';
import {HostFailure, startInstances, type Instances} from './instances';

const health = async (url: string) => (await fetch(`${url}/health`, {signal: AbortSignal.timeout(10_000)})).status;

describe('the server host keeps going, or is replaced', () => {
  let instances: Instances | undefined;

  /** The next instance starts, and in a host started after `before` hosts. */
  const expectNextInNewHost = async (name: string, before: number) => {
    const next = await instances!.start(name);
    try {
      expect(await health(next.url)).toBe(200);
      expect(instances!.hostsStarted()).toBe(before + 1);
    } finally {
      await next.stop();
    }
  };

  beforeAll(async () => {
    instances = await startInstances();
  }, maxPatience(180_000));

  afterAll(async () => {
    await instances?.close();
  }, maxPatience(60_000));

  it('a rejected promise nobody awaits, as a failing scheduled job leaves, is logged and the instance serves on', async () => {
    const instance = await instances!.start('fault-rejection', 'base', {options: {disableScheduler: false}});
    try {
      await instances!.fault('unhandledRejection');
      expect(await health(instance.url)).toBe(200);
      // The host that served it is the one that answers the next command.
      await instance.settle();
      expect(instances!.hostsStarted()).toBe(1);
    } finally {
      await instance.stop();
    }
  }, maxPatience(120_000));

  it('a host that dies fails only what it was doing: the stop reports it, the next instance starts in a new host', async () => {
    const before = instances!.hostsStarted();
    const instance = await instances!.start('fault-exit');
    await instances!.fault('exit');
    await expect(instance.settle()).rejects.toThrow(/server host exited with 1|could not reach the host/);
    await instance.stop();
    await expectNextInNewHost('after-exit', before);
  }, maxPatience(120_000));

  it('a command that never answers is bounded: the host is killed with its log and replaced', async () => {
    const before = instances!.hostsStarted();
    const instance = await instances!.start('fault-hang');
    const failure = await instances!.fault('hang', 2_000).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HostFailure);
    expect((failure as Error).message).toMatch(/fault failed: no answer within 2 s\nLast lines of the server log:/);
    await expect(fetch(`${instance.url}/health`, {signal: AbortSignal.timeout(5_000)})).rejects.toThrow();
    await instance.stop();
    await expectNextInNewHost('after-hang', before);
  }, maxPatience(120_000));
});
