// The site's Content-Security-Policy, in one place: the static server sends it as a header and the
// prerender writes it into every page. Only the app's own files may load; 'wasm-unsafe-eval' lets
// the engine's WebAssembly compile. blob: covers the previews and downloads the app makes locally.

/** @type {Record<string, string[]>} */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

// Browsers ignore these in a <meta> policy and log an error for them.
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

function serialize(entries) {
  return entries.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The Content-Security-Policy header value. */
export function cspHeader() {
  return serialize(Object.entries(CSP_DIRECTIVES));
}

/** The same policy for <meta http-equiv="Content-Security-Policy">. */
export function cspMeta() {
  return serialize(Object.entries(CSP_DIRECTIVES).filter(([name]) => !HEADER_ONLY.has(name)));
}
