// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../lib/engine/shared/types.ts';
import type { WorkspaceHost } from './host.ts';
import type { Finished } from './results.ts';
import type { WorkspaceAction } from './state.ts';
import type { ResultStore } from './storage.ts';
import { fakeEngine } from './testing/fake-engine.ts';
import { useSelection } from './useSelection.ts';
import { ZipReads } from './zip-reads.ts';

afterEach(cleanup);

/** A host whose store records what it was asked to let go. */
function storingHost() {
  const released: number[] = [];
  let all = 0;
  const store: ResultStore = {
    pathFor: (id) => ['fracture-results', 'tab', String(id)],
    release: async (id) => void released.push(id),
    releaseAll: async () => void all++,
  };
  const host: WorkspaceHost = {
    corrupt: fakeEngine().corrupt,
    preload: vi.fn(),
    resultStore: vi.fn(async () => store),
  };
  return { host, released, releasedAll: () => all };
}

const files = (...names: string[]) => names.map((n) => new File([n], n));

/** Marks file `id` done, as a finished run would. */
function finish(dispatch: (action: WorkspaceAction) => void, id: number) {
  const report = { filename: `${id}` } as Report;
  dispatch({ type: 'completed', id, result: { report, seed: id, blob: new Blob(['x']) } });
}

describe('useSelection', () => {
  it('adds files in order, loading the engine and opening the store with them', () => {
    const { host } = storingHost();
    const { result } = renderHook(() => useSelection(host, new ZipReads()));
    act(() => result.current.addFiles(files('a.bin', 'b.bin')));
    expect(result.current.state.items.map((f) => [f.id, f.file.name])).toEqual([
      [1, 'a.bin'],
      [2, 'b.bin'],
    ]);
    expect(host.preload).toHaveBeenCalledTimes(1);
    expect(host.resultStore).toHaveBeenCalled();
    expect(result.current.now()).toBe(result.current.state);
  });

  it('removing a file lets go of its stored result', async () => {
    const { host, released } = storingHost();
    const { result } = renderHook(() => useSelection(host, new ZipReads()));
    act(() => result.current.addFiles(files('a.bin', 'b.bin')));
    act(() => result.current.removeFile(2));
    expect(result.current.state.items.map((f) => f.id)).toEqual([1]);
    await waitFor(() => expect(released).toEqual([2]));
  });

  it('a result a ZIP download still reads is let go only when that download ends', async () => {
    const { host, released } = storingHost();
    const zipReads = new ZipReads();
    const { result } = renderHook(() => useSelection(host, zipReads));
    act(() => result.current.addFiles(files('a.bin')));
    act(() => finish(result.current.dispatch, 1));
    const done = result.current.state.items as Finished[];
    zipReads.read(done, 1);
    act(() => result.current.removeFile(1));
    await Promise.resolve();
    expect(released).toEqual([]);
    expect(zipReads.read(done, -1)).toEqual([1]);
  });

  it('clearing lets go of every stored result at once when no ZIP download is under way', async () => {
    const { host, releasedAll } = storingHost();
    const { result } = renderHook(() => useSelection(host, new ZipReads()));
    act(() => result.current.addFiles(files('a.bin', 'b.bin')));
    act(() => result.current.clearFiles());
    expect(result.current.state.items).toEqual([]);
    await waitFor(() => expect(releasedAll()).toBe(1));
  });

  it('works on a host without a result store (results in memory)', () => {
    const host: WorkspaceHost = { corrupt: fakeEngine().corrupt };
    const { result } = renderHook(() => useSelection(host, new ZipReads()));
    act(() => result.current.addFiles(files('a.bin')));
    act(() => result.current.removeFile(1));
    act(() => result.current.clearFiles());
    expect(result.current.state.items).toEqual([]);
  });
});
