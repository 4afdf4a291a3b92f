// The asking side of the flip helpers, over any message channel (a Web Worker's MessagePort, a Node
// worker thread): one request per call, answers matched by id.
import type { FlipHelper } from './run.ts';

/** A piece of a flip-mode job, sent to a helper; the answer carries the same id. */
export type FlipRequest = {
  id: number;
  part: ArrayBuffer;
  start: number;
  n: number;
  h: number;
  k: number;
  seed: number;
  first: number;
  last: number;
};
export type FlipReply = { id: number; part: ArrayBuffer } | { id: number; error: string };

export interface FlipClient {
  helper: FlipHelper;
  /** Hands an answer from the channel to the call waiting for it. */
  receive: (reply: FlipReply) => void;
  /** Rejects every call still waiting (the channel failed). */
  fail: (error: Error) => void;
}

export function flipClient(send: (request: FlipRequest, transfer: ArrayBuffer[]) => void): FlipClient {
  let nextId = 1;
  const pending = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>();
  return {
    helper: (part, start, n, h, k, seed, first, last) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // `part` is normally the caller's own copy: then its buffer crosses without another copy.
        const buffer = (
          part.byteOffset === 0 && part.byteLength === part.buffer.byteLength ? part.buffer : part.slice().buffer
        ) as ArrayBuffer;
        send({ id, part: buffer, start, n, h, k, seed, first, last }, [buffer]);
      }),
    receive: (reply) => {
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      if ('error' in reply) p?.reject(new Error(reply.error));
      else p?.resolve(new Uint8Array(reply.part));
    },
    fail: (error) => {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    },
  };
}
