import { describe, expect, it } from 'vitest';
import { COOKIE_STORAGE_KEY } from '../../constants.ts';
import {
  ACCEPT_ALL,
  consentReducer,
  INITIAL_CONSENT,
  parseStoredPreferences,
  REJECT_ALL,
  serializePreferences,
  type ConsentState,
} from './preferences.ts';

const mounted = (stored: Parameters<typeof parseStoredPreferences>[0]): ConsentState =>
  consentReducer(INITIAL_CONSENT, { type: 'mounted', stored: parseStoredPreferences(stored) });

describe('COOKIE_STORAGE_KEY', () => {
  // The one test that spells the key: it is what docs/product.md names and what a returning visitor's
  // browser already holds, so renaming it (and forgetting every stored choice) must be deliberate.
  it('is the key docs/product.md names', () => {
    expect(COOKIE_STORAGE_KEY).toBe('fracture_cookie_consent');
  });
});

describe('parseStoredPreferences', () => {
  it('reads a saved choice and forces strictly on', () => {
    expect(parseStoredPreferences('{"strictly":false,"analytics":true,"advertising":false}')).toEqual({
      strictly: true,
      analytics: true,
      advertising: false,
    });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{analytics:true'],
    ['JSON null', 'null'],
    ['a bare boolean', 'true'],
    ['missing advertising', '{"analytics":true}'],
    ['a string flag', '{"analytics":"yes","advertising":false}'],
    ['an array', '[true,true]'],
  ])('treats %s as absent', (_, raw) => {
    expect(parseStoredPreferences(raw)).toBeNull();
  });

  it('round-trips what it serializes', () => {
    for (const prefs of [ACCEPT_ALL, REJECT_ALL, { strictly: true as const, analytics: false, advertising: true }]) {
      expect(parseStoredPreferences(serializePreferences(prefs))).toEqual(prefs);
    }
  });
});

describe('consentReducer', () => {
  it('starts unmounted with everything closed, so server HTML never holds the banner', () => {
    expect(INITIAL_CONSENT).toEqual({ mounted: false, preferences: null, bannerOpen: false, dialogOpen: false });
  });

  it('shows the banner on mount only when no valid choice is stored', () => {
    expect(mounted(null).bannerOpen).toBe(true);
    expect(mounted('garbage').bannerOpen).toBe(true);
    expect(mounted('{"analytics":false,"advertising":false}').bannerOpen).toBe(false);
  });

  it('closes banner and dialog on any save and always stores strictly as true', () => {
    const open = consentReducer(mounted(null), { type: 'dialogOpened' });
    expect(open).toMatchObject({ bannerOpen: true, dialogOpen: true });
    const saved = consentReducer(open, { type: 'saved', preferences: { analytics: true, advertising: false } });
    expect(saved).toEqual({
      mounted: true,
      preferences: { strictly: true, analytics: true, advertising: false },
      bannerOpen: false,
      dialogOpen: false,
    });
  });

  it('dismissing the banner saves nothing', () => {
    const dismissed = consentReducer(mounted(null), { type: 'bannerDismissed' });
    expect(dismissed.bannerOpen).toBe(false);
    expect(dismissed.preferences).toBeNull();
  });

  it('closing the dialog keeps the stored choice and the banner state', () => {
    const state = consentReducer(consentReducer(mounted(null), { type: 'dialogOpened' }), { type: 'dialogClosed' });
    expect(state).toMatchObject({ dialogOpen: false, bannerOpen: true, preferences: null });
  });

  it('the dialog can be opened again after a save (footer Privacy Choices)', () => {
    const saved = consentReducer(mounted(null), { type: 'saved', preferences: REJECT_ALL });
    expect(consentReducer(saved, { type: 'dialogOpened' })).toMatchObject({
      dialogOpen: true,
      bannerOpen: false,
      preferences: REJECT_ALL,
    });
  });
});
