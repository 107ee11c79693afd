/**
 * Strategy constraints, operator by operator, in each SDK family. A constraint gives a result
 * and a sentence saying why. Yggdrasil first compiles every constraint of a flag: a constraint it
 * cannot compile switches the whole flag off, which `compileYggdrasilConstraint` reports as an
 * error.
 */
import {contextValue} from './context';
import {parseIp, parseIPv4, parseIPv6, parseRange, rangeContains, type IpRange} from './ip';
import {compileSdkRegex} from './regex';
import {compareSemver, parseSemver} from './semver';
import {
  DATE_OPERATORS,
  LIST_OPERATORS,
  NUMBER_OPERATORS,
  OPERATORS,
  SEMVER_OPERATORS,
  STRING_OPERATORS,
  type Constraint,
  type Context,
} from './types';

export interface ConstraintOutcome {
  passed: boolean;
  reason: string;
}

const quote = (value: string) => JSON.stringify(value);
const listText = (values: string[]) => (values.length === 0 ? 'an empty list' : values.map(quote).join(', '));
const fieldText = (name: string, value: string | undefined) => (value === undefined ? `${name} is not set` : `${name} is ${quote(value)}`);

function invert(constraint: Constraint, match: boolean, reason: string): ConstraintOutcome {
  if (!constraint.inverted) return {passed: match, reason};
  return {passed: !match, reason: `${reason}; the constraint is inverted`};
}

type Ordering = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';
const ORDERING: Record<string, Ordering> = {
  NUM_EQ: 'eq', NUM_GT: 'gt', NUM_GTE: 'gte', NUM_LT: 'lt', NUM_LTE: 'lte',
  DATE_AFTER: 'gt', DATE_BEFORE: 'lt',
  SEMVER_EQ: 'eq', SEMVER_GT: 'gt', SEMVER_GTE: 'gte', SEMVER_LT: 'lt', SEMVER_LTE: 'lte',
};
const SYMBOL: Record<Ordering, string> = {eq: '=', gt: '>', gte: '≥', lt: '<', lte: '≤'};
const NEGATED: Record<Ordering, string> = {eq: '≠', gt: '≤', gte: '<', lt: '≥', lte: '>'};

function ordered(order: number, ordering: Ordering): boolean {
  switch (ordering) {
    case 'eq':
      return order === 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
  }
}

const compare = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
const comparison = (left: string, ordering: Ordering, right: string, holds: boolean) => `${left} ${holds ? SYMBOL[ordering] : NEGATED[ordering]} ${right}`;

/** A CIDR match as both SDK families make it: a range of one address, or a prefix. */
function matchCidr(value: string, ranges: IpRange[]): {address?: string; match: boolean} {
  const address = parseIp(value);
  if (!address) return {match: false};
  return {address: value, match: ranges.some((range) => rangeContains(range, address))};
}

// ---------------------------------------------------------------------------------------------
// unleash-client 6.12.1

/** The Node.js SDK drops empty values and trims the others (its cleanValues). */
const cleanValues = (values: string[] | undefined) => (values ?? []).filter((value) => !!value).map((value) => value.trim());

