// Flip helpers, over any message channel (a Web Worker's MessagePort, a Node worker thread): the asking
// side hands out pieces of a flip-mode job, one request per call, answers matched by id (requests.ts); the answering
// side flips them in its own instance of the module. The contract lets chunks run in any order.
import type * as Bindings from '../pkg/fracture_engine.js';
import type { FlipFields, FlipReply, FlipRequest } from './protocol.ts';
import { requests } from './requests.ts';

/** Flips a piece elsewhere: `part` holds its bytes; resolves to them, flipped. */
export type FlipHelper = (part: Uint8Array, piece: FlipFields) => Promise<Uint8Array>;

/** The fields of a piece, to send it (the object itself points into this module's memory). */
export function flipFields({ n, h, k, seed, first, last }: Bindings.FlipPiece): FlipFields {
  return { n, h, k, seed, first, last };
}

export interface FlipClient {
  helper: FlipHelper;
  /** Hands an answer from the channel to the call waiting for it. */
  receive: (reply: FlipReply) => void;
  /** Rejects every call still waiting (the channel failed). */
  fail: (error: Error) => void;
}

export function flipClient(send: (request: FlipRequest, transfer: ArrayBuffer[]) => void): FlipClient {
  const channel = requests<Omit<FlipRequest, 'id'>, FlipReply>(send);
  return {
    helper: async (part, piece) => {
      // `part` is normally the caller's own copy: then its buffer crosses without another copy.
      const buffer = (
        part.byteOffset === 0 && part.byteLength === part.buffer.byteLength ? part.buffer : part.slice().buffer
      ) as ArrayBuffer;
      const reply = await channel.ask({ part: buffer, piece }, [buffer]);
      if (!('part' in reply)) throw new Error('A flip helper gave no bytes back');
      return new Uint8Array(reply.part);
    },
    receive: channel.receive,
    fail: channel.fail,
  };
}

/**
 * The answering side: flips the request's piece in `engine` (this worker's instance of the module)
 * and makes the answer, whose `part` is to be transferred back. Self-contained, because node.ts runs
 * its source text in helper threads.
 */
export function answerFlip(engine: Pick<typeof Bindings, 'FlipPiece' | 'flipPart'>, request: FlipRequest): FlipReply {
  const piece = Object.assign(new engine.FlipPiece(), request.piece);
  try {
    engine.flipPart(new Uint8Array(request.part), piece);
    return { id: request.id, part: request.part };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  } finally {
    piece.free();
  }
}
