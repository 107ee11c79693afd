/**
 * The third-party hosts of the Content-Security-Policy, gathered from the modules that add
 * each service (config/analytics.ts, config/search.ts, config/api.ts): with nothing
 * configured there are none, and each variable adds exactly the hosts of its service. The
 * rest of the policy is computed from the built pages (plugins/security-headers).
 */
import type {SiteEnv} from './env';
import {thirdPartyScripts} from './analytics';
import {searchConfig} from './search';
import {apiExplorerSources} from './api';
import {mergeSources, type PolicySources} from '../plugins/security-headers/policy';

export function policySources(env: SiteEnv): PolicySources {
  return mergeSources(thirdPartyScripts(env).sources, searchConfig(env).sources, apiExplorerSources(env));
}
