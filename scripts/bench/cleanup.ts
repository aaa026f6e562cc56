/**
 * What must be undone however the run ends (success, failure, Ctrl-C): the app and its
 * embedded PostgreSQL stopped, the temporary directory removed. Undone last-in first-out.
 */
const undo: Array<() => Promise<void>> = [];

/**
 * Aborted when cleanup starts: the clients stop sending, so the app's graceful stop (which
 * waits for its connections to go idle) is not held open by our own load.
 */
export const stopping = new AbortController();

const inFlight = new Set<AbortController>();

/**
 * `fetch` through a signal of its own, aborted at cleanup. Passing `stopping.signal` to every
 * request instead left one abort listener on it per request (thousands while seeding).
 */
export async function abortableFetch(
  url: string,
  init: RequestInit,
): Promise<{ status: number; ok: boolean; headers: Headers; text: string }> {
  const controller = new AbortController();
  if (stopping.signal.aborted) controller.abort();
  inFlight.add(controller);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      text: await response.text(),
    };
  } finally {
    inFlight.delete(controller);
  }
}

export function onCleanup(action: () => Promise<void>): void {
  undo.push(action);
}

export async function cleanUp(): Promise<void> {
  stopping.abort();
  for (const controller of inFlight) controller.abort();
  for (const action of undo.splice(0).reverse()) {
    await action().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

/**
 * Ctrl-C or a kill: clean up, then exit with the signal's conventional code. A second Ctrl-C
 * while cleaning up is ignored: leaving PostgreSQL half-stopped is worse than waiting.
 */
export function cleanUpOnSignals(): void {
  let signalled = false;
  const stop = (signal: NodeJS.Signals, code: number) => {
    if (signalled) return;
    signalled = true;
    console.error(`\n${signal}: stopping the app and removing the temporary data…`);
    void cleanUp().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => stop('SIGINT', 130));
  process.on('SIGTERM', () => stop('SIGTERM', 143));
}
