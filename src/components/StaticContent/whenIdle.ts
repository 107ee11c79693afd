/**
 * Runs work when the main thread is idle (at the latest after `timeout` ms), so what the page
 * does after it has hydrated stays out of the tasks that block the reader. Returns what
 * cancels it.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, {timeout});
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 50);
  return () => window.clearTimeout(timer);
}
