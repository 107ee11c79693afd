/**
 * Input an SDK would not read the way the reader may expect, said in words next to the field:
 * what the Node.js SDK (unleash-client 6.12.1) and Yggdrasil (v0.21.5) do with it, and what
 * unleash-server 8.2.0 would refuse. Keyed by field id (see `fieldId`).
 */
import {compileSdkRegex, LIST_OPERATORS, OPERATORS, parseIp, parseRange, parseRfc3339, parseSemver, STANDARD_FIELDS, yggdrasilValueKind} from '../../evaluation';
import {STRATEGY_PARAMETERS, weightNumber, type ConstraintDraft, type SandboxState, type VariantDraft} from './model';

export interface Message {
  level: 'error' | 'note';
  text: string;
}

export type Messages = Map<string, Message[]>;

const quote = (value: string) => JSON.stringify(value);
const WHOLE = /^\+?\d+$/;
const SEMVER_OPS = new Set(['SEMVER_EQ', 'SEMVER_GT', 'SEMVER_GTE', 'SEMVER_LT', 'SEMVER_LTE']);
const NUM_OPS = new Set(['NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE']);
const DATE_OPS = new Set(['DATE_AFTER', 'DATE_BEFORE']);
const STRING_OPS = new Set(['STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH']);
const YGG_OFF = 'Yggdrasil cannot compile the flag and keeps the whole flag off';

const valueLines = (text: string) => text.split('\n').filter((line) => line !== '');
const breaksYggdrasil = (text: string, escaped: boolean) => text.endsWith('\\') || (!escaped && text.includes('"'));

function percentageMessages(text: string, who: string, strategy: string): Message[] {
  const trimmed = text.trim();
  const n = Number(trimmed);
  if (trimmed === '') return [{level: 'error', text: `Empty. The Node.js SDK reads it as 0 % (nobody); Yggdrasil reads no whole number and switches this strategy off.`}];
  if (Number.isNaN(n)) return [{level: 'error', text: `Not a number. Both SDK families switch this strategy off.`}];
  if (n < 0) return [{level: 'error', text: `Below 0. Both SDK families switch this strategy off.`}];
  if (!WHOLE.test(text)) {
    return [{level: 'error', text: `Not written as a whole number. The Node.js SDK uses ${n} %; Yggdrasil switches this strategy off.`}];
  }
  if (n > 100) {
    if (strategy === 'gradualRolloutRandom') return [{level: 'error', text: `Above 100 %. Every check draws a number below it, so both SDK families enable the strategy every time.`}];
    return [{level: 'error', text: `Above 100 %. The Node.js SDK enables the strategy for every context ${who}; ${YGG_OFF}.`}];
  }
  return [];
}

