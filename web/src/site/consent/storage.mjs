// How the site keeps the consent choice in local storage (docs/product.md, "Cookie consent"): the
// key and the stored text, defined here once. Plain JavaScript (types in storage.d.mts) so that Node
// scripts without a TypeScript loader share it: tests/bench/browser.mjs presets consent with these,
// as the end-to-end specs do through preferences.ts.

/** The local storage key the consent choice is kept under. */
export const COOKIE_STORAGE_KEY = 'fracture_cookie_consent';

/**
 * The stored text of a choice, the JSON that parseStoredPreferences (preferences.ts) reads back:
 * strictly necessary is always true.
 * @param {{ analytics: boolean; advertising: boolean }} preferences
 * @returns {string}
 */
export function serializePreferences(preferences) {
  return JSON.stringify({ strictly: true, analytics: preferences.analytics, advertising: preferences.advertising });
}
