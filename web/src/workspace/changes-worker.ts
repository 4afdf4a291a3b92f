/// <reference lib="webworker" />
// The change map's worker: reads the original and the corrupted Blobs piece by piece and hands them
// to fracture-host's change map (the outputs module, which the command lines' PDFs use too; fetched
// with the first map), so a 200 MB result never holds up the page. It keeps no state: each request
// carries the Blobs (they cross by reference) and, for a step, the map.
import { loadOutputsModule } from '../../../lib/engine/host-module/browser.ts';
import { type ByteSource, changeMapOf } from '../../../lib/engine/host-module/reports.ts';
import { BlobReader } from '../../../lib/engine/shared/blob.ts';
import { changeStep, type ChangesReply, type ChangesRequest } from './changes-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

/**
 * A Blob read in order into one buffer, reused: what a read returns is valid until the next read of
 * the same source, which is how changeMapOf and change-runs.ts read. A fresh 4 MiB buffer per read (blobSource) left
 * hundreds of MiB of garbage in this worker for a 200 MB pair until its next collection.
 */
function reusingSource(blob: Blob): ByteSource & { close(): void } {
  const reader = new BlobReader(blob);
  let spare: ArrayBuffer | undefined;
  return {
    size: blob.size,
    read: async (start, end) => {
      const into = new Uint8Array(spare?.byteLength === end - start ? spare : new ArrayBuffer(end - start));
      spare = undefined;
      const bytes = await reader.read(start, into);
      spare = bytes.buffer;
      return bytes;
    },
    close: () => reader.close(),
  };
}

self.onmessage = async (event: MessageEvent<ChangesRequest>) => {
  const msg = event.data;
  try {
    const original = reusingSource(msg.original);
    const result = reusingSource(msg.result);
    try {
      const reply: ChangesReply =
        msg.type === 'map'
          ? { id: msg.id, type: 'map', map: await changeMapOf(await loadOutputsModule(), original, result) }
          : { id: msg.id, type: 'step', step: await changeStep(msg.map, original, result, msg.where) };
      self.postMessage(reply);
    } finally {
      original.close();
      result.close();
    }
  } catch (e) {
    self.postMessage({ id: msg.id, type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
