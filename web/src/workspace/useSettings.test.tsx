// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from '../../../lib/report/host-fields.ts';
import { INTENSITY, useSettings } from './useSettings.ts';

const toasts = vi.hoisted(() => [] as { title: string; variant?: string }[]);
vi.mock('../ui/toast.tsx', () => ({ toast: (input: { title: string }) => toasts.push(input) }));
const copied = vi.hoisted(() => [] as string[]);
vi.mock('./bytes.ts', async (original) => ({
  ...(await original<typeof import('./bytes.ts')>()),
  copyText: async (text: string) => void copied.push(text),
}));

function settingsAt(entry: { search?: string; state?: unknown } = {}, initialSeed: number | undefined = 42) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/', search: entry.search ?? '', state: entry.state }]}>
      {children}
    </MemoryRouter>
  );
  return renderHook(() => useSettings(initialSeed), { wrapper });
}

beforeEach(() => {
  toasts.length = 0;
  copied.length = 0;
});
afterEach(cleanup);

describe('useSettings', () => {
  it('starts from the defaults and the seed it is given', () => {
    const { result } = settingsAt();
    expect(result.current.intensity).toBe(INTENSITY.default);
    expect(result.current.seed).toBe(42);
    expect(result.current.rangesField.ok).toBe(true);
  });

  it('draws a random seed after mount when given none', () => {
    const { result } = settingsAt({}, undefined);
    expect(result.current.seed).not.toBeNull();
    expect(Number.isSafeInteger(result.current.seed)).toBe(true);
  });

  it('clamps the intensity to 1..100 and rounds it', () => {
    const { result } = settingsAt();
    act(() => result.current.setIntensity(250));
    expect(result.current.intensity).toBe(100);
    act(() => result.current.setIntensity(0));
    expect(result.current.intensity).toBe(1);
    act(() => result.current.setIntensity(33.6));
    expect(result.current.intensity).toBe(34);
    act(() => result.current.setIntensity(Number.NaN));
    expect(result.current.intensity).toBe(INTENSITY.default);
  });

  it('says whether byte ranges apply to the chosen algorithm', () => {
    const { result } = settingsAt();
    act(() => result.current.setAlgorithm('quick_scramble'));
    expect(result.current.optionsApply).toBe(true);
    act(() => result.current.setAlgorithm('guaranteed_break'));
    expect(result.current.optionsApply).toBe(false);
  });

  it('refuses a seed that is not a whole number in range, and keeps the old one', () => {
    const { result } = settingsAt();
    let accepted = true;
    act(() => {
      accepted = result.current.applySeed('12abc');
    });
    expect(accepted).toBe(false);
    expect(result.current.seed).toBe(42);
    expect(toasts.at(-1)).toMatchObject({ title: 'Invalid seed', variant: 'destructive' });
    act(() => {
      accepted = result.current.applySeed('9007199254740991');
    });
    expect(accepted).toBe(true);
    expect(result.current.seed).toBe(9007199254740991);
  });

  it('now() gives the latest settings, for commands that run after awaits', () => {
    const { result } = settingsAt();
    const now = result.current.now;
    act(() => result.current.setIntensity(17));
    expect(now().intensity).toBe(17);
    expect(result.current.now).toBe(now);
  });

  it('takes the settings of a share link, naming what it loaded and what it ignored', () => {
    const link = new URL(shareLink({ mode: 'truncate_insert', intensity: 12, seed: 99 }));
    const { result } = settingsAt({ search: `${link.search}&intensity=300` });
    expect(result.current.algorithm).toBe('cut_replace');
    expect(result.current.seed).toBe(99);
    expect(toasts.map((t) => t.title)).toContain('Settings loaded from link');
  });

  it('takes the algorithm a mode page asks for', () => {
    const { result } = settingsAt({ state: { scrollTo: 'upload', algorithm: 'stealth_corruption' } });
    expect(result.current.algorithm).toBe('stealth_corruption');
  });

  it('copies a share link that reads back to the current settings', async () => {
    const { result } = settingsAt();
    act(() => result.current.setAlgorithm('jumble_sections'));
    act(() => result.current.setIntensity(55));
    await act(() => result.current.copyShareLink());
    expect(copied).toEqual([shareLink({ mode: 'shuffle_blocks', intensity: 55, seed: 42 })]);
  });
});
