/**
 * The shapes an SDK receives from Unleash (the client features API) and the context it is
 * given, as the client specification writes them.
 */

export interface Constraint {
  contextName: string;
  operator: string;
  /** For IN, NOT_IN, STR_* and IN_CIDR. */
  values?: string[];
  /** For NUM_*, DATE_*, SEMVER_* and REGEX. */
  value?: string;
  caseInsensitive?: boolean;
  inverted?: boolean;
}

export interface Payload {
  type: string;
  value: string;
}

export interface Override {
  contextName: string;
  values: string[];
}

export interface StrategyVariant {
  name: string;
  weight: number;
  stickiness?: string;
  payload?: Payload;
}

export interface Variant extends StrategyVariant {
  overrides?: Override[];
}

export interface Strategy {
  name: string;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
  segments?: number[];
  variants?: StrategyVariant[];
}

export interface Dependency {
  feature: string;
  enabled?: boolean;
  variants?: string[];
}

export interface Feature {
  name: string;
  enabled: boolean;
  strategies?: Strategy[];
  variants?: Variant[];
  dependencies?: Dependency[];
  description?: string | null;
  project?: string;
  type?: string;
  impressionData?: boolean;
  stale?: boolean;
}

export interface Segment {
  id: number;
  name?: string | null;
  constraints: Constraint[];
}

export interface FeatureState {
  features: Feature[];
  segments?: Segment[];
}

export interface Context {
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  environment?: string;
  appName?: string;
  currentTime?: string;
  properties?: Record<string, string | null | undefined>;
}

/** The answer of getVariant, as the specification compares it. */
export interface VariantResult {
  name: string;
  enabled: boolean;
  payload?: Payload;
  feature_enabled: boolean;
}

/**
 * Which evaluation to reproduce. `node` is unleash-client 6.12.1 (the Node.js SDK); `yggdrasil`
 * is Unleash's Rust evaluation engine at v0.21.5. Both pass client specification 6.1.0, and they
 * differ on input the specification does not cover.
 */
export type Engine = 'node' | 'yggdrasil';

export const ENGINE_LABELS: Record<Engine, string> = {
  node: 'unleash-client 6.12.1 (Node.js SDK)',
  yggdrasil: 'Yggdrasil 0.21.5 (Rust engine)',
};

/** The context fields every SDK knows by name; any other name is read from `properties`. */
export const STANDARD_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];

/** The built-in strategies the SDKs evaluate. */
export const BUILT_IN_STRATEGIES = [
  'default',
  'flexibleRollout',
  'userWithId',
  'gradualRolloutUserId',
  'gradualRolloutSessionId',
  'gradualRolloutRandom',
  'remoteAddress',
  'applicationHostname',
] as const;

/** The constraint operators of unleash-server 8.2.0 (ALL_OPERATORS), then the SDK-only IN_CIDR. */
export const OPERATORS = [
  'IN',
  'NOT_IN',
  'STR_CONTAINS',
  'STR_STARTS_WITH',
  'STR_ENDS_WITH',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_GTE',
  'SEMVER_LT',
  'SEMVER_LTE',
  'REGEX',
  'IN_CIDR',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators that read `values` (a list); the others read the single `value`. */
export const LIST_OPERATORS: ReadonlySet<string> = new Set(['IN', 'NOT_IN', 'STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH', 'IN_CIDR']);
export const STRING_OPERATORS: ReadonlySet<string> = new Set(['STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH']);
export const NUMBER_OPERATORS: ReadonlySet<string> = new Set(['NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE']);
export const DATE_OPERATORS: ReadonlySet<string> = new Set(['DATE_AFTER', 'DATE_BEFORE']);
export const SEMVER_OPERATORS: ReadonlySet<string> = new Set(['SEMVER_EQ', 'SEMVER_GT', 'SEMVER_GTE', 'SEMVER_LT', 'SEMVER_LTE']);
/** Operators that honour `caseInsensitive` in both SDK families. */
export const CASE_INSENSITIVE_OPERATORS: ReadonlySet<string> = new Set(['STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH', 'REGEX']);
