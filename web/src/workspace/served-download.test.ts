// @vitest-environment jsdom
// The page's side of a download served by the service worker (the worker's side runs in Chromium:
// tests/e2e/workspace-storage.spec.ts). A stand-in controller answers over the MessageChannel.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DOWNLOAD_MESSAGE,
  DOWNLOAD_PATH,
  KEEP_ALIVE_MESSAGE,
  KEEP_ALIVE_MS,
  serveDownload,
} from './served-download.ts';

type Reply = { type: string };

/** A controller that answers each download with `replies`, in order. */
function controller(replies: Reply[]) {
  const posted: { type: string; id: string; name: string; blob: Blob }[] = [];
  const ports: MessagePort[] = [];
  const alive = { count: 0 };
  const worker = {
    postMessage(message: (typeof posted)[number], transfer?: MessagePort[]) {
      if (message.type === KEEP_ALIVE_MESSAGE) {
        alive.count++;
        return;
      }
      if (!transfer) throw new Error(`${message.type} came without its port`);
      posted.push(message);
      ports.push(transfer[0]);
      for (const reply of replies) transfer[0].postMessage(reply);
    },
  };
  vi.stubGlobal('navigator', { serviceWorker: { controller: worker } });
  return { posted, ports, alive };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('serveDownload', () => {
  it('hands the Blob to the worker, opens its download in a hidden frame, and says when it ended', async () => {
    const blob = new Blob(['zip bytes']);
    const { posted, ports } = controller([{ type: 'ready' }]);
    const served = await serveDownload(blob, 'fracture_session.zip');
    expect(posted).toEqual([{ type: DOWNLOAD_MESSAGE, id: expect.any(String), name: 'fracture_session.zip', blob }]);
    const frame = document.querySelector('iframe')!;
    expect(frame.hidden).toBe(true);
    expect(frame.getAttribute('src')).toBe(DOWNLOAD_PATH + encodeURIComponent(posted[0].id));
    // The worker says the browser has every byte.
    ports[0].postMessage({ type: 'done' });
    expect(await served?.ended).toBe('done');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('keeps the worker awake while the download runs, and stops once it ended', async () => {
    vi.useFakeTimers();
    const { ports, alive } = controller([{ type: 'ready' }]);
    const served = await serveDownload(new Blob(['x']), 'a.zip');
    await vi.advanceTimersByTimeAsync(3 * KEEP_ALIVE_MS + 1);
    expect(alive.count).toBe(3);
    ports[0].postMessage({ type: 'done' });
    vi.useRealTimers();
    expect(await served?.ended).toBe('done');
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(3 * KEEP_ALIVE_MS);
    expect(alive.count).toBe(3);
  });

  it('takes a page loading in the frame for a download that did not happen', async () => {
    const { alive } = controller([{ type: 'ready' }]);
    const served = await serveDownload(new Blob(['x']), 'a.zip');
    document.querySelector('iframe')!.dispatchEvent(new Event('load'));
    expect(await served?.ended).toBe('unserved');
    expect(document.querySelector('iframe')).toBeNull();
    expect(alive.count).toBe(0);
  });

  it('reports a cancelled download as such', async () => {
    controller([{ type: 'ready' }, { type: 'cancelled' }]);
    const served = await serveDownload(new Blob(['x']), 'a.zip');
    expect(await served?.ended).toBe('cancelled');
  });

  it('starts nothing without a controlling service worker', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    expect(await serveDownload(new Blob(['x']), 'a.zip')).toBeUndefined();
    vi.stubGlobal('navigator', {});
    expect(await serveDownload(new Blob(['x']), 'a.zip')).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('starts nothing when the worker does not answer (an older version without downloads)', async () => {
    vi.useFakeTimers();
    controller([]);
    const served = serveDownload(new Blob(['x']), 'a.zip');
    await vi.advanceTimersByTimeAsync(2000);
    expect(await served).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
