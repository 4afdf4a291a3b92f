import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import {
  ACCEPT_ALL,
  COOKIE_STORAGE_KEY,
  INITIAL_CONSENT,
  REJECT_ALL,
  consentReducer,
  parseStoredPreferences,
  serializePreferences,
  type ConsentState,
  type CookiePreferences,
} from './preferences.ts';

export interface CookieContextValue extends ConsentState {
  acceptAll: () => void;
  rejectAll: () => void;
  savePreferences: (preferences: { analytics: boolean; advertising: boolean }) => void;
  dismissBanner: () => void;
  openPreferences: () => void;
  closePreferences: () => void;
}

const CookieContext = createContext<CookieContextValue | null>(null);

function readStored(): CookiePreferences | null {
  try {
    return parseStoredPreferences(window.localStorage.getItem(COOKIE_STORAGE_KEY));
  } catch {
    // Storage can be disabled by the browser; then no choice is remembered.
    return null;
  }
}

function writeStored(preferences: CookiePreferences): void {
  try {
    window.localStorage.setItem(COOKIE_STORAGE_KEY, serializePreferences(preferences));
  } catch {
    // Without storage the choice still holds for this page load.
  }
}

export function CookieProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(consentReducer, INITIAL_CONSENT);

  useEffect(() => {
    dispatch({ type: 'mounted', stored: readStored() });
  }, []);

  const savePreferences = useCallback((preferences: { analytics: boolean; advertising: boolean }) => {
    writeStored({ strictly: true, ...preferences });
    dispatch({ type: 'saved', preferences });
  }, []);

  const value = useMemo<CookieContextValue>(
    () => ({
      ...state,
      acceptAll: () => savePreferences(ACCEPT_ALL),
      rejectAll: () => savePreferences(REJECT_ALL),
      savePreferences,
      dismissBanner: () => dispatch({ type: 'bannerDismissed' }),
      openPreferences: () => dispatch({ type: 'dialogOpened' }),
      closePreferences: () => dispatch({ type: 'dialogClosed' }),
    }),
    [state, savePreferences],
  );

  return <CookieContext.Provider value={value}>{children}</CookieContext.Provider>;
}

export function useCookie(): CookieContextValue {
  const value = useContext(CookieContext);
  if (!value) throw new Error('useCookie must be used within a CookieProvider');
  return value;
}
