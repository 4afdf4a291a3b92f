// What the workspace runs on, named rather than guessed: the engine, whether its heavy parts load
// ahead of use, where results are kept, and what background work waits for a run. The page runs on
// browserHost; tests pass a host of their own (an engine stand-in, no preloading, results in memory).
import { holdOfflineCache } from '../site/offline/registerServiceWorker.ts';
import { corrupt } from './engine.ts';
import { preloadWorkspace } from './heavy.ts';
import type { CorruptFn } from './run.ts';
import { type ResultStore, resultStore } from './storage.ts';

export interface WorkspaceHost {
  corrupt: CorruptFn;
  /** Loads the engine's heavy parts before the first run (when idle, or with the first file). */
  preload?: () => void;
  /**
   * This tab's store of results in the origin-private file system, or why it cannot be had. Absent:
   * results stay in memory as Blobs and nothing is stored or released.
   */
  resultStore?: () => Promise<ResultStore | string>;
  /**
   * Holds the page's background work (the offline cache's install) while a run goes on; returns the
   * release. Absent: nothing is held.
   */
  hold?: () => () => void;
}

export const browserHost: WorkspaceHost = {
  corrupt,
  preload: preloadWorkspace,
  resultStore,
  hold: holdOfflineCache,
};

/** The host's store when it has one that opened; undefined otherwise. */
export async function openedStore(host: WorkspaceHost): Promise<ResultStore | undefined> {
  const store = await host.resultStore?.();
  return typeof store === 'object' ? store : undefined;
}

/** Removes the stored results of files `ids` (their files in the origin-private file system). */
export async function releaseStored(host: WorkspaceHost, ids: readonly number[]): Promise<void> {
  const store = await openedStore(host);
  if (store) await Promise.all(ids.map((id) => store.release(id)));
}
