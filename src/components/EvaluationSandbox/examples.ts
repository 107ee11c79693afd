/** The cases each page opens the sandbox with: the example that page discusses. */
import {emptyConstraint, emptyContext, emptyStrategy, emptyVariant, type SandboxState} from './model';

const base = (flagName: string): SandboxState => ({
  flagName,
  enabled: true,
  strategies: [],
  variants: [],
  variantStickiness: 'default',
  segments: [],
  context: {...emptyContext(), appName: 'checkout-web', environment: 'production'},
  hostname: '',
});

export const EXAMPLES: Record<string, () => SandboxState> = {
  /** Activation strategies: a 25 % gradual rollout of new-checkout. */
  'gradual-rollout': () => ({
    ...base('new-checkout'),
    strategies: [{...emptyStrategy('flexibleRollout', 'new-checkout'), rollout: '25'}],
    context: {...base('').context, userId: 'user-42'},
  }),

  /** The gradual rollout tutorial: new-search-backend at its 25 % stage. */
  'tutorial-gradual-rollout': () => ({
    ...base('new-search-backend'),
    strategies: [{...emptyStrategy('flexibleRollout', 'new-search-backend'), rollout: '25'}],
    context: {...base('').context, appName: 'search-service', userId: 'user-42', remoteAddress: '203.0.113.7'},
  }),

  /** Stickiness: a rollout that sticks on the custom field tenantId. */
  stickiness: () => ({
    ...base('new-invoice-layout'),
    strategies: [{...emptyStrategy('flexibleRollout', 'new-invoice-layout'), rollout: '25', stickiness: 'tenantId'}],
    context: {...base('').context, appName: 'billing-service', userId: 'user-42', properties: [{name: 'tenantId', value: 'acme-corp'}]},
  }),

  /** Strategy constraints: email ends with one of two domains, ignoring case. */
  constraints: () => ({
    ...base('beta-banner'),
    strategies: [
      {
        ...emptyStrategy('flexibleRollout', 'beta-banner'),
        rollout: '100',
        constraints: [{...emptyConstraint(), contextName: 'email', operator: 'STR_ENDS_WITH', values: '@example.com\n@example.org', caseInsensitive: true}],
      },
    ],
    context: {...base('').context, userId: 'user-42', properties: [{name: 'email', value: 'Alice@Example.com'}]},
  }),

  /** Strategy variants: a 20 % rollout on userId split between control and one-page. */
  'strategy-variants': () => ({
    ...base('new-checkout'),
    strategies: [
      {
        ...emptyStrategy('flexibleRollout', 'new-checkout'),
        rollout: '20',
        stickiness: 'userId',
        variants: [
          {name: 'control', weight: '500', payload: {type: '', value: ''}},
          {name: 'one-page', weight: '500', payload: {type: 'json', value: '{"steps": 1}'}},
        ],
      },
    ],
    context: {...base('').context, userId: 'user-5'},
  }),

  /** Flag variants: control and blue-button, with an override for two users. */
  'flag-variants': () => ({
    ...base('checkout-button'),
    strategies: [emptyStrategy('default')],
    variants: [
      {...emptyVariant('blue-button'), payload: {type: 'json', value: '{"color": "#1a73e8"}'}},
      {...emptyVariant('control'), overrides: [{contextName: 'userId', values: 'alice\nbob'}]},
    ],
    context: {...base('').context, userId: '123', properties: [{name: 'region', value: 'eu-west'}]},
  }),

  /** The sandbox's own page: two strategies, a segment, constraints and flag variants. */
  sandbox: () => ({
    ...base('new-checkout'),
    segments: [{id: 1, name: 'Internal users', constraints: [{...emptyConstraint(), contextName: 'email', operator: 'STR_ENDS_WITH', values: '@example.com', caseInsensitive: true}]}],
    strategies: [
      {...emptyStrategy('default'), segments: [1]},
      {
        ...emptyStrategy('flexibleRollout', 'new-checkout'),
        rollout: '25',
        constraints: [
          {...emptyConstraint(), contextName: 'appName', operator: 'IN', values: 'checkout-web'},
          {...emptyConstraint(), contextName: 'appVersion', operator: 'SEMVER_GTE', value: '5.2.0'},
        ],
      },
    ],
    variants: [emptyVariant('control'), {...emptyVariant('one-page'), payload: {type: 'json', value: '{"steps": 1}'}}],
    context: {...base('').context, userId: '42', properties: [{name: 'appVersion', value: '5.3.1'}, {name: 'email', value: 'dana@customer.test'}]},
  }),
};

export const DEFAULT_EXAMPLE = 'sandbox';

export function exampleState(name: string | undefined): SandboxState {
  return (EXAMPLES[name ?? ''] ?? EXAMPLES[DEFAULT_EXAMPLE]!)();
}
