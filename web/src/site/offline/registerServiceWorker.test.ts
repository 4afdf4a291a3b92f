// @vitest-environment jsdom
// The offline cache registers once the page is idle after its first seconds, and never while a run
// of the workspace holds it: its install fetches every file of the site, on the cores a run needs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_AFTER_LOAD_MS } from '../shell/idle.ts';

let register: ReturnType<typeof vi.fn>;

/** A fresh copy of the module (its holds are module state) on a page whose browser has service workers. */
async function load() {
  vi.resetModules();
  return import('./registerServiceWorker.ts');
}

/** Past the wait after load and the idle moment (jsdom has no requestIdleCallback: a zero timeout). */
function idleNow() {
  vi.advanceTimersByTime(IDLE_AFTER_LOAD_MS);
  vi.runOnlyPendingTimers();
}

beforeEach(() => {
  vi.useFakeTimers();
  register = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site once the page is idle, not at load', async () => {
    const { registerServiceWorker, SERVICE_WORKER_URL } = await load();
    registerServiceWorker();
    vi.advanceTimersByTime(IDLE_AFTER_LOAD_MS - 1);
    expect(register).not.toHaveBeenCalled();
    idleNow();
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('waits for the last hold to be released when runs are going at the idle moment', async () => {
    const { registerServiceWorker, holdOfflineCache } = await load();
    registerServiceWorker();
    const first = holdOfflineCache();
    const second = holdOfflineCache();
    idleNow();
    expect(register).not.toHaveBeenCalled();
    first();
    first(); // a second release of the same hold counts once
    expect(register).not.toHaveBeenCalled();
    second();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers at the idle moment when the holds were released before it', async () => {
    const { registerServiceWorker, holdOfflineCache } = await load();
    registerServiceWorker();
    holdOfflineCache()();
    expect(register).not.toHaveBeenCalled();
    idleNow();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers once: a run after the registration neither delays nor repeats it', async () => {
    const { registerServiceWorker, holdOfflineCache } = await load();
    registerServiceWorker();
    idleNow();
    const release = holdOfflineCache();
    release();
    vi.runAllTimers();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
