/**
 * The sandbox's pieces beyond the client specification: the hash, the regular-expression
 * translation, where the two SDK families part, the messages shown for bad input, and the
 * state carried in a link.
 */
import {describe, expect, it} from 'vitest';
import {compileSdkRegex, evaluate, murmur3, parseRange, type FeatureState} from '../../src/evaluation';
import {nodeBytes, utf8Bytes} from '../../src/evaluation/murmur';
import {diagnose} from '../../src/components/EvaluationSandbox/diagnostics';
import {EXAMPLES, exampleState} from '../../src/components/EvaluationSandbox/examples';
import {contextOf, featureStateOf, readState} from '../../src/components/EvaluationSandbox/model';
import {decodeState, encodeState, hashFor, stateFromHash} from '../../src/components/EvaluationSandbox/urlState';

describe('murmur3 x86 32-bit', () => {
  it('gives the reference values', () => {
    expect(murmur3(utf8Bytes(''), 0)).toBe(0);
    expect(murmur3(utf8Bytes(''), 1)).toBe(0x514e28b7);
    expect(murmur3(utf8Bytes('test'), 0x9747b28c)).toBe(0x704b81dc);
    expect(murmur3(utf8Bytes('Hello, world!'), 0)).toBe(0xc0363e43);
    expect(murmur3(utf8Bytes('The quick brown fox jumps over the lazy dog'), 0x9747b28c)).toBe(0x2fa826cd);
    expect(murmur3(utf8Bytes('ππππππππ'), 0x9747b28c)).toBe(0xd58063c1);
  });

  it('hashes what each SDK family hashes for text outside ASCII', () => {
    // The Node.js SDK's murmurhash3js takes the low byte of each UTF-16 unit.
    expect(nodeBytes('πa')).toEqual([0xc0, 0x61]);
    expect(murmur3(nodeBytes('ππππππππ'), 0x9747b28c)).not.toBe(0xd58063c1);
  });
});

describe('regular expressions', () => {
  const matches = (pattern: string, value: string, flavor: 're2' | 'rust' = 're2', ci = false) => {
    const compiled = compileSdkRegex(pattern, ci, flavor);
    if (!compiled.ok) throw new Error(compiled.error);
    return compiled.regex.test(value);
  };

  it('reads inline flags in their scope', () => {
    expect(matches('a(?i)b', 'aB')).toBe(true);
    expect(matches('a(?i)b', 'AB')).toBe(false);
    expect(matches('(?i:a)b', 'Ab')).toBe(true);
    expect(matches('(?i:a)b', 'AB')).toBe(false);
    expect(matches('(?m)^b$', 'a\nb')).toBe(true);
    expect(matches('^b$', 'a\nb')).toBe(false);
    expect(matches('(?s)a.b', 'a\nb')).toBe(true);
    expect(matches('a.b', 'a\nb')).toBe(false);
    expect(matches('a.b', 'a\rb')).toBe(true);
  });

  it('refuses what RE2 refuses', () => {
    for (const pattern of ['(?=a)', '(?<!a)b', '(a)\\1', '(unclosed', 'a{1001}', '\\y']) {
      expect(compileSdkRegex(pattern, false, 're2').ok, pattern).toBe(false);
    }
  });

  it('knows RE2 escapes and classes', () => {
    expect(matches('^[[:alpha:]]+$', 'Abc')).toBe(true);
    expect(matches('^[[:^digit:]]+$', 'abc')).toBe(true);
    expect(matches('^\\Qa.b\\E$', 'a.b')).toBe(true);
    expect(matches('^\\Qa.b\\E$', 'axb')).toBe(false);
    expect(matches('^\\x{41}\\101$', 'AA')).toBe(true);
    expect(matches('^a\\-b\\#$', 'a-b#')).toBe(true);
    expect(matches('^\\d+$', '١٢')).toBe(false);
    expect(matches('^\\d+$', '١٢', 'rust')).toBe(true);
    expect(matches('^\\s$', '\u00a0')).toBe(false);
    expect(matches('(?P<year>\\d{4})', '2025')).toBe(true);
    expect(matches('a{,2}', 'a{,2}')).toBe(true);
  });

  it('turns on case-insensitivity for the constraint flag', () => {
    expect(matches('^abc$', 'ABC', 're2', true)).toBe(true);
    expect(matches('^[a-c]+$', 'ABC', 'rust', true)).toBe(true);
  });
});

