/**
 * The Redocly lint every API description the site publishes must pass with zero errors: the
 * recommended rules, plus an operation ID, summary, description and 2xx response on every
 * operation, a defined security scheme and a described tag. One place, so that ours (8.2.0) and
 * the composed 7.x description are held to the same rules; each caller states only where its
 * source differs.
 */
import {createConfig, lintFromString} from '@redocly/openapi-core';

type RuleSetting = 'error' | 'warn' | 'off';

export const DESCRIPTION_RULES: Record<string, RuleSetting> = {
  'operation-operationId': 'error',
  'operation-summary': 'error',
  'operation-description': 'error',
  'operation-2xx-response': 'error',
  'operation-4xx-response': 'off',
  'security-defined': 'error',
  'no-unused-components': 'error',
  'tag-description': 'error',
  'no-server-example.com': 'off',
  'no-invalid-media-type-examples': 'error',
};

/** The lint errors of a description, one line each: rule, message and where. */
export async function lintErrors(document: unknown, ref: string, overrides: Record<string, RuleSetting> = {}): Promise<string[]> {
  const config = await createConfig({extends: ['recommended'], rules: {...DESCRIPTION_RULES, ...overrides}});
  const problems = await lintFromString({source: JSON.stringify(document), absoluteRef: ref, config});
  return problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
}
