/** The queue behind idlePrefetch.ts, apart so it can be tested without a browser. */

/** How much of an idle period the queue may use: well under a long task (50 ms). */
const SLICE_MS = 8;

export function idlePrefetcher(run: (routePath: string) => unknown, schedule: (work: () => void) => void, now: () => number = () => performance.now()) {
  const queue: string[] = [];
  const queued = new Set<string>();
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    const until = now() + SLICE_MS;
    while (queue.length > 0 && now() < until) {
      const routePath = queue.shift()!;
      queued.delete(routePath);
      run(routePath);
    }
    if (queue.length > 0) {
      scheduled = true;
      schedule(drain);
    }
  };
  return (routePath: string): boolean => {
    if (!queued.has(routePath)) {
      queued.add(routePath);
      queue.push(routePath);
    }
    if (!scheduled) {
      scheduled = true;
      schedule(drain);
    }
    return true;
  };
}
