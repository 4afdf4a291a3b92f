// The service worker's downloads (service-worker.mjs), run in a bare context with stand-ins for the
// worker's globals: the answer carries the Blob's bytes as an attachment, and the page hears how the
// download ended only when the browser has read the last byte, cancelled it, or never asked.
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_MESSAGE, DOWNLOAD_PATH, KEEP_ALIVE_MESSAGE } from '../src/workspace/served-download.ts';
import { serviceWorkerSource } from './service-worker.mjs';

const ORIGIN = 'https://fracture.test';

type Listener = (event: unknown) => void;

function startWorker() {
  const listeners: Record<string, Listener[]> = {};
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: Listener) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
  };
  const source = serviceWorkerSource({ version: 'test', pages: [], assets: [], notFound: '/404.html' });
  runInNewContext(source, {
    self,
    Blob,
    ReadableStream,
    Response,
    URL,
    setTimeout,
    clearTimeout,
    Promise,
    Map,
    String,
    encodeURIComponent,
    decodeURIComponent,
    // The offline cache, empty, and the network, for the requests that are not downloads.
    caches: { open: async () => ({ match: async () => undefined }) },
    fetch: async (request: Request) => new Response(`network: ${new URL(request.url).pathname}`),
  });
  const emit = (type: string, event: unknown) => {
    for (const fn of listeners[type] ?? []) fn(event);
  };
  return {
    /** Hands the worker a download; returns what the page's end of the channel hears. */
    hand(id: string, name: string, blob: Blob) {
      const channel = new MessageChannel();
      const heard: string[] = [];
      channel.port1.onmessage = (e: MessageEvent<{ type: string }>) => heard.push(e.data.type);
      const lifetimes: Promise<unknown>[] = [];
      emit('message', {
        data: { type: DOWNLOAD_MESSAGE, id, name, blob },
        ports: [channel.port2],
        waitUntil: (p: Promise<unknown>) => lifetimes.push(p),
      });
      return { heard, lifetime: lifetimes[0], close: () => channel.port1.close() };
    },
    keepAlive() {
      emit('message', { data: { type: KEEP_ALIVE_MESSAGE }, ports: [], waitUntil: () => undefined });
    },
    /** What the worker answers for `path`, or undefined when it leaves the request alone. */
    fetch(path: string): Promise<Response> | undefined {
      let answer: Promise<Response> | Response | undefined;
      emit('fetch', {
        request: new Request(ORIGIN + path, { mode: 'same-origin' }),
        respondWith: (r: Promise<Response> | Response) => {
          answer = r;
        },
      });
      return answer === undefined ? undefined : Promise.resolve(answer);
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

afterEach(() => vi.useRealTimers());

describe('the service worker serves a ZIP download', () => {
  it('uses the names the page uses', () => {
    const source = serviceWorkerSource({ version: 'test', pages: [], assets: [], notFound: '/404.html' });
    expect(source).toContain(`const DOWNLOAD_PATH = '${DOWNLOAD_PATH}';`);
    expect(source).toContain(`const DOWNLOAD_MESSAGE = '${DOWNLOAD_MESSAGE}';`);
    expect(source).toContain(`const KEEP_ALIVE_MESSAGE = '${KEEP_ALIVE_MESSAGE}';`);
  });

  it('holds its event open until the browser asks for the download, not until the download ends', async () => {
    const worker = startWorker();
    const page = worker.hand('life', 'a.zip', new Blob([new Uint8Array(1 << 20)]));
    let asked = false;
    void page.lifetime.then(() => {
      asked = true;
    });
    await settle();
    expect(asked).toBe(false);
    const response = (await worker.fetch(`${DOWNLOAD_PATH}life`))!;
    await settle();
    expect(asked).toBe(true);
    expect(page.heard).toEqual(['ready']);
    await response.arrayBuffer();
    await settle();
    expect(page.heard).toEqual(['ready', 'done']);
    // The page's keep-alive messages are taken quietly.
    expect(() => worker.keepAlive()).not.toThrow();
  });

  it('answers with the bytes as an attachment, and says "done" only after the last byte was read', async () => {
    const worker = startWorker();
    const bytes = new Uint8Array(3 * 65536 + 17).map((_, i) => i * 7);
    const page = worker.hand(
      'abc',
      'fracture_session_20261123-120000.zip',
      new Blob([bytes], { type: 'application/zip' }),
    );
    await settle();
    expect(page.heard).toEqual(['ready']);
    const response = (await worker.fetch(`${DOWNLOAD_PATH}abc`))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="fracture_session_20261123-120000.zip"; filename*=UTF-8''fracture_session_20261123-120000.zip`,
    );
    // Nothing is read ahead of the browser: not done before the body is read.
    await settle();
    expect(page.heard).toEqual(['ready']);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    await settle();
    expect(page.heard).toEqual(['ready', 'done']);
    // Served once: asked again, it is gone.
    expect((await worker.fetch(`${DOWNLOAD_PATH}abc`))!.status).toBe(404);
  });

  it('says "cancelled" when the browser stops reading', async () => {
    const worker = startWorker();
    const page = worker.hand('x1', 'a.zip', new Blob([new Uint8Array(1 << 20)]));
    const response = (await worker.fetch(`${DOWNLOAD_PATH}x1`))!;
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await settle();
    expect(page.heard).toEqual(['ready', 'cancelled']);
  });

  it('names a file with other characters in both forms', async () => {
    const worker = startWorker();
    worker.hand('n', 'résumé (1)*"x".zip', new Blob(['z']));
    const response = (await worker.fetch(`${DOWNLOAD_PATH}n`))!;
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ (1)*_x_.zip"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%281%29%2A%22x%22.zip`,
    );
  });

  it('says "failed" for a download never asked for within a minute', async () => {
    vi.useFakeTimers();
    const worker = startWorker();
    const page = worker.hand('late', 'a.zip', new Blob(['z']));
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    await settle();
    expect(page.heard).toEqual(['ready', 'failed']);
    expect((await worker.fetch(`${DOWNLOAD_PATH}late`))!.status).toBe(404);
  });

  it('leaves other messages and other requests alone', async () => {
    const worker = startWorker();
    const page = worker.hand('unused', 'a.zip', new Blob(['z']));
    // Any other file: the offline cache's business (empty here, so the network).
    expect(await (await worker.fetch('/assets/app.js'))!.text()).toBe('network: /assets/app.js');
    expect((await worker.fetch(`${DOWNLOAD_PATH}nobody`))!.status).toBe(404);
    await settle();
    expect(page.heard).toEqual(['ready']);
    page.close();
  });
});