export function nodeConstraint(constraint: Constraint, context: Context, now: () => Date): ConstraintOutcome {
  const {contextName: name, operator} = constraint;
  const value = () => contextValue(context, name, 'node');
  if (!(OPERATORS as readonly string[]).includes(operator)) {
    return {passed: false, reason: `the operator ${quote(operator)} is unknown to the SDK, so the constraint is false (inversion does not apply)`};
  }
  if (operator === 'IN' || operator === 'NOT_IN') {
    const values = cleanValues(constraint.values);
    const actual = value();
    const isIn = actual !== undefined && values.includes(actual);
    const text = actual === undefined ? `${name} is not set, so it is in no list` : `${fieldText(name, actual)}, which is ${isIn ? '' : 'not '}in the list`;
    return invert(constraint, operator === 'IN' ? isIn : !isIn, text);
  }
  if (STRING_OPERATORS.has(operator)) {
    let values = cleanValues(constraint.values);
    let actual = value();
    if (actual === undefined) return invert(constraint, false, `${name} is not set`);
    const shown = actual;
    if (constraint.caseInsensitive) {
      values = values.map((v) => v.toLocaleLowerCase());
      actual = actual.toLocaleLowerCase();
    }
    const test = operator === 'STR_STARTS_WITH' ? (v: string) => actual!.startsWith(v) : operator === 'STR_ENDS_WITH' ? (v: string) => actual!.endsWith(v) : (v: string) => actual!.includes(v);
    const hit = values.find(test);
    const verb = operator === 'STR_STARTS_WITH' ? 'starts with' : operator === 'STR_ENDS_WITH' ? 'ends with' : 'contains';
    const ci = constraint.caseInsensitive ? ' (ignoring case)' : '';
    return invert(constraint, hit !== undefined, hit !== undefined ? `${fieldText(name, shown)}, which ${verb} ${quote(hit)}${ci}` : `${fieldText(name, shown)}, which ${verb} none of ${listText(values)}${ci}`);
  }
  if (operator === 'REGEX') {
    const actual = value();
    if (actual === undefined) return invert(constraint, false, `${name} is not set`);
    const compiled = compileSdkRegex(constraint.value ?? '', !!constraint.caseInsensitive, 're2');
    if (!compiled.ok) return invert(constraint, false, `the pattern does not compile (${compiled.error}), so it matches nothing`);
    const match = compiled.regex.test(actual);
    return invert(constraint, match, `${fieldText(name, actual)}, which ${match ? 'matches' : 'does not match'} the pattern${constraint.caseInsensitive ? ' (ignoring case)' : ''}`);
  }
  if (operator === 'IN_CIDR') {
    const actual = value();
    if (actual === undefined) return invert(constraint, false, `${name} is not set`);
    const address = parseIPv4(actual) ?? parseIPv6(actual);
    if (!address) return invert(constraint, false, `${fieldText(name, actual)}, which is not an IP address`);
    const ranges = cleanValues(constraint.values).map(parseRange).filter((range): range is IpRange => !!range);
    const {match} = matchCidr(actual, ranges);
    return invert(constraint, match, `${fieldText(name, actual)}, which is ${match ? '' : 'not '}in ${ranges.length === 0 ? 'any valid range (none of the values is one)' : 'the ranges'}`);
  }
  const ordering = ORDERING[operator]!;
  if (SEMVER_OPERATORS.has(operator)) {
    const actual = value();
    if (!actual) return invert(constraint, false, `${name} is not set`);
    const left = actual.startsWith('v') ? undefined : parseSemver(actual.trim(), true);
    if (!left) return invert(constraint, false, `${fieldText(name, actual)}, which is not a semantic version${actual.startsWith('v') ? ' (a leading "v" is not allowed)' : ''}`);
    const right = parseSemver((constraint.value ?? '').trim(), true);
    if (!right) return invert(constraint, false, `the constraint value ${quote(constraint.value ?? '')} is not a semantic version, so the comparison fails`);
    const holds = ordered(compareSemver(left, right), ordering);
    return invert(constraint, holds, `${name}: ${comparison(actual, ordering, constraint.value!.trim(), holds)}`);
  }
  if (DATE_OPERATORS.has(operator)) {
    const target = new Date(constraint.value as string);
    const current = context.currentTime ? new Date(context.currentTime) : now();
    const shownCurrent = context.currentTime ? `currentTime ${quote(context.currentTime)}` : `the current time (${current.toISOString()})`;
    const note = name === 'currentTime' ? '' : ` (this SDK compares the current time, not ${name})`;
    if (Number.isNaN(target.getTime())) return invert(constraint, false, `the constraint value ${quote(constraint.value ?? '')} is not a date, so the comparison fails${note}`);
    if (Number.isNaN(current.getTime())) return invert(constraint, false, `currentTime ${quote(context.currentTime ?? '')} is not a date, so the comparison fails`);
    const holds = ordered(compare(current.getTime(), target.getTime()), ordering);
    return invert(constraint, holds, `${shownCurrent} is ${holds ? '' : 'not '}${ordering === 'gt' ? 'after' : 'before'} ${target.toISOString()}${note}`);
  }
  // NUM_*
  const target = Number(constraint.value);
  const raw = value();
  const actual = Number(raw);
  if (Number.isNaN(target)) return invert(constraint, false, `the constraint value ${quote(constraint.value ?? '')} is not a number, so the comparison fails`);
  if (Number.isNaN(actual)) return invert(constraint, false, raw === undefined ? `${name} is not set` : `${fieldText(name, raw)}, which is not a number`);
  const holds = ordered(compare(actual, target), ordering);
  return invert(constraint, holds, `${name}: ${comparison(String(actual), ordering, String(target), holds)}`);
}

// ---------------------------------------------------------------------------------------------
// Yggdrasil 0.21.5: the constraint becomes a rule in its grammar, compiled once per flag.

export type CompiledConstraint = {error: string} | {evaluate: (context: Context, now: () => Date) => ConstraintOutcome};

