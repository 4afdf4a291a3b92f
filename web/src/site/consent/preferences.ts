// The cookie consent state machine of docs/product.md ("Cookie consent"), as a pure reducer.
import { COOKIE_STORAGE_KEY } from '../../constants.ts';

export interface CookiePreferences {
  /** Strictly necessary storage cannot be refused: always true once saved. */
  strictly: true;
  analytics: boolean;
  advertising: boolean;
}

export type OptionalCategory = 'analytics' | 'advertising';

export const ACCEPT_ALL: CookiePreferences = { strictly: true, analytics: true, advertising: true };
export const REJECT_ALL: CookiePreferences = { strictly: true, analytics: false, advertising: false };

export { COOKIE_STORAGE_KEY };

/**
 * The stored preferences, or null when nothing usable is stored: no value, text that is not JSON, or
 * JSON that is not an object with boolean analytics and advertising flags.
 */
export function parseStoredPreferences(raw: string | null): CookiePreferences | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { analytics, advertising } = value as Record<string, unknown>;
  if (typeof analytics !== 'boolean' || typeof advertising !== 'boolean') return null;
  return { strictly: true, analytics, advertising };
}

/** The stored text of a choice (storage.mjs, shared with the Node benchmarks). */
export { serializePreferences } from './storage.mjs';

export interface ConsentState {
  /** False during server rendering and the first client render, so the banner never flashes. */
  mounted: boolean;
  preferences: CookiePreferences | null;
  bannerOpen: boolean;
  dialogOpen: boolean;
}

export type ConsentEvent =
  | { type: 'mounted'; stored: CookiePreferences | null }
  | { type: 'saved'; preferences: { analytics: boolean; advertising: boolean } }
  | { type: 'bannerDismissed' }
  | { type: 'dialogOpened' }
  | { type: 'dialogClosed' };

export const INITIAL_CONSENT: ConsentState = {
  mounted: false,
  preferences: null,
  bannerOpen: false,
  dialogOpen: false,
};

export function consentReducer(state: ConsentState, event: ConsentEvent): ConsentState {
  switch (event.type) {
    case 'mounted':
      return { ...state, mounted: true, preferences: event.stored, bannerOpen: event.stored === null };
    case 'saved':
      return {
        ...state,
        preferences: {
          strictly: true,
          analytics: event.preferences.analytics,
          advertising: event.preferences.advertising,
        },
        bannerOpen: false,
        dialogOpen: false,
      };
    case 'bannerDismissed':
      // Hidden for this page load only: nothing is saved, so the banner returns next time.
      return { ...state, bannerOpen: false };
    case 'dialogOpened':
      return { ...state, dialogOpen: true };
    case 'dialogClosed':
      return { ...state, dialogOpen: false };
  }
}