function constraintMessages(c: ConstraintDraft, prefix: string, add: (id: string, message: Message) => void): void {
  if (!(OPERATORS as readonly string[]).includes(c.operator)) {
    add(`${prefix}.operator`, {level: 'error', text: `Unknown operator ${quote(c.operator)}: the Node.js SDK treats the constraint as false, even when inverted; ${YGG_OFF}.`});
    return;
  }
  if (c.operator === 'IN_CIDR') add(`${prefix}.operator`, {level: 'note', text: 'SDKs evaluate IN_CIDR, but unleash-server 8.2.0 does not accept it, so a constraint with it cannot be saved there.'});
  if (c.contextName.trim() === '') add(`${prefix}.contextName`, {level: 'error', text: 'No context field: the constraint reads a property without a name, which no context has.'});
  else if (c.contextName.includes('"') || c.contextName.endsWith('\\')) {
    if (!(STANDARD_FIELDS as readonly string[]).includes(c.contextName)) add(`${prefix}.contextName`, {level: 'error', text: `A double quote or a final backslash in the field name: ${YGG_OFF}.`});
  }
  if (c.caseInsensitive && !STRING_OPS.has(c.operator) && c.operator !== 'REGEX') {
    add(`${prefix}.caseInsensitive`, {level: 'note', text: `SDKs ignore case-insensitivity for ${c.operator}; they compare exactly.`});
  }
  const inverted = c.inverted ? ' (as it is inverted, that makes it true)' : '';

  if (LIST_OPERATORS.has(c.operator)) {
    const values = valueLines(c.values);
    if (values.length === 0) {
      if (c.operator === 'IN' || c.operator === 'NOT_IN') add(`${prefix}.values`, {level: 'note', text: `No values: IN is false and NOT_IN is true for every context.`});
      else add(`${prefix}.values`, {level: 'error', text: `No values. The Node.js SDK treats the constraint as false${inverted}; ${YGG_OFF}.`});
      return;
    }
    if (values.some((value) => value.endsWith('\\'))) add(`${prefix}.values`, {level: 'error', text: `A value ends with a backslash: ${YGG_OFF}.`});
    const padded = values.filter((value) => value.trim() !== value);
    if (padded.length > 0) add(`${prefix}.values`, {level: 'note', text: `${padded.map(quote).join(', ')} has spaces at an end: the Node.js SDK trims them off, Yggdrasil keeps them.`});
    if (c.operator === 'IN_CIDR') {
      const invalid = values.filter((value) => !parseRange(value.trim()));
      if (invalid.length > 0) {
        const all = invalid.length === values.length;
        add(`${prefix}.values`, {level: all ? 'error' : 'note', text: `Not an IP address or CIDR range: ${invalid.map(quote).join(', ')}. SDKs skip ${invalid.length === 1 ? 'it' : 'them'}${all ? ', so the constraint matches nothing' : ''}.`});
      }
    }
    return;
  }

  const value = c.value;
  if (c.operator === 'REGEX') {
    const re2 = compileSdkRegex(value, c.caseInsensitive, 're2');
    const rust = compileSdkRegex(value, c.caseInsensitive, 'rust');
    if (value.endsWith('\\')) add(`${prefix}.value`, {level: 'error', text: `The pattern ends with a backslash: ${YGG_OFF}.`});
    else if (!re2.ok && !rust.ok) add(`${prefix}.value`, {level: 'error', text: `Does not compile (${re2.error}). Both SDK families treat the constraint as false${inverted}.`});
    else if (!re2.ok) add(`${prefix}.value`, {level: 'error', text: `RE2, which the Node.js SDK uses, refuses it (${re2.error}), so there the constraint is false${inverted}; Yggdrasil compiles it.`});
    else if (!rust.ok) add(`${prefix}.value`, {level: 'error', text: `Yggdrasil's Rust regex refuses it (${rust.error}), so there the constraint is false${inverted}; the Node.js SDK compiles it.`});
    if (value === '') add(`${prefix}.value`, {level: 'note', text: 'An empty pattern matches every value that is set.'});
    return;
  }

  const kind = yggdrasilValueKind(value);
  const yggReads = kind === 'number' ? 'a number' : kind === 'semver' ? 'a semantic version' : 'a date';
  if (SEMVER_OPS.has(c.operator)) {
    if (value.startsWith('v')) {
      add(`${prefix}.value`, {level: 'error', text: 'Starts with "v". The Node.js SDK drops the "v" and compares; Yggdrasil treats the constraint as false, even when inverted.'});
      return;
    }
    if (!parseSemver(value.trim(), true)) {
      const ygg = kind && kind !== 'semver' ? `Yggdrasil reads it as ${yggReads} and compares ${yggReads.replace(/^an? /, '')}s` : YGG_OFF;
      add(`${prefix}.value`, {level: 'error', text: `Not a semantic version (such as 1.2.3 or 2.0.0-beta.1). The Node.js SDK treats the constraint as false${inverted}; ${ygg}.`});
    } else if (kind !== 'semver' || !parseSemver(value.trim())) {
      add(`${prefix}.value`, {level: 'error', text: `The Node.js SDK reads this version; ${YGG_OFF}.`});
    }
    return;
  }
  if (NUM_OPS.has(c.operator)) {
    const n = Number(value);
    if (value.trim() === '') add(`${prefix}.value`, {level: 'error', text: `Empty. The Node.js SDK compares with 0; ${YGG_OFF}.`});
    else if (Number.isNaN(n)) {
      const ygg = kind ? `Yggdrasil reads it as ${yggReads} and compares ${yggReads.replace(/^an? /, '')}s` : YGG_OFF;
      add(`${prefix}.value`, {level: 'error', text: `Not a number. The Node.js SDK treats the constraint as false${inverted}; ${ygg}.`});
    } else if (kind !== 'number') {
      add(`${prefix}.value`, {level: 'error', text: `The Node.js SDK reads ${n}; ${kind ? `Yggdrasil reads it as ${yggReads}` : YGG_OFF}.`});
    }
    return;
  }
  if (DATE_OPS.has(c.operator)) {
    const node = new Date(value);
    const ygg = kind === 'date' ? parseRfc3339(value.trim()) : undefined;
    if (Number.isNaN(node.getTime()) && !ygg) {
      add(`${prefix}.value`, {level: 'error', text: `Not a date. The Node.js SDK treats the constraint as false${inverted}; ${kind ? `Yggdrasil reads it as ${yggReads}` : YGG_OFF}.`});
    } else if (!ygg) {
      add(`${prefix}.value`, {level: 'error', text: `The Node.js SDK reads ${node.toISOString()}; Yggdrasil accepts only a full timestamp with a time zone, such as 2025-03-01T09:00:00Z, so ${kind ? `it reads ${yggReads} instead` : YGG_OFF.replace('Yggdrasil ', 'it ')}.`});
    }
    if (c.contextName !== 'currentTime') {
      add(`${prefix}.contextName`, {level: 'note', text: `For date operators the Node.js SDK compares the current time (currentTime), whatever the field; Yggdrasil compares ${c.contextName}.`});
    }
  }
}

