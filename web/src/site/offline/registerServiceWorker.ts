import { whenIdle } from '../shell/idle.ts';

/** The service worker the build writes at the site root (web/scripts/service-worker.mjs). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Runs of the workspace going on now: while there is one, the offline cache is not registered. */
let held = 0;
/** The registration waiting for the last run to end, if any. */
let waiting: (() => void) | undefined;

/**
 * Registers the offline cache once the page has loaded and the browser is idle (site/shell/idle.ts),
 * and not while a run of the workspace goes on (`holdOfflineCache`). Registering installs the worker,
 * which fetches and stores every file of the site at once (about 190 requests): on a first visit
 * that is a second or two of work for the browser, its network service and the worker, all competing
 * for the cores a run needs (a 200 MiB run in Chromium on two cores took about 300 ms longer with the
 * install going on: docs/performance-history.md, "The offline cache's install").
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Offline use is an extra: the site works without it.
      console.warn('Service worker registration failed', error);
    });
  };
  whenIdle(() => {
    if (held === 0) register();
    else waiting = register;
  });
}

/**
 * Holds the offline cache's registration while work the user waits for goes on (a run of the
 * workspace); returns the release, which may be called more than once. A registration due meanwhile
 * happens once the last hold is released.
 */
export function holdOfflineCache(): () => void {
  held++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held--;
    if (held > 0 || !waiting) return;
    const register = waiting;
    waiting = undefined;
    register();
  };
}
