// SHA-256 on a helper: the engine worker sends its input's and its output's pieces, in order, to a
// helper worker, which hashes them in its own instance of the module (Sha256Stream) while the engine
// worker goes on reading, corrupting and writing, on the other core.
import type * as Bindings from '../pkg/fracture_engine.js';
import type { HashReply, HashRequest } from './protocol.ts';
import { requests } from './requests.ts';

type Side = HashRequest['side'];
/** A request before the channel gives it its id. */
type HashAsk = HashRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Pieces sent and not yet taken, at most: what is in flight stays a few pieces, whatever the file. */
const MAX_IN_FLIGHT = 2;

/** The output could not be written to its origin-private file (the quota is full, say). */
export class StoreError extends Error {
  override name = 'StoreError';
}

export interface StreamHasher {
  /**
   * Feeds `part` (transferred: detached afterwards) to `side`'s hash; resolves once more may be sent.
   * `size`: the side's whole length, when known, with its first piece (HashRequest).
   */
  update(side: Side, part: ArrayBuffer, size?: number): Promise<void>;
  /** The digest of everything fed to `side`, as lower-case hex. */
  finish(side: Side): Promise<string>;
}

export function hashClient(
  send: (request: HashRequest, transfer: ArrayBuffer[]) => void,
  /** Takes the buffers the helper gives back (see HashReply). */
  recycle?: (part: ArrayBuffer) => void,
): {
  hasher: StreamHasher;
  receive: (reply: HashReply) => void;
} {
  const channel = requests<HashAsk, HashReply>(send, (reply) =>
    'store' in reply && reply.store ? new StoreError(reply.error) : new Error(reply.error),
  );
  const inFlight: Promise<unknown>[] = [];
  const request = async (body: HashAsk, transfer: ArrayBuffer[]) => {
    const reply = await channel.ask(body, transfer);
    if ('part' in reply && reply.part) recycle?.(reply.part);
    return 'hex' in reply ? reply.hex : undefined;
  };
  return {
    hasher: {
      async update(side, part, size) {
        const taken = request(size === undefined ? { side, part } : { side, part, size }, [part]);
        // A failure surfaces from finish(), or from the wait below.
        taken.catch(() => undefined);
        inFlight.push(taken);
        while (inFlight.length >= MAX_IN_FLIGHT) await inFlight.shift();
      },
      async finish(side) {
        await Promise.all(inFlight.splice(0));
        const hex = await request({ side, finish: true }, []);
        if (hex === undefined) throw new Error('The hashing helper gave no digest');
        return hex;
      },
    },
    receive: channel.receive,
  };
}

/** The answering side: one Sha256Stream per side (input, output), in `hashes`, in this worker's instance of the module. */
export function answerHash(
  engine: Pick<typeof Bindings, 'Sha256Stream'>,
  hashes: Map<Side, Bindings.Sha256Stream>,
  request: HashRequest,
): HashReply {
  try {
    let sha = hashes.get(request.side);
    if (!sha) {
      sha = new engine.Sha256Stream();
      hashes.set(request.side, sha);
    }
    if ('part' in request) {
      sha.update(new Uint8Array(request.part));
      return { id: request.id };
    }
    const hex = sha.hex();
    sha.free();
    hashes.delete(request.side);
    return { id: request.id, hex };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  }
}
