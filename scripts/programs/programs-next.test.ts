/**
 * The programs that are Next.js apps: the Next.js tutorial's app and the Next.js SDK page's
 * blocks, each assembled into an app, built with `next build` (the pinned `next`), served with
 * `next start` and requested against the pinned unleash-server; requests reaching Unleash are
 * counted (see counter.ts). Apart from programs.test.ts so that vitest builds them on one core
 * while the other programs run on the other.
 */
import {loadRuns} from './spec';
import {isNextRun, programSuite} from './suite';

programSuite('programs run against unleash-server (Next.js apps)', loadRuns().filter(isNextRun), []);
