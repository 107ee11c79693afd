/**
 * What an SDK answers for one flag and one context: isEnabled and getVariant, with the reasons.
 *
 * Two SDK families are reproduced. `node` follows unleash-client 6.12.1 (the Node.js SDK);
 * `yggdrasil` follows Unleash's Rust engine at v0.21.5, which compiles each flag into a rule
 * first and keeps a flag it cannot compile switched off. Both pass client specification 6.1.0
 * (tests/unit/client-specification.test.ts runs every case through this module, for both).
 * Where they part, on input the specification leaves open, each is reproduced as it is.
 */
import {compileYggdrasilConstraint, nodeConstraint, yggdrasilStringProblem, type ConstraintOutcome} from './constraints';
import {contextValue} from './context';
import {parseIp, parseIPv4, parseRange, rangeContains, type IpRange} from './ip';
import {hashInputsDiffer, normalizedHash, STRATEGY_SEED, VARIANT_SEED, type HashBytes} from './murmur';
import type {Constraint, Context, Engine, Feature, FeatureState, Segment, Strategy, StrategyVariant, Variant, VariantResult} from './types';

export interface EvaluateOptions {
  engine?: Engine;
  /** A number in [0, 1) for random stickiness and gradualRolloutRandom; Math.random by default. */
  random?: () => number;
  /** The present moment, for date constraints when the context has no currentTime. */
  now?: () => Date;
  /** The host name applicationHostname compares (an SDK reads its machine's). */
  hostname?: string;
}

/** Where a hash put a context: `bucket` is from 1 to `modulus`. */
export interface Bucket {
  groupId: string;
  stickiness: string;
  /** The stickiness value hashed (a drawn number when `random`). */
  value: string;
  random: boolean;
  seed: number;
  modulus: number;
  bucket: number;
  /** The hashed text has characters outside ASCII: the other SDK family may get another bucket. */
  nonAscii: boolean;
}

export interface ConstraintTrace extends ConstraintOutcome {
  source: 'strategy' | 'segment';
  segmentId?: number;
  /** Undefined for a segment that does not exist. */
  constraint?: Constraint;
}

export interface StrategyTrace {
  index: number;
  name: string;
  /** The strategy's own rule (rollout, user list…), apart from its constraints. */
  ruleMatched: boolean;
  reason: string;
  constraints: ConstraintTrace[];
  /** Index in `constraints` of the first that fails. */
  failedConstraint?: number;
  enabled: boolean;
  bucket?: Bucket;
  /** A random draw decided the rule. */
  random: boolean;
}

export interface VariantTrace {
  source: 'strategy' | 'flag';
  strategyIndex?: number;
  groupId: string;
  stickiness: string;
  totalWeight: number;
  override?: {variant: string; contextName: string; value: string};
  bucket?: Bucket;
  reason: string;
}

export interface DependencyTrace {
  feature: string;
  satisfied: boolean;
  reason: string;
}

export interface Evaluation {
  engine: Engine;
  flagName: string;
  found: boolean;
  /** The flag's own on/off switch. */
  flagEnabled: boolean;
  /** Yggdrasil only: why the flag does not compile (it is then always off). */
  compileErrors: string[];
  dependencies: DependencyTrace[];
  strategies: StrategyTrace[];
  /** Index of the strategy that enabled the flag. */
  decidedBy?: number;
  enabled: boolean;
  variant: VariantResult;
  variantTrace?: VariantTrace;
  reason: string;
}

interface Run {
  engine: Engine;
  state: FeatureState;
  segments: Map<number, Segment>;
  context: Context;
  random: () => number;
  now: () => Date;
  hostname?: string;
  bytes: HashBytes;
}

const quote = (value: string) => JSON.stringify(value);
const disabledVariant = (featureEnabled: boolean): VariantResult => ({name: 'disabled', enabled: false, feature_enabled: featureEnabled});

