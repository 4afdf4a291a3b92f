// A streamed run's helpers in Node through the native addon (engine-rs/node), when one was built for
// this platform (docs/architecture.md, "The native addon"): the same `StreamHelpers` as the helper
// threads of stream-helpers.ts, but the edits and the SHA-256s run as tasks on Node's own thread pool,
// in native code, and no thread has to start. Two editing runs take the pieces in turns, as the two
// editing threads do, each one piece at a time; each side's hash has a queue of its own, so the input
// and the output are hashed at once (the larger part of a --json run where the CPU has no SHA
// extensions), as the native CLI's reader and writer threads hash them.
import type { StreamArgs } from './stream-args.ts';
import { EDITORS, type HelperSession, type StreamHelpers } from './stream-helpers.ts';

/** The addon's exports (engine-rs/node/src/lib.rs). */
export interface NativeAddon {
  StreamRun: new (
    ...args: StreamArgs
  ) => {
    piecewise(): boolean;
    countRegions(bounds: Float64Array): void;
    /** Settles once the piece (a view the caller leaves alone until then) is edited in place. */
    editPiece(piece: Uint8Array, pos: number, measured: boolean): Promise<void>;
    tally(): Float64Array;
  };
  /** Swaps two files' names in one step (RENAME_EXCHANGE); throws where the system cannot. */
  exchange(a: string, b: string): void;
  Sha256: new () => {
    /** Settles once the bytes (left alone until then) were read. */
    update(bytes: Uint8Array): Promise<void>;
    /** The digest of all fed so far, as hex; the hash starts again empty. */
    digest(): string;
  };
}

type Run = InstanceType<NativeAddon['StreamRun']>;

/** One at a time: `next` runs once everything queued before it has settled, whatever its outcome. */
function queue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(next: () => Promise<T>): Promise<T> => {
    const result = tail.then(next, next);
    tail = result.catch(() => undefined);
    return result;
  };
}

export function nativeStreamHelpers(addon: NativeAddon): StreamHelpers {
  return {
    close: async () => {},
    session: (_run, memory): HelperSession => {
      const inMemory = (piece: Uint8Array) => {
        if (piece.buffer !== memory) throw new Error("a helper takes views of the run's memory");
        return piece;
      };
      const hashes = { in: new addon.Sha256(), out: new addon.Sha256() };
      // Each side's pieces in order, the two sides at once.
      const hashing = { in: queue(), out: queue() };
      let editors: { run: Run; turn: ReturnType<typeof queue> }[] = [];
      let measured = true;
      return {
        hash: (side, piece) => {
          const bytes = inMemory(piece);
          return hashing[side](() => hashes[side].update(bytes));
        },
        digest: (side) => hashing[side](async () => hashes[side].digest()),
        start: async (args, measure = true, bounds = new Float64Array(0)) => {
          measured = measure;
          editors = Array.from({ length: EDITORS }, () => {
            const run = new addon.StreamRun(...args);
            if (bounds.length > 0) run.countRegions(bounds);
            return { run, turn: queue() };
          });
          return editors.every((e) => e.run.piecewise());
        },
        edit: (piece, pos, k) => {
          const bytes = inMemory(piece);
          const editor = editors[k % EDITORS];
          if (!editor) return Promise.reject(new Error('edit before start'));
          return editor.turn(() => editor.run.editPiece(bytes, pos, measured));
        },
        tally: async () => {
          const done = editors;
          editors = [];
          return Promise.all(done.map((e) => e.turn(async () => e.run.tally())));
        },
        drop: () => {
          editors = [];
        },
      };
    },
  };
}
