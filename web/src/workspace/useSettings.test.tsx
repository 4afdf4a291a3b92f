// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOutputsModule } from '../../../lib/engine/host-module/node.ts';
import { type LinkedFile, type LinkedSettings, linkOf } from './links.ts';
import { INTENSITY, useSettings } from './useSettings.ts';

const outputs = await loadOutputsModule();
/** A share link as fracture-host makes it (links.ts). */
const shareLink = (settings: LinkedSettings, file?: LinkedFile) => linkOf(outputs, settings, file);

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

  it('takes every setting of a share link, and says what it loaded', async () => {
    const options = {
      mode: 'bit_rot',
      intensity: 12,
      seed: 99,
      ranges: ['only png:IDAT/data', 'protect 0:8'],
      fixChecksums: true,
      member: 'word/*',
    };
    const link = new URL(shareLink(options, { name: 'a.png', size: 9 }));
    const { result } = settingsAt({ search: link.search });
    await waitFor(() => expect(result.current.link).toBeDefined());
    expect(result.current.algorithm).toBe('bit_rot');
    expect(result.current.intensity).toBe(12);
    expect(result.current.seed).toBe(99);
    expect(result.current.rangesText).toBe('only png:IDAT/data, protect 0:8');
    expect(result.current.fixChecksums).toBe(true);
    expect(result.current.memberText).toBe('word/*');
    expect(result.current.link).toMatchObject({ kind: 'loaded', file: { name: 'a.png', size: 9 } });
    expect(result.current.linkHolds).toBe(true);
    expect(toasts.map((t) => t.title)).toContain('Settings loaded from link');
    act(() => result.current.setIntensity(13));
    expect(result.current.linkHolds).toBe(false);
  });

  it('applies nothing of a link it cannot honour, and says why', async () => {
    const link = new URL(shareLink({ mode: 'truncate_insert', intensity: 0, seed: 99 }, { name: 'a.bin', size: 1 }));
    const { result } = settingsAt({ search: link.search });
    await waitFor(() => expect(result.current.link).toBeDefined());
    expect(result.current.intensity).toBe(80);
    expect(result.current.seed).toBe(42);
    expect(result.current.algorithm).not.toBe('cut_replace');
    expect(result.current.link).toEqual({
      kind: 'refused',
      problems: ["intensity 0 (the workspace's Intensity starts at 1)"],
      command: 'fracture --mode truncate_insert --intensity 0 --seed 99 a.bin',
      file: { name: 'a.bin', size: 1 },
    });
    expect(toasts.map((t) => t.title)).toContain('Share link not applied');
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
    expect(copied).toEqual([shareLink({ mode: 'shuffle_blocks', intensity: 55, seed: 42, fixChecksums: false })]);
    await act(() => result.current.copyShareLink({ name: 'x.bin', size: 5 }));
    expect(copied[1]).toBe(`${shareLink({ mode: 'shuffle_blocks', intensity: 55, seed: 42 })}&file=x.bin&size=5`);
  });
});
