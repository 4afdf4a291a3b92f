// Work the page does for later (loading the workspace's heavy parts, registering the offline cache)
// waits for the browser to be idle, after the page's first seconds.

/** How long after the load event such work waits: the first seconds belong to the page's own
 * hydration and the visitor's first scroll, and evaluating the engine client and the workspace's chunks then
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
