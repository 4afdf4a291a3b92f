/// <reference lib="webworker" />
// The change map's worker: reads the original and the corrupted Blobs piece by piece and compares
// them (lib/report/changes.ts), so a 200 MB result never holds up the page. It keeps no state: each
// request carries the Blobs (they cross by reference) and, for a step, the map.
import { blobSource, changeMap } from '../../../lib/report/changes.ts';
import { changeStep, type ChangesReply, type ChangesRequest } from './changes-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<ChangesRequest>) => {
  const msg = event.data;
  try {
    const original = blobSource(msg.original);
    const result = blobSource(msg.result);
    const reply: ChangesReply =
      msg.type === 'map'
        ? { id: msg.id, type: 'map', map: await changeMap(original, result) }
        : { id: msg.id, type: 'step', step: await changeStep(msg.map, original, result, msg.where) };
    self.postMessage(reply);
  } catch (e) {
    self.postMessage({ id: msg.id, type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
