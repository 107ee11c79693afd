/**
 * The sandbox's editable state (what the form holds, all text), its conversion to what an SDK
 * receives, and reading it back from a shared link without trusting it.
 */
import {LIST_OPERATORS, type Constraint, type Context, type Feature, type FeatureState, type Segment, type Strategy, type StrategyVariant, type Variant} from '../../evaluation';

export interface ConstraintDraft {
  contextName: string;
  operator: string;
  /** One value per line, for list operators. */
  values: string;
  value: string;
  caseInsensitive: boolean;
  inverted: boolean;
}

export interface PayloadDraft {
  /** '' for no payload. */
  type: '' | 'string' | 'json' | 'csv' | 'number';
  value: string;
}

export interface VariantDraft {
  name: string;
  /** Out of 1000, as the server stores weights. */
  weight: string;
  payload: PayloadDraft;
}

export interface OverrideDraft {
  contextName: string;
  /** One value per line. */
  values: string;
}

export interface FlagVariantDraft extends VariantDraft {
  overrides: OverrideDraft[];
}

export interface StrategyDraft {
  name: string;
  rollout: string;
  stickiness: string;
  groupId: string;
  percentage: string;
  userIds: string;
  IPs: string;
  hostNames: string;
  constraints: ConstraintDraft[];
  segments: number[];
  variants: VariantDraft[];
}

export interface SegmentDraft {
  id: number;
  name: string;
  constraints: ConstraintDraft[];
}

export interface PropertyDraft {
  name: string;
  value: string;
}

export interface ContextDraft {
  userId: string;
  sessionId: string;
  remoteAddress: string;
  environment: string;
  appName: string;
  currentTime: string;
  properties: PropertyDraft[];
}

export interface SandboxState {
  flagName: string;
  enabled: boolean;
  strategies: StrategyDraft[];
  variants: FlagVariantDraft[];
  /** Flag variants share one stickiness (SDKs read the first variant's). */
  variantStickiness: string;
  segments: SegmentDraft[];
  context: ContextDraft;
  /** The host name an SDK would read from its machine, for applicationHostname. */
  hostname: string;
}

/** The parameters each built-in strategy reads. */
export const STRATEGY_PARAMETERS: Record<string, Array<'rollout' | 'stickiness' | 'groupId' | 'percentage' | 'userIds' | 'IPs' | 'hostNames'>> = {
  default: [],
  flexibleRollout: ['rollout', 'stickiness', 'groupId'],
  userWithId: ['userIds'],
  gradualRolloutUserId: ['percentage', 'groupId'],
  gradualRolloutSessionId: ['percentage', 'groupId'],
  gradualRolloutRandom: ['percentage'],
  remoteAddress: ['IPs'],
  applicationHostname: ['hostNames'],
};

export const STRATEGY_LABELS: Record<string, string> = {
  default: 'Standard (default)',
  flexibleRollout: 'Gradual rollout (flexibleRollout)',
  userWithId: 'User IDs (userWithId, legacy)',
  gradualRolloutUserId: 'gradualRolloutUserId (deprecated)',
  gradualRolloutSessionId: 'gradualRolloutSessionId (deprecated)',
  gradualRolloutRandom: 'gradualRolloutRandom (deprecated)',
  remoteAddress: 'IPs (remoteAddress)',
  applicationHostname: 'Hosts (applicationHostname)',
};

export const emptyConstraint = (): ConstraintDraft => ({contextName: 'userId', operator: 'IN', values: '', value: '', caseInsensitive: false, inverted: false});

export const emptyStrategy = (name = 'flexibleRollout', flagName = ''): StrategyDraft => ({
  name,
  rollout: '50',
  stickiness: 'default',
  groupId: flagName,
  percentage: '50',
  userIds: '',
  IPs: '',
  hostNames: '',
  constraints: [],
  segments: [],
  variants: [],
});

export const emptyVariant = (name: string, weight = '500'): FlagVariantDraft => ({name, weight, payload: {type: '', value: ''}, overrides: []});

export const emptyContext = (): ContextDraft => ({userId: '', sessionId: '', remoteAddress: '', environment: '', appName: '', currentTime: '', properties: []});

const lines = (text: string) => text.split('\n').map((line) => line.replace(/\r$/, '')).filter((line) => line !== '');

function toConstraint(draft: ConstraintDraft): Constraint {
  const list = LIST_OPERATORS.has(draft.operator);
  return {
    contextName: draft.contextName,
    operator: draft.operator,
    // Constraints always carry a values list (the server stores one for older SDKs).
    values: list ? lines(draft.values) : [],
    ...(list ? {} : {value: draft.value}),
    caseInsensitive: draft.caseInsensitive,
    inverted: draft.inverted,
  };
}