/** Yggdrasil writes strings into its rule text between double quotes. */
export function yggdrasilStringProblem(text: string, escaped: boolean): string | undefined {
  if (text.endsWith('\\')) return `${quote(text)} ends with a backslash`;
  if (!escaped && text.includes('"')) return `${quote(text)} contains a double quote`;
  return undefined;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?(?:Z|[+-]\d{2}:\d{2})/;
const SEMVER_SHAPE = /^\d+\.\d+\.\d+(?:-[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)?(?:\+[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)?/;
const NUMBER_SHAPE = /^[+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?/;

/** A date and time with an offset, as Rust's chrono reads one; undefined when it is not one. */
export function parseRfc3339(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetHours = match[10] ? Number(match[10]) : 0;
  const offsetMinutes = match[11] ? Number(match[11]) : 0;
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const fraction = match[7] ? Number(`0${match[7]}`) * 1000 : 0;
  return new Date(utc - offset * 60_000 + fraction);
}

/** A number as Rust's f64 parser reads one. */
export function parseRustFloat(text: string): number | undefined {
  if (/^[+-]?(?:inf|infinity)$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(text)) return NaN;
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

type ValueKind = 'date' | 'semver' | 'number';

/**
 * Which comparison an ordinal operator (NUM_*, DATE_*, SEMVER_*) becomes: Yggdrasil writes them
 * all as <, <=, ==, >=, > and decides by the shape of the value, trying a date, then a semantic
 * version, then a number. The first shape that matches the start must match all of it.
 */
export function yggdrasilValueKind(value: string): ValueKind | undefined {
  const text = value.replace(/^[ \t]+|[ \t]+$/g, '');
  for (const [kind, shape] of [['date', DATE_SHAPE], ['semver', SEMVER_SHAPE], ['number', NUMBER_SHAPE]] as const) {
    const match = shape.exec(text);
    if (match) return match[0] === text ? kind : undefined;
  }
  return undefined;
}

const KIND_TEXT: Record<ValueKind, string> = {date: 'a date', semver: 'a semantic version', number: 'a number'};

export function compileYggdrasilConstraint(constraint: Constraint): CompiledConstraint {
  const {contextName: name, operator} = constraint;
  if (!(OPERATORS as readonly string[]).includes(operator)) return {error: `the operator ${quote(operator)} is unknown`};
  const nameProblem = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'].includes(name) ? undefined : yggdrasilStringProblem(name, false);
  if (nameProblem) return {error: `the context field name ${nameProblem}`};
  const read = (context: Context, now: () => Date) => contextValue(context, name, 'yggdrasil', now);

  if (LIST_OPERATORS.has(operator)) {
    const values = constraint.values ?? [];
    const problem = values.map((v) => yggdrasilStringProblem(v, true)).find(Boolean);
    if (problem) return {error: `the value ${problem}`};
    if (operator === 'IN' || operator === 'NOT_IN') {
      const set = new Set(values);
      return {
        evaluate(context, now) {
          const actual = read(context, now);
          if (values.length === 0) return invert(constraint, operator === 'NOT_IN', `the list is empty, so ${operator === 'IN' ? 'nothing is in it' : 'everything is outside it'}`);
          const isIn = actual !== undefined && set.has(actual);
          const text = actual === undefined ? `${name} is not set, so it is in no list` : `${fieldText(name, actual)}, which is ${isIn ? '' : 'not '}in the list`;
          return invert(constraint, operator === 'IN' ? isIn : !isIn, text);
        },
      };
    }
    if (values.length === 0) return {error: `${operator} has no values`};
    if (operator === 'IN_CIDR') {
      const ranges = values.map((v) => parseRange(v.trim())).filter((range): range is IpRange => !!range);
      return {
        evaluate(context, now) {
          const actual = read(context, now);
          if (actual === undefined) return invert(constraint, false, `${name} is not set`);
          const {address, match} = matchCidr(actual, ranges);
          if (!address) return invert(constraint, false, `${fieldText(name, actual)}, which is not an IP address`);
          return invert(constraint, match, `${fieldText(name, actual)}, which is ${match ? '' : 'not '}in ${ranges.length === 0 ? 'any valid range (none of the values is one)' : 'the ranges'}`);
        },
      };
    }
    const ci = !!constraint.caseInsensitive;
    const list = ci ? values.map((v) => v.toLowerCase()) : values;
    const verb = operator === 'STR_STARTS_WITH' ? 'starts with' : operator === 'STR_ENDS_WITH' ? 'ends with' : 'contains';
    return {
      evaluate(context, now) {
        const shown = read(context, now);
        if (shown === undefined) return invert(constraint, false, `${name} is not set`);
        const actual = ci ? shown.toLowerCase() : shown;
        const hit = list.find((v) => (operator === 'STR_STARTS_WITH' ? actual.startsWith(v) : operator === 'STR_ENDS_WITH' ? actual.endsWith(v) : actual.includes(v)));
        const suffix = ci ? ' (ignoring case)' : '';
        return invert(constraint, hit !== undefined, hit !== undefined ? `${fieldText(name, shown)}, which ${verb} ${quote(hit)}${suffix}` : `${fieldText(name, shown)}, which ${verb} none of ${listText(list)}${suffix}`);
      },
    };
  }

  if (operator === 'REGEX') {
    const pattern = constraint.value ?? '';
    const problem = yggdrasilStringProblem(pattern, true);
    if (problem) return {error: `the pattern ${problem}`};
    const compiled = compileSdkRegex(pattern, !!constraint.caseInsensitive, 'rust');
    return {
      evaluate(context, now) {
        const actual = read(context, now);
        if (!compiled.ok) return invert(constraint, false, `the pattern does not compile (${compiled.error}), so it matches nothing`);
        if (actual === undefined) return invert(constraint, false, `${name} is not set`);
        const match = compiled.regex.test(actual);
        return invert(constraint, match, `${fieldText(name, actual)}, which ${match ? 'matches' : 'does not match'} the pattern${constraint.caseInsensitive ? ' (ignoring case)' : ''}`);
      },
    };
  }

  // NUM_*, DATE_*, SEMVER_*
  if (constraint.value === undefined || constraint.value === null) return {error: `${operator} has no value`};
  const ordering = ORDERING[operator]!;
  if (SEMVER_OPERATORS.has(operator) && constraint.value.startsWith('v')) {
    return {evaluate: () => ({passed: false, reason: `the value ${quote(constraint.value!)} starts with "v", so the constraint is always false (inversion does not apply)`})};
  }
  const text = constraint.value.replace(/^[ \t]+|[ \t]+$/g, '');
  const kind = yggdrasilValueKind(text);
  if (!kind) return {error: `the value ${quote(constraint.value)} is neither a date (RFC 3339), a semantic version nor a number`};
  const expected: ValueKind = NUMBER_OPERATORS.has(operator) ? 'number' : DATE_OPERATORS.has(operator) ? 'date' : 'semver';
  const note = kind === expected ? '' : ` (the value is ${KIND_TEXT[kind]}, so Yggdrasil compares ${KIND_TEXT[kind].replace(/^an? /, '')}s)`;
  if (kind === 'date') {
    const target = parseRfc3339(text);
    if (!target) return {error: `the value ${quote(constraint.value)} is not a valid date`};
    return {
      evaluate(context, now) {
        const actual = read(context, now);
        if (actual === undefined) return invert(constraint, false, `${name} is not set`);
        const date = parseRfc3339(actual);
        if (!date) return invert(constraint, false, `${fieldText(name, actual)}, which is not a date${note}`);
        const holds = ordered(compare(date.getTime(), target.getTime()), ordering);
        return invert(constraint, holds, `${name}: ${comparison(actual, ordering, text, holds)}${note}`);
      },
    };
  }
  if (kind === 'semver') {
    const target = parseSemver(text);
    if (!target) return {error: `the value ${quote(constraint.value)} is not a valid semantic version`};
    return {
      evaluate(context, now) {
        const actual = read(context, now);
        if (actual === undefined) return invert(constraint, false, `${name} is not set`);
        const version = parseSemver(actual);
        if (!version) return invert(constraint, false, `${fieldText(name, actual)}, which is not a semantic version${note}`);
        const holds = ordered(compareSemver(version, target), ordering);
        return invert(constraint, holds, `${name}: ${comparison(actual, ordering, text, holds)}${note}`);
      },
    };
  }
  const target = Number(text);
  return {
    evaluate(context, now) {
      const actual = read(context, now);
      if (actual === undefined) return invert(constraint, false, `${name} is not set`);
      const number = parseRustFloat(actual);
      if (number === undefined || Number.isNaN(number)) return invert(constraint, false, `${fieldText(name, actual)}, which is not a number${note}`);
      const holds = ordering === 'eq' ? Math.abs(number - target) < Number.EPSILON : ordered(compare(number, target), ordering);
      return invert(constraint, holds, `${name}: ${comparison(String(number), ordering, String(target), holds)}${note}`);
    },
  };
}

/** One constraint on its own, as `engine` evaluates it (a constraint Yggdrasil cannot compile is false). */
export function checkConstraint(constraint: Constraint, context: Context, engine: 'node' | 'yggdrasil', now: () => Date): ConstraintOutcome & {compileError?: string} {
  if (engine === 'node') return nodeConstraint(constraint, context, now);
  const compiled = compileYggdrasilConstraint(constraint);
  if ('error' in compiled) return {passed: false, reason: `does not compile (${compiled.error}), so the whole flag is off`, compileError: compiled.error};
  return compiled.evaluate(context, now);
}
