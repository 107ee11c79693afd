/**
 * What must not outlive the bench (build process groups, Chromium instances), so that an
 * interrupted run (Ctrl+C, a kill, an exception) leaves nothing behind.
 */
type Cleanup = () => void | Promise<void>;

const cleanups = new Set<Cleanup>();

/** Registers `cleanup`; the returned function removes it once the owner has cleaned up itself. */
export function onCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export async function runCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
}

/** On SIGINT/SIGTERM: clean up, then exit with the conventional 128 + signal number. */
export function cleanUpOnSignals(): void {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: stopping what the bench started`);
      void runCleanups().finally(() => process.exit(code));
    });
  }
}
