// The workspace's heavy parts, each behind a dynamic import so the page's first load carries none of
// them: the engine client (which starts the worker and its .wasm module) and the ZIP writer. Each is
// fetched once; preloadWorkspace() fetches them all, on the first file added or when the page is idle.
// A new heavy feature (a PDF report, media previews) gets its loader here and its own chunk.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      // A failed fetch (offline before the service worker cached it) may be retried later.
      pending = null;
      throw error;
    });
    return pending;
  };
}

export const loadEngineClient = once(() => import('../../../lib/engine/host/client.ts'));
export const loadBatch = once(() => import('./batch.ts'));

/** Fetches every heavy part and starts one engine worker, so the first run does not wait for them. */
export function preloadWorkspace(): void {
  loadEngineClient()
    .then((client) => client.warmUp())
    .catch(() => {
      // The run itself loads the engine again and reports a failure where the user sees it.
    });
  loadBatch().catch(() => {});
}

/** How long after the load event idle-time loading waits: the first seconds belong to the page's own
 * hydration and the visitor's first scroll, and evaluating the engine client and the ZIP writer then
 * (about 30 ms of main thread, 120 ms at Lighthouse's 4x slowdown) is blocking time a visitor feels. */
export const IDLE_AFTER_LOAD_MS = 3000;

/** Runs `task` when the browser is idle, at least IDLE_AFTER_LOAD_MS after the page loaded (or soon
 * after that, where it cannot tell idle); returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 0);
      cancel = () => window.clearTimeout(id);
    }
  };
  const afterLoad = () => {
    const id = window.setTimeout(idle, IDLE_AFTER_LOAD_MS);
    cancel = () => window.clearTimeout(id);
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}