describe('IP ranges', () => {
  it('reads IPv4 and IPv6 ranges and refuses the rest', () => {
    expect(parseRange('10.0.0.0/8')?.prefix).toBe(8);
    expect(parseRange('2001:db8::/32')?.prefix).toBe(32);
    expect(parseRange('::ffff:192.168.0.1')?.address.version).toBe(6);
    for (const bad of ['10.0.0.0/33', '256.0.0.1', '01.2.3.4', '1::2::3', 'abc']) expect(parseRange(bad), bad).toBeUndefined();
  });
});

const flag = (strategies: FeatureState['features'][number]['strategies'], variants?: FeatureState['features'][number]['variants']): FeatureState => ({features: [{name: 'f', enabled: true, strategies, variants}], segments: []});

describe('where the SDK families part', () => {
  it('a rollout above 100: on in the Node.js SDK, the flag does not compile in Yggdrasil', () => {
    const state = flag([{name: 'flexibleRollout', parameters: {rollout: '150', stickiness: 'default', groupId: 'f'}}]);
    const node = evaluate(state, 'f', {userId: '1'}, {engine: 'node'});
    const ygg = evaluate(state, 'f', {userId: '1'}, {engine: 'yggdrasil'});
    expect(node.enabled).toBe(true);
    expect(ygg.enabled).toBe(false);
    expect(ygg.compileErrors[0]).toContain('above 100');
  });

  it('a decimal rollout: used by the Node.js SDK, strategy off in Yggdrasil', () => {
    const state = flag([{name: 'flexibleRollout', parameters: {rollout: '99.5', stickiness: 'default', groupId: 'f'}}]);
    expect(evaluate(state, 'f', {userId: '1'}, {engine: 'node'}).enabled).toBe(true);
    expect(evaluate(state, 'f', {userId: '1'}, {engine: 'yggdrasil'}).enabled).toBe(false);
  });

  it('variant default stickiness: remoteAddress only in the Node.js SDK', () => {
    const state = flag([{name: 'default'}], [
      {name: 'a', weight: 500},
      {name: 'b', weight: 500},
    ]);
    const node = evaluate(state, 'f', {remoteAddress: '10.0.0.1'}, {engine: 'node'});
    const ygg = evaluate(state, 'f', {remoteAddress: '10.0.0.1'}, {engine: 'yggdrasil'});
    expect(node.variantTrace?.bucket?.random).toBe(false);
    expect(node.variantTrace?.bucket?.value).toBe('10.0.0.1');
    expect(ygg.variantTrace?.bucket?.random).toBe(true);
  });

  it('date operators: the Node.js SDK compares the current time, Yggdrasil the named field', () => {
    const state = flag([{name: 'default', constraints: [{contextName: 'signup', operator: 'DATE_AFTER', value: '2020-01-01T00:00:00Z'}]}]);
    const context = {currentTime: '2025-01-01T00:00:00Z', properties: {signup: '2019-06-01T00:00:00Z'}};
    expect(evaluate(state, 'f', context, {engine: 'node'}).enabled).toBe(true);
    expect(evaluate(state, 'f', context, {engine: 'yggdrasil'}).enabled).toBe(false);
  });

  it('a STR_ operator without values: false in the Node.js SDK, the flag does not compile in Yggdrasil', () => {
    const state = flag([
      {name: 'default', constraints: [{contextName: 'email', operator: 'STR_CONTAINS', values: [], inverted: true}]},
    ]);
    expect(evaluate(state, 'f', {properties: {email: 'x'}}, {engine: 'node'}).enabled).toBe(true);
    expect(evaluate(state, 'f', {properties: {email: 'x'}}, {engine: 'yggdrasil'}).enabled).toBe(false);
  });

  it('text outside ASCII hashes differently', () => {
    const state = flag([{name: 'flexibleRollout', parameters: {rollout: '100', stickiness: 'default', groupId: 'f'}}]);
    const node = evaluate(state, 'f', {userId: 'Zoë'}, {engine: 'node'});
    const ygg = evaluate(state, 'f', {userId: 'Zoë'}, {engine: 'yggdrasil'});
    expect(node.strategies[0]!.bucket!.nonAscii).toBe(true);
    expect(node.strategies[0]!.bucket!.bucket).not.toBe(ygg.strategies[0]!.bucket!.bucket);
  });
});

