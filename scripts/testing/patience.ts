/**
 * Bounds on waits, scaled to the machine the tests run on. A wait in the server-backed suites
 * waits for a state (an answer, a line printed, a page shown); its bound is only there so that
 * a state that never comes fails the test instead of hanging it. A bound fitted to an idle
 * machine fails a correct run on a busy one (CI right after a session, a laptop with other
 * work), so every bound is multiplied by how busy the machine is when the wait begins: the
 * one-minute load average per core, plus one, between 1 and 4. `TEST_PATIENCE` (a number from
 * 1 to 20) multiplies it further for a machine known to be slow.
 */
import os from 'node:os';

const MAX_LOAD_FACTOR = 4;

/** How much longer than on an idle machine a wait may take now. */
export function loadFactor(load = os.loadavg()[0] ?? 0, cores = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.min(MAX_LOAD_FACTOR, Math.max(1, 1 + load / Math.max(1, cores)));
}

/** The multiplier `TEST_PATIENCE` sets, 1 when unset; a bad value stops the run with a clear message. */
export function patienceSetting(value = process.env.TEST_PATIENCE): number {
  if (value === undefined || value === '') return 1;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 1 || number > 20) throw new Error(`TEST_PATIENCE must be a number from 1 to 20 (it is ${JSON.stringify(value)})`);
  return number;
}

/** The bound for a wait that takes at most `idleMs` on an idle machine. */
export function patience(idleMs: number): number {
  return Math.round(idleMs * loadFactor() * patienceSetting());
}

/** The most `patience` can give: for test timeouts, fixed when the tests are collected. */
export function maxPatience(idleMs: number): number {
  return Math.round(idleMs * MAX_LOAD_FACTOR * patienceSetting());
}
