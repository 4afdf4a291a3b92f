/** The service worker the build writes at the site root (web/scripts/service-worker.mjs). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the offline cache once the page has loaded, so it never competes with first paint. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Offline use is an extra: the site works without it.
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
