/**
 * The pages' claims about a new instance (fresh-facts.ts), checked against a copy of the
 * database as unleash-server 8.2.0 leaves it after its first start. The initial admin signs in
 * with the password every new open-source instance has, which checks that claim too.
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {repoRoot} from '../content/pages';
import {FRESH_FACTS, resourceLimitTable, type FreshServer} from './fresh-facts';
import {signInAsInitialAdmin, startInstances, type Instance, type Instances} from './instances';
import {maxPatience} from '../testing/patience';

describe('fresh-server facts: the pages say them', () => {
  it('every quoted claim is on its page, word for word', () => {
    const missing = FRESH_FACTS.filter((fact) => !fs.readFileSync(path.join(repoRoot, fact.page), 'utf8').includes(fact.quote)).map((fact) => `${fact.page}: "${fact.quote}"`);
    expect(missing).toEqual([]);
  });

  it('the resource limits table has every limit the page names', () => {
    expect(Object.keys(resourceLimitTable())).toHaveLength(17);
  });
});

describe('fresh-server facts: a new unleash-server 8.2.0 has them', () => {
  let instances: Instances | undefined;
  let instance: Instance | undefined;
  let server: FreshServer;

  beforeAll(async () => {
    instances = await startInstances();
    instance = await instances.start('fresh-facts', 'unleash');
    const url = instance.url;
    // whats-new-v4 and the deployment pages: the first start creates admin / unleash4all.
    const cookie = await signInAsInitialAdmin(url);
    const request: FreshServer['request'] = async (method, route, body) => {
      const response = await fetch(`${url}${route}`, {method, headers: {cookie, ...(body === undefined ? {} : {'content-type': 'application/json'})}, body: body === undefined ? undefined : JSON.stringify(body)});
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return {status: response.status, body: parsed};
    };
    server = {
      request,
      get: async (route) => {
        const {status, body} = await request('GET', route);
        if (status >= 300 || typeof body !== 'object') throw new Error(`GET ${route} answered ${status}: ${String(body).slice(0, 200)}`);
        return body;
      },
    };
  }, maxPatience(180_000));

  afterAll(async () => {
    await instance?.stop();
    await instances?.close();
  }, maxPatience(60_000));

  for (const fact of FRESH_FACTS) {
    it(`${fact.page}: ${fact.quote}`, () => fact.check(server));
  }

  // The runner starts one instance after another in one process (host.mjs), which resets the
  // package's process-wide state between them. If it did not, the next instance's SDK APIs
  // would answer from the previous instance's database, or fail on its closed pool.
  it('the next instance in the same host serves its own database to SDKs', async () => {
    await instance!.stop();
    instance = await instances!.start('isolation', 'base');
    const {url} = instance;
    const {credentials} = instances!;
    const admin = (method: string, route: string, body?: unknown) =>
      fetch(`${url}${route}`, {method, headers: {authorization: credentials.personalAccessToken, 'content-type': 'application/json'}, body: body === undefined ? undefined : JSON.stringify(body)});
    expect((await admin('POST', '/api/admin/projects/default/features', {name: 'isolation-check'})).status).toBe(201);
    expect((await admin('POST', '/api/admin/projects/default/features/isolation-check/environments/development/on')).status).toBe(200);
    await instance.settle();
    const client = await (await fetch(`${url}/api/client/features`, {headers: {authorization: credentials.backend.development!}})).json();
    expect(client.features.map((feature: {name: string}) => feature.name)).toEqual(['isolation-check']);
    const frontend = await (await fetch(`${url}/api/frontend`, {headers: {authorization: credentials.frontend.development!}})).json();
    expect(frontend.toggles.map((toggle: {name: string}) => toggle.name)).toEqual(['isolation-check']);
  }, maxPatience(60_000));
});
