// Where finished files are kept: the origin-private file system (OPFS), one folder per tab under
// RESULTS_DIR, which the engine worker writes each output into (OutputPlace.path). Chromium keeps
// those files on disk, where a private window keeps Blobs in memory only, so a batch of large files
// fits there too. The space goes when a file is removed or the list cleared, once "Download All as
// ZIP" has been downloaded (useResults.ts's releaseResults, told by the service worker), when the
// page is hidden for good (pagehide, unless a ZIP download still streams from them), and, for tabs that crashed, at the next start-up: each tab
// holds a Web Lock named after its folder for as long as it lives, and folders whose lock nobody
// holds are swept.

import { randomName } from './bytes.ts';

export const RESULTS_DIR = 'fracture-results';
const LOCK_PREFIX = 'fracture-results:';

export interface ResultStore {
  /** The OPFS path the engine writes file `id`'s output to. */
  pathFor(id: number): string[];
  /** Removes file `id`'s output (its File stops being readable). */
  release(id: number): Promise<void>;
  /** Removes every output of this tab. */
  releaseAll(): Promise<void>;
}

type Entries = { keys(): AsyncIterable<string> };

/** ZIP downloads the service worker is still streaming from this tab's results. */
let streamingDownloads = 0;

/**
 * Keeps this tab's results on disk until `ended` settles, even when the page goes away meanwhile:
 * the service worker may still be streaming a ZIP from them (the folder is then swept at a later
 * start-up, as a crashed tab's).
 */
export function keepWhileStreaming(ended: Promise<unknown>): void {
  streamingDownloads++;
  void ended.finally(() => {
    streamingDownloads--;
  });
}

/** Removes the folders of tabs that no longer hold their lock (closed or crashed), except `keep`. */
export async function sweep(results: FileSystemDirectoryHandle, keep: string): Promise<void> {
  const { held = [] } = await navigator.locks.query();
  const alive = new Set(held.map((lock) => lock.name));
  const stale: string[] = [];
  for await (const name of (results as unknown as Entries).keys()) {
    if (name !== keep && !alive.has(LOCK_PREFIX + name)) stale.push(name);
  }
  await Promise.all(stale.map((name) => results.removeEntry(name, { recursive: true }).catch(() => undefined)));
}

async function open(): Promise<ResultStore> {
  const tab = randomName();
  // Held until the page goes away; granted at once, as the name is new.
  await new Promise<void>((granted, refused) => {
    navigator.locks
      .request(LOCK_PREFIX + tab, () => {
        granted();
        return new Promise<never>(() => {});
      })
      .catch(refused);
  });
  const root = await navigator.storage.getDirectory();
  const results = await root.getDirectoryHandle(RESULTS_DIR, { create: true });
  await sweep(results, tab);
  const own = () => results.getDirectoryHandle(tab, { create: true });
  addEventListener('pagehide', (event: PageTransitionEvent) => {
    // A page kept in the back/forward cache may come back with its results; a ZIP still streaming
    // from them keeps them.
    if (!event.persisted && streamingDownloads === 0)
      void results.removeEntry(tab, { recursive: true }).catch(() => undefined);
  });
  return {
    pathFor: (id) => [RESULTS_DIR, tab, String(id)],
    release: async (id) => {
      await (await own()).removeEntry(String(id)).catch(() => undefined);
    },
    releaseAll: async () => {
      await results.removeEntry(tab, { recursive: true }).catch(() => undefined);
    },
  };
}

let opened: Promise<ResultStore | string> | undefined;

/**
 * This tab's store, opened (and the leftovers swept) on first use; or, where the browser offers no
 * origin-private file system or Web Locks here, the reason, for the message shown instead.
 */
export function resultStore(): Promise<ResultStore | string> {
  opened ??= (async () => {
    if (typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function' || !navigator.locks)
      return 'this browser offers no private file storage here';
    try {
      return await open();
    } catch (error) {
      return error instanceof Error && error.message ? error.message : 'the private file storage could not be opened';
    }
  })();
  return opened;
}
