/** The evaluator behind the evaluation sandbox: no React, no DOM, proven by the client specification. */
export * from './types';
export {evaluate, yggdrasilCompileErrors} from './evaluate';
export type {Bucket, ConstraintTrace, DependencyTrace, EvaluateOptions, Evaluation, StrategyTrace, VariantTrace} from './evaluate';
export {toFeatureState, type ClientPayload} from './state';
export {murmur3, normalizedHash, STRATEGY_SEED, VARIANT_SEED} from './murmur';
export {compileSdkRegex} from './regex';
export {parseSemver} from './semver';
export {parseIp, parseRange} from './ip';
export {checkConstraint, parseRfc3339, yggdrasilValueKind, type ConstraintOutcome} from './constraints';