/** A weight as the SDK would receive it: a number (text that is not one counts as 0). */
export function weightNumber(text: string): number {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

function toPayload(payload: PayloadDraft) {
  return payload.type ? {payload: {type: payload.type, value: payload.value}} : {};
}

function toStrategy(draft: StrategyDraft): Strategy {
  const parameters: Record<string, string> = {};
  for (const key of STRATEGY_PARAMETERS[draft.name] ?? []) parameters[key] = draft[key];
  const variants: StrategyVariant[] = draft.variants.map((variant) => ({
    name: variant.name,
    weight: weightNumber(variant.weight),
    ...(STRATEGY_PARAMETERS[draft.name]?.includes('stickiness') ? {stickiness: draft.stickiness} : {}),
    ...toPayload(variant.payload),
  }));
  return {name: draft.name, parameters, constraints: draft.constraints.map(toConstraint), segments: [...draft.segments], variants};
}

/** The flag and segments as the client API would deliver them. */
export function featureStateOf(state: SandboxState): FeatureState {
  const variants: Variant[] = state.variants.map((variant) => ({
    name: variant.name,
    weight: weightNumber(variant.weight),
    stickiness: state.variantStickiness,
    ...toPayload(variant.payload),
    ...(variant.overrides.length > 0 ? {overrides: variant.overrides.map((override) => ({contextName: override.contextName, values: lines(override.values)}))} : {}),
  }));
  const feature: Feature = {name: state.flagName, enabled: state.enabled, strategies: state.strategies.map(toStrategy), variants};
  const segments: Segment[] = state.segments.map((segment) => ({id: segment.id, name: segment.name, constraints: segment.constraints.map(toConstraint)}));
  return {features: [feature], segments};
}

/** The context as an application would pass it: empty fields are left out. */
export function contextOf(draft: ContextDraft): Context {
  const context: Context = {};
  for (const key of ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'] as const) {
    if (draft[key] !== '') context[key] = draft[key];
  }
  const properties: Record<string, string> = {};
  for (const {name, value} of draft.properties) if (name !== '' && value !== '') properties[name] = value;
  if (Object.keys(properties).length > 0) context.properties = properties;
  return context;
}

// ---------------------------------------------------------------------------------------------
// Reading a state from a link: every field is checked, anything unexpected becomes a default.

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value.slice(0, 2000) : fallback);
const bool = (value: unknown) => value === true;
const arr = (value: unknown, max = 50): unknown[] => (Array.isArray(value) ? value.slice(0, max) : []);
const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const PAYLOAD_TYPES = ['', 'string', 'json', 'csv', 'number'] as const;

function readConstraint(raw: unknown): ConstraintDraft {
  const c = obj(raw);
  return {contextName: str(c.contextName, 'userId'), operator: str(c.operator, 'IN'), values: str(c.values), value: str(c.value), caseInsensitive: bool(c.caseInsensitive), inverted: bool(c.inverted)};
}

function readPayload(raw: unknown): PayloadDraft {
  const p = obj(raw);
  const type = (PAYLOAD_TYPES as readonly string[]).includes(p.type as string) ? (p.type as PayloadDraft['type']) : '';
  return {type, value: str(p.value)};
}

function readVariant(raw: unknown): VariantDraft {
  const v = obj(raw);
  return {name: str(v.name), weight: str(v.weight), payload: readPayload(v.payload)};
}

export function readState(raw: unknown): SandboxState {
  const s = obj(raw);
  const context = obj(s.context);
  return {
    flagName: str(s.flagName, 'my-flag'),
    enabled: s.enabled === undefined ? true : bool(s.enabled),
    strategies: arr(s.strategies).map((value) => {
      const d = obj(value);
      const name = str(d.name, 'default');
      return {
        name,
        rollout: str(d.rollout),
        stickiness: str(d.stickiness, 'default'),
        groupId: str(d.groupId),
        percentage: str(d.percentage),
        userIds: str(d.userIds),
        IPs: str(d.IPs),
        hostNames: str(d.hostNames),
        constraints: arr(d.constraints).map(readConstraint),
        segments: arr(d.segments).filter((id): id is number => Number.isInteger(id)),
        variants: arr(d.variants).map(readVariant),
      };
    }),
    variants: arr(s.variants).map((value) => ({
      ...readVariant(value),
      overrides: arr(obj(value).overrides).map((o) => ({contextName: str(obj(o).contextName, 'userId'), values: str(obj(o).values)})),
    })),
    variantStickiness: str(s.variantStickiness, 'default'),
    segments: arr(s.segments).map((value) => {
      const d = obj(value);
      return {id: Number.isInteger(d.id) ? (d.id as number) : 0, name: str(d.name), constraints: arr(d.constraints).map(readConstraint)};
    }),
    context: {
      userId: str(context.userId),
      sessionId: str(context.sessionId),
      remoteAddress: str(context.remoteAddress),
      environment: str(context.environment),
      appName: str(context.appName),
      currentTime: str(context.currentTime),
      properties: arr(context.properties).map((p) => ({name: str(obj(p).name), value: str(obj(p).value)})),
    },
    hostname: str(s.hostname),
  };
}