function variantMessages(variants: VariantDraft[], prefix: string, add: (id: string, message: Message) => void): void {
  if (variants.length === 0) return;
  const names = new Set<string>();
  variants.forEach((variant, j) => {
    const id = `${prefix}v${j}`;
    if (variant.name.trim() === '') add(`${id}.name`, {level: 'error', text: 'A variant needs a name; the server refuses one without.'});
    else if (names.has(variant.name)) add(`${id}.name`, {level: 'error', text: 'Another variant has this name; the server refuses two with the same name.'});
    names.add(variant.name);
    const weight = variant.weight.trim();
    if (!/^\d+$/.test(weight) || Number(weight) > 1000) {
      add(`${id}.weight`, {level: 'error', text: `The server stores whole numbers from 0 to 1000 and refuses this one. ${Number.isFinite(Number(weight)) && weight !== '' ? `An SDK given it would count ${weightNumber(variant.weight)}.` : 'The sandbox counts it as 0.'}`});
    }
    if (variant.payload.type === 'json') {
      try {
        JSON.parse(variant.payload.value);
      } catch {
        add(`${id}.payload`, {level: 'error', text: 'Not valid JSON: the server refuses a json payload that does not parse. An SDK hands the text over unchanged.'});
      }
    }
  });
  const total = variants.reduce((sum, variant) => sum + weightNumber(variant.weight), 0);
  if (total <= 0) {
    add(`${prefix}weights`, {level: 'error', text: 'The weights add up to 0, so no variant can be picked. The Node.js SDK returns the "disabled" variant; Yggdrasil divides by the total weight, which is not defined for 0.'});
  } else if (total !== 1000) {
    const shares = variants.map((variant) => `${variant.name || '(no name)'} ${((weightNumber(variant.weight) / total) * 100).toFixed(1)} %`).join(', ');
    add(`${prefix}weights`, {level: 'note', text: `The weights add up to ${total}, not 1000. SDKs share out by the total, so: ${shares}. The server itself saves weights that add up to 1000.`});
  }
}

