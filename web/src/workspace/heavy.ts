// The workspace's heavy parts, each behind a dynamic import so the page's first load carries none of
// them: the engine client (which starts the worker and its .wasm module) and the batch ZIP's shell.
// Each is fetched once; preloadWorkspace() fetches them all, on the first file added or when the page
// is idle. The writer itself (and the PDFs') is the outputs module, fetched at the first ZIP or PDF
// (results.ts, loadOutputs). A new heavy feature gets its loader here and its own chunk.

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