function bucketOf(run: Run, groupId: string, stickiness: string, value: string, random: boolean, modulus: number, seed: number): Bucket {
  return {
    groupId,
    stickiness,
    value,
    random,
    seed,
    modulus,
    bucket: normalizedHash(groupId, value, modulus, seed, run.bytes),
    nonAscii: hashInputsDiffer(`${groupId}:${value}`),
  };
}

/** A whole number as Rust's usize parser reads one ("+5" included), else undefined. */
function rustUsize(text: string | undefined): number | undefined {
  return text !== undefined && /^\+?\d+$/.test(text) ? Number(text) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Constraints of a strategy, segments included

function constraintTraces(run: Run, strategy: Strategy): ConstraintTrace[] {
  const evaluate = (constraint: Constraint): ConstraintOutcome => {
    if (run.engine === 'node') return nodeConstraint(constraint, run.context, run.now);
    const compiled = compileYggdrasilConstraint(constraint);
    return 'error' in compiled ? {passed: false, reason: `does not compile: ${compiled.error}`} : compiled.evaluate(run.context, run.now);
  };
  const traces: ConstraintTrace[] = (strategy.constraints ?? []).map((constraint) =>
    constraint ? {source: 'strategy', constraint, ...evaluate(constraint)} : {source: 'strategy', passed: false, reason: 'an empty constraint'},
  );
  for (const id of strategy.segments ?? []) {
    const segment = run.segments.get(id);
    if (!segment) {
      traces.push({source: 'segment', segmentId: id, passed: false, reason: `segment ${id} does not exist, so the strategy cannot match`});
      continue;
    }
    for (const constraint of segment.constraints ?? []) traces.push({source: 'segment', segmentId: id, constraint, ...evaluate(constraint)});
  }
  return traces;
}

// ---------------------------------------------------------------------------------------------
// Strategy rules

interface RuleOutcome {
  matched: boolean;
  reason: string;
  bucket?: Bucket;
  random?: boolean;
}

function rolloutOutcome(bucket: Bucket, percentage: number, node: boolean): RuleOutcome {
  const matched = node ? percentage > 0 && bucket.bucket <= percentage : bucket.bucket <= percentage;
  const drawn = bucket.random ? ` (a random draw, ${bucket.value})` : '';
  return {
    matched,
    bucket,
    random: bucket.random,
    reason: `the hash put this context${drawn} in bucket ${bucket.bucket}, which is ${matched ? 'within' : 'outside'} the rollout of ${percentage} %`,
  };
}

function nodeRule(run: Run, strategy: Strategy): RuleOutcome {
  const parameters = strategy.parameters ?? {};
  const {context} = run;
  switch (strategy.name) {
    case 'default':
      return {matched: true, reason: 'the standard strategy is on for everyone'};
    case 'flexibleRollout': {
      // The SDK falls back to a `featureToggle` field of the context, which it does not set itself.
      const groupId = parameters.groupId || (context as {featureToggle?: string}).featureToggle || '';
      const percentage = Number(parameters.rollout);
      const stickiness = parameters.stickiness || 'default';
      let value: string | undefined;
      let random = false;
      const draw = () => {
        random = true;
        return `${Math.round(run.random() * 10000) + 1}`;
      };
      if (stickiness === 'default') value = context.userId || context.sessionId || draw();
      else if (stickiness === 'random') value = draw();
      else value = contextValue(context, stickiness, 'node');
      if (!value) return {matched: false, reason: `the stickiness field ${stickiness} is not set in the context`};
      if (Number.isNaN(percentage)) return {matched: false, reason: `the rollout ${quote(parameters.rollout ?? '')} is not a number`, bucket: bucketOf(run, groupId, stickiness, value, random, 100, STRATEGY_SEED)};
      return rolloutOutcome(bucketOf(run, groupId, stickiness, value, random, 100, STRATEGY_SEED), percentage, true);
    }
    case 'gradualRolloutUserId':
    case 'gradualRolloutSessionId': {
      const field = strategy.name === 'gradualRolloutUserId' ? 'userId' : 'sessionId';
      const value = context[field];
      if (!value) return {matched: false, reason: `${field} is not set in the context`};
      const percentage = Number(parameters.percentage);
      const bucket = bucketOf(run, parameters.groupId || '', field, value, false, 100, STRATEGY_SEED);
      if (Number.isNaN(percentage)) return {matched: false, bucket, reason: `the percentage ${quote(parameters.percentage ?? '')} is not a number`};
      return rolloutOutcome(bucket, percentage, true);
    }
    case 'gradualRolloutRandom': {
      const percentage = Number(parameters.percentage);
      const drawn = Math.floor(run.random() * 100) + 1;
      const matched = percentage >= drawn;
      return {matched, random: true, reason: `a random number from 1 to 100 was drawn (${drawn}); it is ${matched ? 'at most' : 'above'} the percentage ${parameters.percentage ?? ''}`};
    }
    case 'userWithId': {
      const ids = parameters.userIds ? parameters.userIds.split(/\s*,\s*/) : [];
      const matched = context.userId !== undefined && ids.includes(context.userId);
      return {matched, reason: context.userId === undefined ? 'userId is not set in the context' : `userId ${quote(context.userId)} is ${matched ? '' : 'not '}in the list of user IDs`};
    }
    case 'remoteAddress': {
      if (!parameters.IPs) return {matched: false, reason: 'the strategy has no IP addresses'};
      const remote = context.remoteAddress;
      const address = parseIPv4(remote ?? '');
      const matched = parameters.IPs.split(/\s*,\s*/).some((entry) => {
        if (entry === remote) return true;
        const range = parseRange(entry);
        return !!range && range.address.version === 4 && !!address && rangeContains(range, address);
      });
      return {matched, reason: remote === undefined ? 'remoteAddress is not set in the context' : `remoteAddress ${quote(remote)} is ${matched ? '' : 'not '}one of the addresses or IPv4 ranges`};
    }
    case 'applicationHostname': {
      if (!parameters.hostNames) return {matched: false, reason: 'the strategy has no host names'};
      if (!run.hostname) return {matched: false, reason: "no host name is given (an SDK compares its machine's host name)"};
      const matched = parameters.hostNames.toLowerCase().split(/\s*,\s*/).includes(run.hostname.toLowerCase());
      return {matched, reason: `the host name ${quote(run.hostname)} is ${matched ? '' : 'not '}in the list`};
    }
    default:
      return {matched: false, reason: `the SDK has no strategy called ${quote(strategy.name)} (a custom strategy needs its implementation registered in the application)`};
  }
}

function yggdrasilStickinessValue(run: Run, stickiness: string | undefined): {value?: string; random: boolean} {
  const draw = () => `${Math.floor(run.random() * 9999) + 1}`;
  if (stickiness === 'random') return {value: draw(), random: true};
  if (stickiness === undefined || stickiness === 'default') {
    const value = run.context.userId ?? run.context.sessionId;
    return value !== undefined ? {value, random: false} : {value: draw(), random: true};
  }
  return {value: contextValue(run.context, stickiness, 'yggdrasil', run.now), random: false};
}

function yggdrasilRule(run: Run, strategy: Strategy, featureName: string): RuleOutcome {
  const parameters = strategy.parameters ?? {};
  const {context} = run;
  switch (strategy.name) {
    case 'default':
      return {matched: true, reason: 'the standard strategy is on for everyone'};
    case 'flexibleRollout': {
      const percentage = rustUsize(parameters.rollout);
      if (percentage === undefined) return {matched: false, reason: `the rollout ${quote(parameters.rollout ?? '')} is not a whole number, so the strategy is off`};
      const groupId = parameters.groupId ?? featureName;
      const stickiness = parameters.stickiness ?? 'default';
      const {value, random} = yggdrasilStickinessValue(run, stickiness);
      if (value === undefined) return {matched: false, reason: `the stickiness field ${stickiness} is not set in the context`};
      return rolloutOutcome(bucketOf(run, groupId, stickiness, value, random, 100, STRATEGY_SEED), percentage, false);
    }
    case 'gradualRolloutUserId':
    case 'gradualRolloutSessionId': {
      const field = strategy.name === 'gradualRolloutUserId' ? 'userId' : 'sessionId';
      const percentage = rustUsize(parameters.percentage);
      if (percentage === undefined || parameters.groupId === undefined) return {matched: false, reason: 'the strategy needs a whole-number percentage and a groupId, so it is off'};
      const value = context[field];
      if (value === undefined) return {matched: false, reason: `${field} is not set in the context`};
      return rolloutOutcome(bucketOf(run, parameters.groupId, field, value, false, 100, STRATEGY_SEED), percentage, false);
    }
    case 'gradualRolloutRandom': {
      const percentage = rustUsize(parameters.percentage);
      if (percentage === undefined) return {matched: false, reason: `the percentage ${quote(parameters.percentage ?? '')} is not a whole number, so the strategy is off`};
      const drawn = Math.floor(run.random() * 99) + 1;
      const matched = drawn < percentage;
      return {matched, random: true, reason: `a random number from 1 to 99 was drawn (${drawn}); it is ${matched ? 'below' : 'not below'} the percentage ${percentage}`};
    }
    case 'userWithId': {
      if (parameters.userIds === undefined) return {matched: false, reason: 'the strategy has no user IDs'};
      const ids = new Set(parameters.userIds.split(',').map((id) => id.trim()));
      const matched = context.userId !== undefined && ids.has(context.userId);
      return {matched, reason: context.userId === undefined ? 'userId is not set in the context' : `userId ${quote(context.userId)} is ${matched ? '' : 'not '}in the list of user IDs`};
    }
    case 'remoteAddress': {
      if (parameters.IPs === undefined) return {matched: false, reason: 'the strategy has no IP addresses'};
      const ranges = parameters.IPs.split(',').map((entry) => parseRange(entry.trim())).filter((range): range is IpRange => !!range);
      const remote = context.remoteAddress;
      const address = parseIp(remote ?? '');
      const matched = !!address && ranges.some((range) => rangeContains(range, address));
      return {matched, reason: remote === undefined ? 'remoteAddress is not set in the context' : `remoteAddress ${quote(remote)} is ${matched ? '' : 'not '}one of the addresses or ranges`};
    }
    case 'applicationHostname': {
      const hosts = new Set((parameters.hostNames ?? '').split(',').map((host) => host.trim().toLowerCase()));
      if (!run.hostname) return {matched: false, reason: 'no host name is given (the engine reads it from the SDK that embeds it)'};
      const matched = hosts.has(run.hostname.toLowerCase());
      return {matched, reason: `the host name ${quote(run.hostname)} is ${matched ? '' : 'not '}in the list`};
    }
    default:
      return {matched: false, reason: `${quote(strategy.name)} is a custom strategy: the engine asks the SDK for its result, and without an implementation it is off`};
  }
}

/** Yggdrasil's reasons for not compiling a flag at all. */
export function yggdrasilCompileErrors(feature: Feature, segments: Map<number, Segment>): string[] {
  const errors: string[] = [];
  (feature.strategies ?? []).forEach((strategy, index) => {
    const label = `strategy ${index + 1} (${strategy.name})`;
    const parameters = strategy.parameters ?? {};
    const stringProblem = (what: string, text: string | undefined, escaped: boolean) => {
      const problem = text === undefined ? undefined : yggdrasilStringProblem(text, escaped);
      if (problem) errors.push(`${label}: ${what} ${problem}`);
    };
    if (strategy.name === 'flexibleRollout') {
      const rollout = rustUsize(parameters.rollout);
      if (rollout !== undefined && rollout > 100) errors.push(`${label}: the rollout ${rollout} is above 100`);
      stringProblem('the groupId', parameters.groupId, false);
      const stickiness = parameters.stickiness;
      if (stickiness !== undefined && !['default', 'random', 'userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'].includes(stickiness)) stringProblem('the stickiness', stickiness, false);
    }
    if (strategy.name === 'gradualRolloutUserId' || strategy.name === 'gradualRolloutSessionId') {
      const percentage = rustUsize(parameters.percentage);
      if (percentage !== undefined && parameters.groupId !== undefined) {
        if (percentage > 100) errors.push(`${label}: the percentage ${percentage} is above 100`);
        stringProblem('the groupId', parameters.groupId, false);
      }
    }
    if (strategy.name === 'userWithId' && parameters.userIds !== undefined) {
      for (const id of parameters.userIds.split(',')) stringProblem('the user ID', id.trim(), true);
    }
    if (strategy.name === 'remoteAddress' && parameters.IPs !== undefined) {
      for (const ip of parameters.IPs.split(',')) stringProblem('the address', ip.trim(), false);
    }
    if (strategy.name === 'applicationHostname') {
      for (const host of (parameters.hostNames ?? '').split(',')) stringProblem('the host name', host.trim(), false);
    }
    const constraints: Array<[string, Constraint]> = (strategy.constraints ?? []).map((constraint, i) => [`constraint ${i + 1}`, constraint]);
    for (const id of strategy.segments ?? []) {
      const segment = segments.get(id);
      if (!segment) errors.push(`${label}: segment ${id} does not exist`);
      else segment.constraints.forEach((constraint, i) => constraints.push([`segment ${segment.name ?? id}, constraint ${i + 1}`, constraint]));
    }
    for (const [where, constraint] of constraints) {
      const compiled = compileYggdrasilConstraint(constraint);
      if ('error' in compiled) errors.push(`${label}, ${where}: ${compiled.error}`);
    }
  });
  return errors;
}

function strategyTrace(run: Run, strategy: Strategy, index: number, featureName: string): StrategyTrace {
  const constraints = constraintTraces(run, strategy);
  const failed = constraints.findIndex((trace) => !trace.passed);
  const rule = run.engine === 'node' ? nodeRule(run, strategy) : yggdrasilRule(run, strategy, featureName);
  return {
    index,
    name: strategy.name,
    ruleMatched: rule.matched,
    reason: rule.reason,
    constraints,
    failedConstraint: failed < 0 ? undefined : failed,
    enabled: rule.matched && failed < 0,
    bucket: rule.bucket,
    random: !!rule.random,
  };
}

// ---------------------------------------------------------------------------------------------
// Variants

interface Picked {
  variant?: StrategyVariant;
  trace: VariantTrace;
}

function nodeOverrideValue(run: Run, name: string) {
  return contextValue(run.context, name, 'node');
}

function yggdrasilOverrideValue(run: Run, name: string) {
  return contextValue(run.context, name, 'yggdrasil');
}

function pickVariant(run: Run, variants: Variant[], groupId: string, stickiness: string | undefined, source: VariantTrace['source'], strategyIndex?: number): Picked {
  const totalWeight = variants.reduce((sum, variant) => sum + variant.weight, 0);
  const base = {source, strategyIndex, groupId, stickiness: stickiness ?? 'default', totalWeight};
  const findOverride = () => {
    for (const variant of variants) {
      for (const override of variant.overrides ?? []) {
        const value = run.engine === 'node' ? nodeOverrideValue(run, override.contextName) : yggdrasilOverrideValue(run, override.contextName);
        if (value !== undefined && override.values.includes(value)) return {variant, override: {variant: variant.name, contextName: override.contextName, value}};
      }
    }
    return undefined;
  };
  if (run.engine === 'node' && totalWeight <= 0) return {trace: {...base, reason: 'the weights add up to 0, so no variant can be picked'}};
  const found = findOverride();
  if (found) {
    return {variant: found.variant, trace: {...base, override: found.override, reason: `an override gives ${quote(found.variant.name)} to ${found.override.contextName} ${quote(found.override.value)}`}};
  }
  if (totalWeight <= 0) return {trace: {...base, reason: 'the weights add up to 0, so no variant can be picked'}};

  let bucket: Bucket;
  if (run.engine === 'node') {
    let seed: string | undefined;
    if (stickiness !== undefined && stickiness !== 'default') {
      seed = nodeOverrideValue(run, stickiness) || undefined;
    } else {
      seed = [run.context.userId, run.context.sessionId, run.context.remoteAddress].find((value) => typeof value === 'string' && value !== '');
    }
    const random = seed === undefined;
    bucket = bucketOf(run, groupId, stickiness ?? 'default', seed ?? String(Math.round(run.random() * 100000)), random, totalWeight, VARIANT_SEED);
  } else {
    const key = stickiness === undefined || stickiness === 'default' ? undefined : stickiness;
    const seed = key === undefined ? run.context.userId ?? run.context.sessionId : yggdrasilOverrideValue(run, key);
    if (seed === undefined) {
      const target = Math.floor(run.random() * totalWeight) + 1;
      bucket = {groupId, stickiness: stickiness ?? 'default', value: String(target), random: true, seed: VARIANT_SEED, modulus: totalWeight, bucket: target, nonAscii: false};
    } else {
      bucket = bucketOf(run, groupId, stickiness ?? 'default', seed, false, totalWeight, VARIANT_SEED);
    }
  }
  let counter = 0;
  const variant = variants.find((candidate) => {
    if (run.engine === 'node' && candidate.weight === 0) return false;
    counter += candidate.weight;
    return counter >= bucket.bucket;
  });
  const drawn = bucket.random ? ' (no stickiness value in the context, so a random draw)' : '';
  return {
    variant,
    trace: {
      ...base,
      bucket,
      reason: variant ? `the hash put this context${drawn} at ${bucket.bucket} of ${totalWeight}, which falls in ${quote(variant.name)}` : `position ${bucket.bucket} of ${totalWeight} falls in no variant`,
    },
  };
}

/** The variant of a matched strategy, or of the flag. */
function chooseVariant(run: Run, feature: Feature, strategy: Strategy | undefined, strategyIndex: number | undefined): Picked | undefined {
  const parameters = strategy?.parameters ?? {};
  if (strategy?.variants && strategy.variants.length > 0) {
    if (run.engine === 'node') {
      const stickiness = strategy.variants[0]!.stickiness || parameters.stickiness;
      const picked = pickVariant(run, strategy.variants, `${parameters.groupId}`, stickiness, 'strategy', strategyIndex);
      if (picked.variant) return picked;
    } else {
      const stickiness = parameters.stickiness ?? 'default';
      return pickVariant(run, strategy.variants, parameters.groupId ?? feature.name, stickiness, 'strategy', strategyIndex);
    }
  }
  const variants = feature.variants ?? [];
  if (variants.length === 0) return undefined;
  return pickVariant(run, variants, feature.name, variants[0]?.stickiness ?? undefined, 'flag');
}

// ---------------------------------------------------------------------------------------------
// The flag

function findFeature(state: FeatureState, name: string): Feature | undefined {
  return state.features.find((feature) => feature.name === name);
}

function dependencyTraces(run: Run, feature: Feature): DependencyTrace[] {
  return (feature.dependencies ?? []).map((dependency) => {
    const parent = findFeature(run.state, dependency.feature);
    const name = quote(dependency.feature);
    if (!parent) return {feature: dependency.feature, satisfied: false, reason: `the parent flag ${name} does not exist`};
    if (parent.dependencies && parent.dependencies.length > 0) {
      return {feature: dependency.feature, satisfied: false, reason: `the parent flag ${name} has parents of its own, and SDKs follow one level only`};
    }
    const parentResult = evaluateFeature(run, parent);
    const expectEnabled = dependency.enabled !== false;
    if (run.engine === 'node') {
      if (expectEnabled && dependency.variants && dependency.variants.length > 0) {
        const {name: variant, feature_enabled: on} = parentResult.variant;
        const satisfied = on && dependency.variants.includes(variant);
        return {feature: dependency.feature, satisfied, reason: `the parent flag ${name} is ${on ? 'on' : 'off'} with variant ${quote(variant)}, which is ${dependency.variants.includes(variant) ? '' : 'not '}one of the expected variants`};
      }
      const satisfied = expectEnabled === parentResult.enabled;
      return {feature: dependency.feature, satisfied, reason: `the parent flag ${name} is ${parentResult.enabled ? 'on' : 'off'}, and it is expected ${expectEnabled ? 'on' : 'off'}`};
    }
    let variantOk = true;
    let variantText = '';
    if (dependency.variants && dependency.variants.length > 0) {
      const matched = parentResult.strategies.find((trace) => trace.enabled);
      const picked = chooseVariant(run, parent, matched ? parent.strategies![matched.index] : undefined, matched?.index);
      if (picked?.variant) {
        variantOk = dependency.variants.includes(picked.variant.name);
        variantText = `, with variant ${quote(picked.variant.name)}, which is ${variantOk ? '' : 'not '}one of the expected variants`;
      }
    }
    const satisfied = variantOk && expectEnabled === parentResult.enabled;
    return {feature: dependency.feature, satisfied, reason: `the parent flag ${name} is ${parentResult.enabled ? 'on' : 'off'}${variantText}, and it is expected ${expectEnabled ? 'on' : 'off'}`};
  });
}

function evaluateFeature(run: Run, feature: Feature): Evaluation {
  const compileErrors = run.engine === 'yggdrasil' ? yggdrasilCompileErrors(feature, run.segments) : [];
  const dependencies = dependencyTraces(run, feature);
  const strategyList = feature.strategies ?? [];
  const strategies = strategyList.map((strategy, index) => strategyTrace(run, strategy, index, feature.name));
  const base = {engine: run.engine, flagName: feature.name, found: true, flagEnabled: feature.enabled, compileErrors, dependencies, strategies};
  const off = (reason: string, featureEnabled = false): Evaluation => ({...base, enabled: false, variant: disabledVariant(featureEnabled), reason});

  if (!feature.enabled) return off('the flag is switched off in this environment');
  const unmet = dependencies.find((dependency) => !dependency.satisfied);
  if (unmet) return off(`a parent flag condition is not met: ${unmet.reason}`);
  if (compileErrors.length > 0) return off(`Yggdrasil cannot compile this flag, so it is always off: ${compileErrors[0]}`);

  let decidedBy: number | undefined;
  let reason: string;
  if (strategyList.length === 0) {
    reason = 'the flag is on and has no strategies, so it is on for everyone';
  } else {
    decidedBy = strategies.findIndex((trace) => trace.enabled);
    if (decidedBy < 0) return off(strategyList.length === 1 ? 'its only strategy does not match' : `none of its ${strategyList.length} strategies matches`);
    reason = `strategy ${decidedBy + 1} (${strategyList[decidedBy]!.name}) is the first that matches`;
  }
  const picked = chooseVariant(run, feature, decidedBy === undefined ? undefined : strategyList[decidedBy], decidedBy);
  const variant: VariantResult = picked?.variant
    ? {name: picked.variant.name, enabled: true, feature_enabled: true, ...(picked.variant.payload ? {payload: picked.variant.payload} : {})}
    : disabledVariant(true);
  return {...base, decidedBy, enabled: true, variant, variantTrace: picked?.trace, reason};
}

/** isEnabled and getVariant of `flagName`, with the reasons, as `options.engine` computes them. */
export function evaluate(state: FeatureState, flagName: string, context: Context, options: EvaluateOptions = {}): Evaluation {
  const engine = options.engine ?? 'node';
  const run: Run = {
    engine,
    state,
    segments: new Map((state.segments ?? []).map((segment) => [segment.id, segment])),
    context,
    random: options.random ?? Math.random,
    now: options.now ?? (() => new Date()),
    hostname: options.hostname,
    bytes: engine === 'node' ? 'utf16-low-byte' : 'utf8',
  };
  const feature = findFeature(state, flagName);
  if (!feature) {
    return {engine, flagName, found: false, flagEnabled: false, compileErrors: [], dependencies: [], strategies: [], enabled: false, variant: disabledVariant(false), reason: `there is no flag called ${quote(flagName)}`};
  }
  return evaluateFeature(run, feature);
}
