// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { corruptedName } from '../../../lib/engine/shared/names.ts';
import type { WorkspaceHost } from './host.ts';
import type { DownloadEnd } from './served-download.ts';
import { fakeEngine } from './testing/fake-engine.ts';
import { useResults, ZIP_READY } from './useResults.ts';
import { useRun } from './useRun.ts';
import { useSelection } from './useSelection.ts';
import { useSettings } from './useSettings.ts';
import { ZipReads } from './zip-reads.ts';

const toasts = vi.hoisted(() => [] as { title: string; variant?: string }[]);
vi.mock('../ui/toast.tsx', () => ({ toast: (input: { title: string }) => toasts.push(input) }));
// Downloads and the clipboard are recorded, not made (jsdom has neither).
const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
const copied = vi.hoisted(() => [] as string[]);
vi.mock('./bytes.ts', async (original) => ({
  ...(await original<typeof import('./bytes.ts')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
  copyText: async (text: string) => void copied.push(text),
}));
// The archive itself is tested end to end (tests/e2e, lib/zip); here only what the hook does with it.
vi.mock('./batch.ts', () => ({
  batchArchive: async () => ({ blob: new Blob(['zip']), name: 'session.zip' }),
}));
// Whether a service worker serves the ZIP, and how its download ends.
const serving = vi.hoisted(() => ({ end: undefined as Promise<DownloadEnd> | undefined }));
vi.mock('./served-download.ts', () => ({
  serveDownload: async () => (serving.end ? { ended: serving.end } : undefined),
}));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

function useResultsOn(host: WorkspaceHost) {
  const [zipReads] = useState(() => new ZipReads());
  const selection = useSelection(host, zipReads);
  const settings = useSettings(7);
  const run = useRun(host, selection, settings.now);
  const results = useResults({ host, selection, settings: settings.now, lastRun: run.lastRun, zipReads });
  return { selection, run, results };
}

/** A workspace with `names` run through the fake engine. */
async function finished(...names: string[]) {
  const engine = fakeEngine();
  const hook = renderHook(() => useResultsOn({ corrupt: engine.corrupt }), { wrapper });
  act(() => hook.result.current.selection.addFiles(names.map((n) => new File([n], n))));
  await act(() => hook.result.current.run.start());
  toasts.length = 0;
  return { ...hook, engine };
}

const bytes = async (blob: Blob) => Array.from(new Uint8Array(await blob.arrayBuffer()));

beforeAll(() => {
  window.__FRACTURE_SKIP_STAGE_DELAYS__ = true;
});
afterAll(() => {
  window.__FRACTURE_SKIP_STAGE_DELAYS__ = undefined;
});
beforeEach(() => {
  toasts.length = 0;
  saved.length = 0;
  copied.length = 0;
  serving.end = undefined;
});
afterEach(cleanup);

describe('useResults', () => {
  it('says there is nothing to put in a ZIP before any file is processed', async () => {
    const { result } = renderHook(() => useResultsOn({ corrupt: fakeEngine().corrupt }), { wrapper });
    await act(() => result.current.results.downloadZip());
    expect(saved).toEqual([]);
    expect(toasts).toEqual([expect.objectContaining({ title: 'No processed files', variant: 'destructive' })]);
  });

  it('saves one result under its corrupted name', async () => {
    const { result } = await finished('a.txt');
    await act(() => result.current.results.downloadFile(1));
    expect(saved.map((s) => s.name)).toEqual([corruptedName('a.txt')]);
    expect(await bytes(saved[0].blob)).toEqual(Array.from(new TextEncoder().encode('a.txt'), (b) => b ^ 0xff));
  });

  it('copies a report with the fields the page adds (replay, share link)', async () => {
    const { result } = await finished('a.txt');
    const report = result.current.selection.state.items[0].result!.report;
    await act(() => result.current.results.copyReport(report));
    const copiedReport = JSON.parse(copied[0]);
    expect(copiedReport.filename).toBe('a.txt');
    expect(copiedReport).toHaveProperty('share_link');
    expect(copiedReport).toHaveProperty('replay');
  });

  it('saves the ZIP the plain way where no service worker serves it, keeping the results', async () => {
    const { result } = await finished('a.txt', 'b.txt');
    await act(() => result.current.results.downloadZip());
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(/\.zip$/);
    expect(toasts.map((t) => t.title)).toEqual(['ZIP download started']);
    expect(result.current.selection.state.items.every((f) => f.result?.blob)).toBe(true);
    expect(result.current.results.zipping).toBe(false);
  });

  it('lets go of the results once a served ZIP has every byte, and makes one again when asked', async () => {
    const { result, engine } = await finished('a.txt');
    const before = await bytes(result.current.selection.state.items[0].result!.blob!);
    let end!: (how: DownloadEnd) => void;
    serving.end = new Promise((resolve) => {
      end = resolve;
    });
    await act(() => result.current.results.downloadZip());
    expect(result.current.selection.state.items[0].result?.blob).toBeDefined();
    await act(async () => end('done'));
    await waitFor(() => expect(result.current.selection.state.items[0].result?.blob).toBeUndefined());
    expect(toasts.map((t) => t.title)).toContain(ZIP_READY);
    const runs = engine.calls.length;
    await act(() => result.current.results.downloadFile(1));
    expect(engine.calls.length).toBe(runs + 1);
    expect(await bytes(saved.at(-1)!.blob)).toEqual(before);
  });

  it('keeps the results when the served ZIP download is cancelled', async () => {
    const { result } = await finished('a.txt');
    serving.end = Promise.resolve('cancelled');
    await act(() => result.current.results.downloadZip());
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('ZIP download cancelled'));
    expect(result.current.selection.state.items[0].result?.blob).toBeDefined();
  });
});
