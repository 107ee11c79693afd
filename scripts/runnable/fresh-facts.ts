/**
 * What the pages say a new unleash-server 8.2.0 instance has, each claim with the page it is on,
 * the words that make it (the test fails when the page no longer says them, so a reworded claim
 * is looked at again), and a check against a fresh instance: a copy of the database as the
 * server leaves it after its first start, read through the Admin API by the initial admin.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {repoRoot} from '../content/pages';

type Json = any;

export interface FreshServer {
  /** GET with the initial admin's session; fails unless the answer is 2xx JSON. */
  get(path: string): Promise<Json>;
  /** Any request with the session; answers status and parsed body. */
  request(method: string, path: string, body?: unknown): Promise<{status: number; body: Json}>;
}

export interface FreshFact {
  page: string;
  /** Words on the page (Markdown source, one line) that state the claim. */
  quote: string;
  check(server: FreshServer): Promise<void>;
}

const names = (list: Array<{name: string}>) => list.map((item) => item.name).sort();

async function contextFields(server: FreshServer): Promise<Array<{name: string; stickiness: boolean}>> {
  return server.get('/api/admin/context');
}

const builtInContext = async (server: FreshServer) => {
  expect(names(await contextFields(server))).toEqual(['appName', 'currentTime', 'environment', 'sessionId', 'userId']);
};

const onlySessionIdSticky = async (server: FreshServer) => {
  const sticky = (await contextFields(server)).filter((field) => field.stickiness).map((field) => field.name);
  expect(sticky).toEqual(['sessionId']);
};

const twoEnvironments = async (server: FreshServer) => {
  const {environments} = await server.get('/api/admin/environments');
  expect(environments.map((environment: Json) => [environment.name, environment.type, environment.enabled])).toEqual([
    ['development', 'development', true],
    ['production', 'production', true],
  ]);
};

const defaultProjectWithBothEnvironments = async (server: FreshServer) => {
  const {projects} = await server.get('/api/admin/projects');
  expect(projects.map((project: Json) => [project.id, project.name])).toEqual([['default', 'Default']]);
  const {environments} = await server.get('/api/admin/environments/project/default');
  expect(environments.filter((environment: Json) => environment.enabled).map((environment: Json) => environment.name)).toEqual(['development', 'production']);
};

const strategies = async (server: FreshServer) => (await server.get('/api/admin/strategies')).strategies as Array<{name: string; displayName: string; editable: boolean}>;

const resourceLimits = async (server: FreshServer) => (await server.get('/api/admin/ui-config')).resourceLimits as Record<string, number>;

/** Enabling an environment with no strategies in it, on a flag made for the purpose. */
async function strategyAddedOnEnable(server: FreshServer): Promise<Json[]> {
  const flag = `fresh-enable-${Date.now()}`;
  expect((await server.request('POST', '/api/admin/projects/default/features', {name: flag})).status).toBe(201);
  expect((await server.request('POST', `/api/admin/projects/default/features/${flag}/environments/development/on`)).status).toBe(200);
  return server.get(`/api/admin/projects/default/features/${flag}/environments/development/strategies`);
}

