// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceHost } from './host.ts';
import type { ResultStore } from './storage.ts';
import { fakeEngine } from './testing/fake-engine.ts';
import { KEPT_IN_MEMORY, useRun } from './useRun.ts';
import { useSelection } from './useSelection.ts';
import { useSettings } from './useSettings.ts';
import { ZipReads } from './zip-reads.ts';

const toasts = vi.hoisted(() => [] as { title: string; variant?: string }[]);
vi.mock('../ui/toast.tsx', () => ({ toast: (input: { title: string }) => toasts.push(input) }));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

function useRunOn(host: WorkspaceHost) {
  const [zipReads] = useState(() => new ZipReads());
  const selection = useSelection(host, zipReads);
  const settings = useSettings(1000);
  const run = useRun(host, selection, settings.now);
  return { selection, settings, run };
}

const files = (...names: string[]) => names.map((n) => new File([n], n));

beforeAll(() => {
  window.__FRACTURE_SKIP_STAGE_DELAYS__ = true;
});
afterAll(() => {
  window.__FRACTURE_SKIP_STAGE_DELAYS__ = undefined;
});
beforeEach(() => {
  toasts.length = 0;
});
afterEach(cleanup);

describe('useRun', () => {
  it('says so and runs nothing when no file is chosen', async () => {
    const engine = fakeEngine();
    const { result } = renderHook(() => useRunOn({ corrupt: engine.corrupt }), { wrapper });
    await act(() => result.current.run.start());
    expect(engine.calls).toEqual([]);
    expect(toasts).toEqual([expect.objectContaining({ title: 'No files selected', variant: 'destructive' })]);
    expect(result.current.run.lastRun()).toBeNull();
  });

  it('runs each file with the chosen mode and master seed + i, and keeps the run settings', async () => {
    const engine = fakeEngine();
    const { result } = renderHook(() => useRunOn({ corrupt: engine.corrupt }), { wrapper });
    act(() => result.current.settings.setAlgorithm('cut_replace'));
    act(() => result.current.settings.setIntensity(30));
    act(() => result.current.selection.addFiles(files('a.bin', 'b.bin')));
    await act(() => result.current.run.start());
    expect(engine.calls.map((c) => [c.name, c.options.mode, c.options.intensity, c.options.seed])).toEqual([
      ['a.bin', 'truncate_insert', 30, 1000],
      ['b.bin', 'truncate_insert', 30, 1001],
    ]);
    expect(result.current.selection.state.items.every((f) => f.result !== undefined)).toBe(true);
    expect(result.current.selection.state.busy).toBe(false);
    expect(result.current.run.lastRun()).toEqual({ mode: 'truncate_insert', intensity: 30, masterSeed: 1000 });
    expect(toasts.map((t) => t.title)).toContain('Done. Files saved locally.');
  });

  it('refuses to start while the byte ranges do not read, for a mode that takes them', async () => {
    const engine = fakeEngine();
    const { result } = renderHook(() => useRunOn({ corrupt: engine.corrupt }), { wrapper });
    act(() => result.current.settings.setAlgorithm('quick_scramble'));
    act(() => result.current.settings.setRangesText('only 9:1'));
    act(() => result.current.selection.addFiles(files('a.bin')));
    await act(() => result.current.run.start());
    expect(engine.calls).toEqual([]);
    expect(toasts.at(-1)).toMatchObject({ title: 'Check the byte ranges', variant: 'destructive' });
  });

  it("passes each file's place in the host's store beside, not among, the engine options", async () => {
    const engine = fakeEngine();
    const store: ResultStore = {
      pathFor: (id) => ['fracture-results', 'tab', String(id)],
      release: async () => undefined,
      releaseAll: async () => undefined,
    };
    const host: WorkspaceHost = { corrupt: engine.corrupt, resultStore: async () => store };
    const { result } = renderHook(() => useRunOn(host), { wrapper });
    act(() => result.current.selection.addFiles(files('a.bin')));
    await act(() => result.current.run.start());
    expect(engine.calls[0].place).toEqual({ path: ['fracture-results', 'tab', '1'] });
    expect(engine.calls[0].options).not.toHaveProperty('store');
  });

  it("holds the host's background work from before the first file until the run ends, failures too", async () => {
    const engine = fakeEngine();
    const events: string[] = [];
    const host: WorkspaceHost = {
      corrupt: async (...args) => {
        events.push(`corrupt ${args[1]}`);
        if (args[1] === 'bad.bin') throw new Error('broken');
        return engine.corrupt(...args);
      },
      hold: () => {
        events.push('hold');
        return () => events.push('release');
      },
    };
    const { result } = renderHook(() => useRunOn(host), { wrapper });
    act(() => result.current.selection.addFiles(files('a.bin', 'bad.bin')));
    await act(() => result.current.run.start());
    // bad.bin fails, is retried in guaranteed_break and fails again; the hold ends after that.
    expect(events).toEqual(['hold', 'corrupt a.bin', 'corrupt bad.bin', 'corrupt bad.bin', 'release']);
    expect(result.current.selection.state.busy).toBe(false);
  });

  it('says why results stay in memory when the store cannot be had', async () => {
    const engine = fakeEngine();
    const host: WorkspaceHost = { corrupt: engine.corrupt, resultStore: async () => 'no room' };
    const { result } = renderHook(() => useRunOn(host), { wrapper });
    act(() => result.current.selection.addFiles(files('a.bin')));
    await act(() => result.current.run.start());
    expect(engine.calls[0].place).toBeUndefined();
    expect(toasts[0]).toMatchObject({ title: KEPT_IN_MEMORY });
    expect(toasts[0]).toHaveProperty('description', expect.stringContaining('no room'));
  });
});
