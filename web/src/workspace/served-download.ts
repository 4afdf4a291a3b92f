// "Download All as ZIP" through the site's service worker (web/scripts/service-worker.mjs), so the
// page learns when the browser has every byte: the page hands the worker the archive's Blob over a
// MessageChannel, a hidden frame asks for DOWNLOAD_PATH + id, and the worker answers with the Blob's
// bytes as an attachment, read only as fast as the browser takes them. The end of that stream says
// the download has the whole archive, and only then may the stored results it was made of go
// (storage.ts). Without a controlling service worker (the first seconds of a first visit, a forced
// reload, the dev server) nothing is started here and the caller downloads the Blob as before.

import { randomName } from './bytes.ts';

/** Where the service worker answers downloads; the same text is in service-worker.mjs. */
export const DOWNLOAD_PATH = '/__download/';
/** The message type the service worker takes a download under; the same text is in service-worker.mjs. */
export const DOWNLOAD_MESSAGE = 'fracture-download';

/** Sent while a download runs, so the browser does not stop the worker as idle; also in service-worker.mjs. */
export const KEEP_ALIVE_MESSAGE = 'fracture-download-alive';
/** How often: well inside the 30 seconds after which Chromium stops an idle service worker. */
export const KEEP_ALIVE_MS = 10_000;

/**
 * How a served download ended: every byte taken, cancelled by the user or the browser, failed, or
 * never served (the frame got a page instead, and nothing was downloaded).
 */
export type DownloadEnd = 'done' | 'cancelled' | 'failed' | 'unserved';

/** The worker answers 'ready' at once; one that does not (an older version) is not waited for. */
const READY_WITHIN_MS = 2000;

interface WorkerReply {
  type: 'ready' | DownloadEnd;
}

/** A download the service worker serves, and how it ends. */
export interface ServedDownload {
  ended: Promise<DownloadEnd>;
}

/**
 * Starts downloading `blob` as `name` through the service worker; undefined when no service worker
 * serves downloads here, and nothing was started.
 */
export async function serveDownload(blob: Blob, name: string): Promise<ServedDownload | undefined> {
  const worker = typeof navigator === 'undefined' ? null : (navigator.serviceWorker?.controller ?? null);
  if (!worker) return undefined;
  const id = randomName();
  const channel = new MessageChannel();
  let ready!: (ok: boolean) => void;
  const answered = new Promise<boolean>((resolve) => {
    ready = resolve;
  });
  let finish!: (end: DownloadEnd) => void;
  const ended = new Promise<DownloadEnd>((resolve) => {
    finish = (end) => {
      channel.port1.close();
      resolve(end);
    };
  });
  channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => {
    const { type } = event.data;
    if (type === 'ready') ready(true);
    else finish(type);
  };
  const timer = setTimeout(() => ready(false), READY_WITHIN_MS);
  worker.postMessage({ type: DOWNLOAD_MESSAGE, id, name, blob }, [channel.port2]);
  const ok = await answered;
  clearTimeout(timer);
  if (!ok) {
    channel.port1.close();
    return undefined;
  }
  // A navigation the worker answers with an attachment becomes a download; the frame shows nothing.
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Download';
  frame.src = DOWNLOAD_PATH + encodeURIComponent(id);
  // A download leaves the frame empty; a page loading in it means the worker did not serve the
  // download (replaced meanwhile, say): nothing was downloaded.
  frame.addEventListener('load', () => finish('unserved'));
  document.body.append(frame);
  // A download can outlast the worker's idle limit (a slow disk, a Save As dialog left open).
  const alive = setInterval(() => worker.postMessage({ type: KEEP_ALIVE_MESSAGE }), KEEP_ALIVE_MS);
  return {
    ended: ended.finally(() => {
      clearInterval(alive);
      frame.remove();
    }),
  };
}