export const FRESH_FACTS: FreshFact[] = [
  {page: 'docs/reference/unleash-context.md', quote: 'A new instance already defines `appName`, `environment`, `userId`, `sessionId` and `currentTime` as context fields.', check: builtInContext},
  {page: 'docs/reference/unleash-context.md', quote: 'Of these, only `sessionId` has stickiness enabled; `userId` has it off', check: onlySessionIdSticky},
  {page: 'docs/reference/stickiness.md', quote: 'on a new instance only `sessionId` has it; `userId` does not', check: onlySessionIdSticky},
  {page: 'docs/reference/api/legacy/unleash/admin/context.md', quote: 'A new instance of unleash-server 8.2.0 already has `environment`, `userId`, `appName`, `currentTime` and `sessionId`.', check: builtInContext},
  {page: 'docs/reference/environments.md', quote: 'A new unleash-server 8.2.0 instance has two environments:', check: twoEnvironments},
  {
    page: 'docs/reference/environments.md',
    quote: 'Since Unleash 7.0.0, new installations no longer get it.',
    check: async (server) => expect(names((await server.get('/api/admin/environments')).environments)).not.toContain('default'),
  },
  {page: 'docs/quickstart.mdx', quote: 'A fresh instance has one project, <UiLabel>Default</UiLabel>, with two environments: `development` and `production`.', check: defaultProjectWithBothEnvironments},
  {page: 'docs/understanding-unleash/the-anatomy-of-unleash.md', quote: 'A fresh instance has `development` and `production`', check: twoEnvironments},
  {page: 'docs/topics/feature-flags/best-practices-using-feature-flags-at-scale.md', quote: 'A new Unleash instance comes with `development` and `production` environments.', check: twoEnvironments},
  {page: 'docs/unleash-academy/managing-unleash-for-devops.md', quote: 'A fresh instance has the Default project and the `development` and `production` environments.', check: defaultProjectWithBothEnvironments},
  {
    page: 'docs/reference/activation-strategies.md',
    quote: 'A new unleash-server 8.2.0 database contains two more built-in strategies.',
    check: async (server) => {
      const byName = new Map((await strategies(server)).map((strategy) => [strategy.name, strategy]));
      expect(byName.get('remoteAddress')?.displayName).toBe('IPs');
      expect(byName.get('applicationHostname')?.displayName).toBe('Hosts');
    },
  },
  {
    page: 'docs/reference/api/legacy/unleash/admin/strategies.md',
    quote: 'A new instance of unleash-server 8.2.0 lists four built-in definitions: `flexibleRollout`, `default`, `remoteAddress` and `applicationHostname`',
    check: async (server) => {
      const list = await strategies(server);
      expect(list.map((strategy) => strategy.name)).toEqual(['flexibleRollout', 'default', 'remoteAddress', 'applicationHostname']);
      expect(list.every((strategy) => strategy.editable === false)).toBe(true);
    },
  },
  {
    page: 'docs/using-unleash/deploy/upgrading-unleash.md',
    quote: '**New installations only:** the `userWithId` strategy and the `default` environment are no longer created.',
    check: async (server) => {
      expect((await strategies(server)).map((strategy) => strategy.name)).not.toContain('userWithId');
      expect(names((await server.get('/api/admin/environments')).environments)).not.toContain('default');
    },
  },
  {
    page: 'docs/quickstart.mdx',
    quote: 'Out of the box that is a gradual rollout to 100% of users, which means everyone gets the flag.',
    check: async (server) => {
      const added = await strategyAddedOnEnable(server);
      expect(added.map((strategy: Json) => [strategy.name, strategy.parameters.rollout, strategy.parameters.stickiness])).toEqual([['flexibleRollout', '100', 'default']]);
    },
  },
  {
    page: 'docs/reference/api/legacy/unleash/admin/features-v2.md',
    quote: 'and otherwise a `flexibleRollout` at 100% with `default` stickiness.',
    check: async (server) => {
      const added = await strategyAddedOnEnable(server);
      expect(added.map((strategy: Json) => [strategy.name, strategy.parameters.rollout, strategy.parameters.stickiness])).toEqual([['flexibleRollout', '100', 'default']]);
    },
  },
  {
    page: 'docs/quickstart.mdx',
    quote: 'A self-hosted instance accepts frontend API requests from any origin by default (`UNLEASH_FRONTEND_API_ORIGINS` defaults to `*`)',
    check: async (server) => expect((await server.get('/api/admin/ui-config')).frontendApiOrigins).toEqual(['*']),
  },
  {
    page: 'docs/using-unleash/troubleshooting/feature-not-available.md',
    quote: 'the open-source server reports `Open Source`',
    check: async (server) => expect((await server.get('/api/admin/ui-config')).environment).toBe('Open Source'),
  },
  {
    page: 'docs/how-to/how-to-manage-public-invite-tokens.md',
    quote: 'Password login enabled on the instance (it is by default).',
    check: async (server) => expect((await server.get('/api/admin/ui-config')).disablePasswordAuth).toBe(false),
  },
  {
    page: 'docs/reference/api/legacy/unleash/admin/tags.md',
    quote: 'Every instance has the tag type `simple`.',
    check: async (server) => expect(names((await server.get('/api/admin/tag-types')).tagTypes)).toEqual(['simple']),
  },
  {
    page: 'docs/reference/api/legacy/unleash/admin/feature-types.md',
    quote: '| `release` | 40 days |',
    check: async (server) => {
      const {types} = await server.get('/api/admin/feature-types');
      expect(Object.fromEntries(types.map((type: Json) => [type.id, type.lifetimeDays]))).toEqual({release: 40, experiment: 40, operational: 7, 'kill-switch': null, permission: null, sunset: 90});
    },
  },
  {
    page: 'docs/unleash-academy/managing-unleash-for-devops.md',
    quote: 'Every user has a root role: Admin, Editor or Viewer.',
    check: async (server) => expect(names((await server.get('/api/admin/user-admin')).rootRoles)).toEqual(['Admin', 'Editor', 'Viewer']),
  },
  {
    page: 'docs/unleash-academy/managing-unleash-for-devops.md',
    quote: 'The open-source server has no routes for project access',
    check: async (server) => expect((await server.request('GET', '/api/admin/projects/default/access')).status).toBe(404),
  },
  {
    page: 'docs/reference/api/legacy/unleash/admin/user-admin.md',
    quote: 'The initial `admin` user of a new instance has a user name but no `name` or `email`',
    check: async (server) => {
      const {users} = await server.get('/api/admin/user-admin');
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({username: 'admin', rootRole: 1});
      expect(users[0]).not.toHaveProperty('name');
      expect(users[0]).not.toHaveProperty('email');
    },
  },
  {
    page: 'docs/reference/projects.md',
    quote: '| `defaultStickiness` | string | `default` |',
    check: async (server) => expect((await server.get('/api/admin/projects/default/overview')).defaultStickiness).toBe('default'),
  },
  {
    page: 'docs/reference/projects.md',
    quote: '| `mode` | `open`, `protected`, `private` | `open` |',
    check: async (server) => expect((await server.get('/api/admin/projects/default/overview')).mode).toBe('open'),
  },
  {
    page: 'docs/how-to/how-to-enable-openapi.md',
    quote: '`ENABLE_OAS` defaults to `true`',
    check: async (server) => expect((await server.request('GET', '/docs/openapi.json')).status).toBe(200),
  },
  {
    page: 'docs/reference/maintenance-mode.md',
    quote: 'It is available in every edition.',
    check: async (server) => expect(await server.get('/api/admin/maintenance')).toEqual({enabled: false}),
  },
  {
    page: 'docs/how-to/how-to-add-strategy-constraints.md',
    quote: 'Each strategy can hold up to 30 constraints and each constraint up to 250 values by default',
    check: async (server) => expect(await resourceLimits(server)).toMatchObject({constraints: 30, constraintValues: 250}),
  },
  {
    page: 'docs/topics/feature-flags/best-practices-using-feature-flags-at-scale.md',
    quote: 'for example 5,000 flags, 300 segments and 30 strategies per flag per environment',
    check: async (server) => expect(await resourceLimits(server)).toMatchObject({featureFlags: 5000, segments: 300, featureEnvironmentStrategies: 30}),
  },
  {
    page: 'docs/reference/api-tokens-and-client-keys.md',
    quote: 'An instance holds at most 2,000 API tokens by default',
    check: async (server) => expect(await resourceLimits(server)).toMatchObject({apiTokens: 2000}),
  },
  {
    page: 'docs/reference/resource-limits.md',
    quote: 'These are the defaults in unleash-server 8.2.0.',
    check: async (server) => expect(await resourceLimits(server)).toEqual(resourceLimitTable()),
  },
];

/** The defaults column of the table on the resource limits page, by resource. */
export function resourceLimitTable(file = path.join(repoRoot, 'docs/reference/resource-limits.md')): Record<string, number> {
  const rows = fs.readFileSync(file, 'utf8').matchAll(/^\| `(\w+)` \| `UNLEASH_\w+` \| (\d+) \|/gm);
  return Object.fromEntries([...rows].map((row) => [row[1]!, Number(row[2])]));
}