describe('messages for bad input', () => {
  const state = exampleState('gradual-rollout');

  it('says what a rollout outside 0 to 100 does', () => {
    state.strategies[0]!.rollout = '150';
    expect(diagnose(state).get('s0.rollout')?.[0]?.text).toMatch(/Above 100 %.*Node\.js SDK enables.*Yggdrasil cannot compile/);
    state.strategies[0]!.rollout = '-5';
    expect(diagnose(state).get('s0.rollout')?.[0]?.text).toMatch(/Below 0/);
    state.strategies[0]!.rollout = 'half';
    expect(diagnose(state).get('s0.rollout')?.[0]?.text).toMatch(/Not a number/);
  });

  it('says what an invalid version, date and weights do', () => {
    const sandbox = exampleState('sandbox');
    sandbox.strategies[1]!.constraints[1]!.value = '5.2';
    expect(diagnose(sandbox).get('s1.c1.value')?.[0]?.text).toMatch(/Not a semantic version.*Yggdrasil reads it as a number/);
    sandbox.strategies[1]!.constraints[1]!.value = 'v5.2.0';
    expect(diagnose(sandbox).get('s1.c1.value')?.[0]?.text).toMatch(/Starts with "v"/);
    sandbox.strategies[1]!.constraints[1] = {contextName: 'currentTime', operator: 'DATE_AFTER', value: 'next tuesday', values: '', caseInsensitive: false, inverted: false};
    expect(diagnose(sandbox).get('s1.c1.value')?.[0]?.text).toMatch(/Not a date/);
    sandbox.strategies[1]!.constraints[1]!.value = '2025-03-01';
    expect(diagnose(sandbox).get('s1.c1.value')?.[0]?.text).toMatch(/Node\.js SDK reads 2025-03-01T00:00:00\.000Z.*full timestamp/);
    sandbox.variants[0]!.weight = '400';
    expect(diagnose(sandbox).get('weights')?.[0]?.text).toMatch(/add up to 900, not 1000/);
    sandbox.context.currentTime = 'yesterday';
    expect(diagnose(sandbox).get('ctx.currentTime')?.[0]?.level).toBe('error');
  });

  it('never throws, whatever the input', () => {
    const sandbox = exampleState('sandbox');
    for (const value of ['', '(', '\\', '"', '[[:foo:]]', 'v', '-', '1e999', '\u0000', '9'.repeat(400)]) {
      sandbox.strategies[1]!.rollout = value;
      sandbox.strategies[1]!.groupId = value;
      sandbox.strategies[1]!.constraints[0]!.values = value;
      for (const operator of ['REGEX', 'NUM_EQ', 'DATE_BEFORE', 'SEMVER_LT', 'IN_CIDR', 'STR_CONTAINS', 'BOGUS']) {
        sandbox.strategies[1]!.constraints[1]!.operator = operator;
        sandbox.strategies[1]!.constraints[1]!.value = value;
        expect(() => diagnose(sandbox)).not.toThrow();
        for (const engine of ['node', 'yggdrasil'] as const) {
          expect(() => evaluate(featureStateOf(sandbox), sandbox.flagName, contextOf(sandbox.context), {engine})).not.toThrow();
        }
      }
    }
  });
});

describe('examples', () => {
  it('every example evaluates in both SDK families without a problem message', () => {
    for (const [name, make] of Object.entries(EXAMPLES)) {
      const state = make();
      const errors = [...diagnose(state).values()].flat().filter((message) => message.level === 'error');
      expect(errors, name).toEqual([]);
      const node = evaluate(featureStateOf(state), state.flagName, contextOf(state.context), {engine: 'node'});
      const ygg = evaluate(featureStateOf(state), state.flagName, contextOf(state.context), {engine: 'yggdrasil'});
      expect(node.found, name).toBe(true);
      expect(ygg.enabled, name).toBe(node.enabled);
      expect(ygg.variant.name, name).toBe(node.variant.name);
    }
  });
});

describe('the state in a link', () => {
  it('survives the round trip', async () => {
    const state = exampleState('sandbox');
    state.context.userId = '42 ünïcödé';
    const encoded = await encodeState(state);
    expect(encoded.startsWith('1.')).toBe(true);
    expect(stateFromHash(hashFor(encoded))).toBe(encoded);
    expect(await decodeState(encoded)).toEqual(state);
  });

  it('reads nothing from a broken link and cleans a hostile one', async () => {
    expect(await decodeState('1.not-base64-deflate')).toBeUndefined();
    expect(await decodeState('garbage')).toBeUndefined();
    const hostile = readState({flagName: 7, strategies: [{name: 'flexibleRollout', constraints: 'x', segments: ['1', 2]}], context: {properties: [{name: {}, value: 'v'}]}});
    expect(hostile.flagName).toBe('my-flag');
    expect(hostile.strategies[0]!.constraints).toEqual([]);
    expect(hostile.strategies[0]!.segments).toEqual([2]);
    expect(hostile.context.properties[0]).toEqual({name: '', value: 'v'});
  });
});
