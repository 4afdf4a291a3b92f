// The page's side of the change map: one worker, started with the first preview and kept (it holds
// nothing between requests). Where workers are missing (tests in jsdom) the same code runs on the
// page.
import { loadOutputsModule } from '../../../lib/engine/host-module/browser.ts';
import { type ChangeMap, changeMapOf } from '../../../lib/engine/host-module/reports.ts';
import { blobSource } from './change-runs.ts';
import {
  changeStep,
  type ChangeStep,
  type ChangesReply,
  type ChangesRequest,
  type StepWhere,
} from './changes-protocol.ts';

type Pending = { resolve: (reply: ChangesReply) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
  worker?.terminate();
  worker = null;
}

type Unsent = ChangesRequest extends infer R ? (R extends ChangesRequest ? Omit<R, 'id'> : never) : never;

function ask(request: Unsent): Promise<ChangesReply> {
  if (!worker) {
    worker = new Worker(new URL('./changes-worker.ts', import.meta.url), { type: 'module', name: 'fracture-changes' });
    worker.onmessage = (event: MessageEvent<ChangesReply>) => {
      const p = pending.get(event.data.id);
      pending.delete(event.data.id);
      p?.resolve(event.data);
    };
    worker.onerror = (event) => failAll(new Error(event.message || 'The change map worker failed'));
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker!.postMessage({ ...request, id } as ChangesRequest);
  });
}

export async function mapChanges(original: Blob, result: Blob): Promise<ChangeMap> {
  if (typeof Worker === 'undefined') {
    return changeMapOf(await loadOutputsModule(), blobSource(original), blobSource(result));
  }
  const reply = await ask({ type: 'map', original, result });
  if (reply.type === 'error') throw new Error(reply.message);
  if (reply.type !== 'map') throw new Error('Unexpected reply from the change map worker');
  return reply.map;
}

export async function stepChanges(original: Blob, result: Blob, map: ChangeMap, where: StepWhere): Promise<ChangeStep> {
  if (typeof Worker === 'undefined') return changeStep(map, blobSource(original), blobSource(result), where);
  const reply = await ask({ type: 'step', original, result, map, where });
  if (reply.type === 'error') throw new Error(reply.message);
  if (reply.type !== 'step') throw new Error('Unexpected reply from the change map worker');
  return reply.step;
}