export function diagnose(state: SandboxState): Messages {
  const messages: Messages = new Map();
  const add = (id: string, message: Message) => messages.set(id, [...(messages.get(id) ?? []), message]);

  if (state.flagName.trim() === '') add('flagName', {level: 'error', text: 'A flag needs a name.'});

  state.strategies.forEach((strategy, i) => {
    const id = `s${i}`;
    const parameters = STRATEGY_PARAMETERS[strategy.name] ?? [];
    if (!STRATEGY_PARAMETERS[strategy.name]) add(`${id}.name`, {level: 'error', text: 'No SDK has a built-in strategy of this name; without a custom implementation it is off.'});
    if (parameters.includes('rollout')) percentageMessages(strategy.rollout, 'that has a stickiness value', strategy.name).forEach((m) => add(`${id}.rollout`, m));
    if (parameters.includes('percentage')) {
      const who = strategy.name === 'gradualRolloutSessionId' ? 'with a sessionId' : 'with a userId';
      percentageMessages(strategy.percentage, who, strategy.name).forEach((m) => add(`${id}.percentage`, m));
    }
    if (parameters.includes('groupId')) {
      if (strategy.groupId === '' && strategy.name === 'flexibleRollout') {
        add(`${id}.groupId`, {level: 'note', text: `Empty: both SDK families then hash with an empty group ID. The server stores the flag name (${quote(state.flagName)}) instead when a gradual rollout is saved without one.`});
      }
      if (breaksYggdrasil(strategy.groupId, false)) add(`${id}.groupId`, {level: 'error', text: `A double quote or a final backslash: ${YGG_OFF}.`});
    }
    if (parameters.includes('stickiness')) {
      if (strategy.stickiness.trim() === '') add(`${id}.stickiness`, {level: 'error', text: "Empty. The Node.js SDK falls back to default stickiness; Yggdrasil looks for a property without a name and finds none, so the strategy is off. The server stores the project's default stickiness instead when a gradual rollout is saved without one."});
      else if (breaksYggdrasil(strategy.stickiness, false) && !['default', 'random'].includes(strategy.stickiness)) add(`${id}.stickiness`, {level: 'error', text: `A double quote or a final backslash: ${YGG_OFF}.`});
    }
    if (strategy.name === 'remoteAddress') {
      const entries = strategy.IPs.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
      const invalid = entries.filter((entry) => !parseRange(entry));
      if (invalid.length > 0) add(`${id}.IPs`, {level: 'note', text: `Not an IP address or range: ${invalid.map(quote).join(', ')}. SDKs skip it.`});
      const v6ranges = entries.filter((entry) => entry.includes(':') && parseRange(entry));
      if (v6ranges.length > 0) add(`${id}.IPs`, {level: 'note', text: 'The Node.js SDK matches IPv6 entries only as exact text (its ranges are IPv4); Yggdrasil also matches IPv6 ranges.'});
    }
    if (strategy.name === 'userWithId' && strategy.userIds.split(',').some((entry) => entry.trim().endsWith('\\'))) add(`${id}.userIds`, {level: 'error', text: `A user ID ends with a backslash: ${YGG_OFF}.`});
    strategy.constraints.forEach((constraint, j) => constraintMessages(constraint, `${id}.c${j}`, add));
    strategy.segments.forEach((segmentId) => {
      if (!state.segments.some((segment) => segment.id === segmentId)) add(`${id}.segments`, {level: 'error', text: `Segment ${segmentId} does not exist. The Node.js SDK keeps this strategy off; ${YGG_OFF}.`});
    });
    variantMessages(strategy.variants, `${id}.`, add);
  });

  state.segments.forEach((segment, k) => segment.constraints.forEach((constraint, j) => constraintMessages(constraint, `g${k}.c${j}`, add)));
  variantMessages(state.variants, '', add);
  state.variants.forEach((variant, j) =>
    variant.overrides.forEach((override, o) => {
      if (valueLines(override.values).length === 0) add(`v${j}.o${o}.values`, {level: 'note', text: 'No values: this override never applies.'});
    }),
  );
  if (state.variants.length > 0 && state.variantStickiness.trim() === '') add('variantStickiness', {level: 'note', text: 'Empty: both SDK families then use default stickiness.'});

  const time = state.context.currentTime;
  if (time === '') {
    add('ctx.currentTime', {level: 'note', text: 'Not set: SDKs use the present moment.'});
  } else {
    const node = !Number.isNaN(new Date(time).getTime());
    const ygg = !!parseRfc3339(time);
    if (!node && !ygg) add('ctx.currentTime', {level: 'error', text: 'Not a date: date constraints are false for this context in both SDK families.'});
    else if (!ygg) add('ctx.currentTime', {level: 'error', text: 'The Node.js SDK reads this date; Yggdrasil reads only full timestamps with a time zone (such as 2025-03-01T09:00:00Z), so there its date constraints are false.'});
    else if (!node) add('ctx.currentTime', {level: 'error', text: 'Yggdrasil reads this date; the Node.js SDK does not, so there date constraints are false.'});
  }
  const remote = state.context.remoteAddress;
  if (remote !== '' && !parseIp(remote)) add('ctx.remoteAddress', {level: 'error', text: 'Not an IP address: the IP strategy and IN_CIDR never match it.'});
  state.context.properties.forEach((property, k) => {
    if ((STANDARD_FIELDS as readonly string[]).includes(property.name)) {
      add(`ctx.p${k}.name`, {level: 'note', text: `${property.name} is a standard field. The Node.js SDK uses this property only when the field itself is empty; Yggdrasil never reads it.`});
    }
  });
  return messages;
}
