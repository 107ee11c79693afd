import {describe, expect, it} from 'vitest';

/** These read every page or the whole Admin UI bundle; on two busy cores that takes minutes. */
const WHOLE_SITE_TIMEOUT = 240_000;
import {checkSampleTypes, collectSamples, optOutReason, type Sample} from './sampleTypes';

const sample = (code: string, extra: Partial<Sample> = {}): Sample => ({page: 'docs/x.md', route: '/x', line: 10, extension: 'ts', code, prelude: '', ...extra});

describe('samples compiled against the pinned SDKs', () => {
  it('accepts real imports, options and methods', () => {
    const report = checkSampleTypes([
      sample(`import {initialize} from 'unleash-client';\nconst unleash = initialize({url: 'https://example.com/api/', appName: 'shop', customHeaders: {Authorization: 'token'}});\nunleash.on('synchronized', () => console.log(unleash.isEnabled('checkout', {userId: '42'})));`),
      sample(`import {useFlag, FlagProvider} from '@unleash/proxy-client-react';\nexport const A = () => (useFlag('x') ? <b>on</b> : null);`, {extension: 'tsx'}),
    ]);
    expect(report.problems).toEqual([]);
    expect(report.perPackage['unleash-client']!.compiled).toBe(1);
    expect(report.perPackage['@unleash/proxy-client-react']!.compiled).toBe(1);
  }, WHOLE_SITE_TIMEOUT);

  it('fails on a name the package does not have, naming page and line', () => {
    const report = checkSampleTypes([
      sample(`import {initialize} from 'unleash-client';\nconst unleash = initialize({url: 'u', appName: 'a', refreshIntervall: 1000});`),
      sample(`import {useFlagz} from '@unleash/proxy-client-react';`, {line: 20}),
      sample(`import {x} from 'unleash-client/nope';`, {line: 30}),
    ]);
    expect(report.problems).toEqual([
      expect.stringMatching(/^docs\/x\.md:12: .*'refreshIntervall' does not exist/),
      expect.stringMatching(/^docs\/x\.md:21: .*has no exported member named 'useFlagz'/),
      expect.stringMatching(/^docs\/x\.md:31: "unleash-client\/nope" is not a module of the installed unleash-client/),
    ]);
  });

  it('lets a prelude declare what fragments assume, and other packages be loose', () => {
    const fragment = sample(`if (unleash.isEnabled('x', {userId})) render(userId);\nimport {writable} from 'svelte/store';\nconst s = writable<boolean>(false);`, {prelude: "declare const userId: string;\ndeclare const unleash: import('unleash-client').Unleash;\ndeclare function render(id: string): void;"});
    expect(checkSampleTypes([fragment]).problems).toEqual([]);
    expect(checkSampleTypes([{...fragment, prelude: ''}]).problems).toEqual(expect.arrayContaining([expect.stringContaining("Cannot find name 'unleash'")]));
  });

  it('takes opt-outs only with a reason', () => {
    expect(optOutReason('title="a.js" no-typecheck="shows a fragment of a config file"')).toBe('shows a fragment of a config file');
    expect(optOutReason('no-typecheck')).toBe('');
    expect(optOutReason('title="a.js"')).toBeUndefined();
    const report = checkSampleTypes([sample('nonsense(', {optOut: ''}), sample('nonsense(', {optOut: 'a deliberately broken example'})]);
    expect(report.optedOut).toHaveLength(2);
    expect(report.problems).toEqual([expect.stringContaining('no-typecheck needs a reason')]);
  });

  it('passes on every JS/TS sample in docs/, with at most 5% opted out', () => {
    const samples = collectSamples();
    const report = checkSampleTypes(samples);
    const counts = Object.entries(report.perPackage).map(([name, count]) => `${name} ${count.compiled} compiled, ${count.optedOut} opted out`);
    console.log(`JS/TS samples: ${samples.length - report.optedOut.length} type-checked, ${report.optedOut.length} opted out\n  ${counts.join('\n  ')}`);
    for (const optedOut of report.optedOut) console.log(`  opted out: ${optedOut.page}:${optedOut.line}: ${optedOut.optOut}`);
    expect(report.problems).toEqual([]);
    expect(report.optedOut.length / samples.length).toBeLessThanOrEqual(0.05);
  }, WHOLE_SITE_TIMEOUT);
});
