/**
 * What a page tells the reader to set up in the Admin UI, done through the Admin API of the
 * run's server with the runner's personal access token: context fields, custom strategies,
 * flags with their strategies, constraints, variants and impression data, and environments
 * switched on.
 */
import type {FlagSetup, FlagStrategy, Setup} from './spec';
import {patience} from '../testing/patience';

export interface Admin {
  (method: string, route: string, body?: unknown): Promise<unknown>;
}

export function adminClient(url: string, token: string): Admin {
  return async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {authorization: token, 'content-type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(patience(30_000)),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
}

/** A strategy as the Admin UI saves it: Gradual rollout is flexibleRollout with groupId = flag name; variant weights split 1000 evenly. */
export function strategyBody(flag: string, strategy: FlagStrategy): Record<string, unknown> {
  const name = strategy.name ?? 'flexibleRollout';
  const parameters: Record<string, string> =
    name === 'flexibleRollout' ? {rollout: String(strategy.rollout ?? 100), stickiness: strategy.stickiness ?? 'default', groupId: flag, ...strategy.parameters} : {...strategy.parameters};
  const variants = strategy.variants ?? [];
  const even = variants.length ? Math.floor(1000 / variants.length) : 0;
  return {
    name,
    parameters,
    constraints: (strategy.constraints ?? []).map((constraint) => ({caseInsensitive: false, inverted: false, ...constraint})),
    variants: variants.map((variant, index) => ({
      name: variant.name,
      weight: variant.weight ?? (index === 0 ? 1000 - even * (variants.length - 1) : even),
      weightType: variant.weight === undefined ? 'variable' : 'fix',
      stickiness: variant.stickiness ?? strategy.stickiness ?? 'default',
      ...(variant.payload ? {payload: variant.payload} : {}),
    })),
  };
}

export async function createFlag(admin: Admin, flag: FlagSetup): Promise<void> {
  await admin('POST', '/api/admin/projects/default/features', {name: flag.name, type: flag.type ?? 'release', impressionData: flag.impressionData ?? false});
  for (const [environment, settings] of Object.entries(flag.environments ?? {})) {
    for (const strategy of settings.strategies ?? []) {
      await admin('POST', `/api/admin/projects/default/features/${flag.name}/environments/${environment}/strategies`, strategyBody(flag.name, strategy));
    }
    if (settings.enabled) await admin('POST', `/api/admin/projects/default/features/${flag.name}/environments/${environment}/on`);
  }
}

export async function applySetup(admin: Admin, setup: Setup | undefined): Promise<void> {
  if (!setup) return;
  for (const field of setup.contextFields ?? []) await admin('POST', '/api/admin/context', field);
  for (const strategy of setup.strategies ?? []) await admin('POST', '/api/admin/strategies', strategy);
  for (const flag of setup.flags ?? []) await createFlag(admin, flag);
  for (const request of setup.requests ?? []) {
    const [method, route] = request.request.split(/\s+/);
    await admin(method!, route!, request.body);
  }
}
