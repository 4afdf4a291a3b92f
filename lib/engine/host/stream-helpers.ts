// Helper threads for a streamed run in Node (the npm CLI), so the run uses both cores as the native
// stream does: one thread hashes the input's and the output's pieces (node:crypto), two others edit
// the pieces, taking turns, each in its own instance of the module (the flips, bit_rot and
// bad_sectors key their edits by position, so a piece edits the same anywhere: `StreamRun.piecewise`),
// their byte counts added to the main run's at the end. The main thread only reads, writes and hands
// out pieces, so it answers at once: a piece edited on it held up every reply behind it. Pieces cross
// as views of a SharedArrayBuffer, sent once per run: no copies.
import { type MessagePort as ThreadPort, Worker } from 'node:worker_threads';
import type * as Bindings from '../pkg/fracture_engine.js';
import { requests } from './requests.ts';
import type { StreamArgs } from './stream-args.ts';

type Side = 'in' | 'out';

/** Where a piece lies in the run's shared memory (sent once, with `memory`: a message with a buffer costs). */
interface Place {
  offset: number;
  length: number;
}

type HashAsk = { run: number } & (
  | { memory: SharedArrayBuffer }
  | { side: Side; place: Place }
  | { side: Side; finish: true }
);
type EditAsk = { run: number } & (
  | { start: StreamArgs; memory: SharedArrayBuffer; measured: boolean; bounds: Float64Array }
  | { pos: number; place: Place }
  | { tally: true }
  | { drop: true }
);
type EditRequest = EditAsk & { id: number };
type Reply = { id: number; error?: string; hex?: string; piecewise?: boolean; tally?: Float64Array };

export interface StreamHelpers {
  /**
   * A run's own channel to the helpers; `run` is the caller's number for it, unique while it lasts,
   * and `memory` where its pieces lie.
   */
  session(run: number, memory: SharedArrayBuffer): HelperSession;
  close(): Promise<void>;
}

export interface HelperSession {
  /** Feeds `piece` (a view of the run's memory) to `side`'s SHA-256; resolves once it was read. */
  hash(side: Side, piece: Uint8Array): Promise<void>;
  digest(side: Side): Promise<string>;
  /**
   * Makes the editors' own runs; resolves to whether pieces may be edited there (`piecewise`).
   * `measured` false: the edits count nothing (a run whose report nobody wants). `bounds`: the main
   * run's map regions (`StreamRun.bounds`), in which the edits count their changes (the hits).
   */
  start(args: StreamArgs, measured?: boolean, bounds?: Float64Array): Promise<boolean>;
  /**
   * Edits `piece` (a view of the run's memory) at `pos`, counting its input and output, on the editor
   * whose turn piece number `k` is.
   */
  edit(piece: Uint8Array, pos: number, k: number): Promise<void>;
  /** The editors' tallies (each for `addTally`); their runs are freed. */
  tally(): Promise<Float64Array[]>;
  /** Forgets the run's state in both helpers (a failed run). */
  drop(): void;
}

/** The hashing thread: one SHA-256 per run and side. */
const HASH_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
const memories = new Map();
parentPort.on('message', (m) => {
  try {
    const key = m.run + ':' + m.side;
    if (m.drop) {
      hashes.delete(m.run + ':in');
      hashes.delete(m.run + ':out');
      memories.delete(m.run);
      return;
    }
    if (m.memory) {
      memories.set(m.run, m.memory);
      return;
    }
    let h = hashes.get(key);
    if (!h) hashes.set(key, (h = createHash('sha256')));
    if (m.finish) {
      hashes.delete(key);
      if (m.side === 'out') memories.delete(m.run);
      parentPort.postMessage({ id: m.id, hex: h.digest('hex') });
    } else {
      h.update(new Uint8Array(memories.get(m.run), m.place.offset, m.place.length));
      parentPort.postMessage({ id: m.id });
    }
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
  }
});
parentPort.postMessage({ ready: true });
`;

/**
 * A thread's work once its module is loaded: the runs it is sent, by number. A worker thread cannot
 * load this TypeScript file, so EDIT_SOURCE carries this function's source text (self-contained), and
 * this module's types still check it.
 */
function serveEdits(glue: typeof Bindings, port: ThreadPort) {
  const runs = new Map<number, { run: Bindings.StreamRun; memory: SharedArrayBuffer; measured: boolean }>();
  port.on('message', (m: EditRequest) => {
    try {
      if ('drop' in m) {
        runs.get(m.run)?.run.free();
        runs.delete(m.run);
        return;
      }
      if ('start' in m) {
        const run = new glue.StreamRun(...m.start);
        if (m.bounds.length > 0) run.countRegions(m.bounds);
        runs.set(m.run, { run, memory: m.memory, measured: m.measured });
        port.postMessage({ id: m.id, piecewise: run.piecewise() });
        return;
      }
      const entry = runs.get(m.run);
      if (!entry) throw new Error(`no run ${m.run}`);
      if ('tally' in m) {
        runs.delete(m.run);
        const tally = entry.run.tally();
        entry.run.free();
        port.postMessage({ id: m.id, tally });
      } else {
        entry.run.editPiece(
          new Uint8Array(entry.memory, m.place.offset, m.place.length),
          m.pos,
          entry.measured,
          entry.measured,
        );
        port.postMessage({ id: m.id });
      }
    } catch (e) {
      port.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
    }
  });
}

/** The editing thread: its own instance of the compiled module the main thread runs. */
const EDIT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.glue)
  .then(async (glue) => {
    glue.initSync({ module: workerData.module });
    (${serveEdits})(glue, parentPort);
  })
  .then(
    () => parentPort.postMessage({ ready: true }),
    (e) => parentPort.postMessage({ failed: String((e && e.message) || e) }),
  );
`;

/** Requests to a worker, answers matched by id (requests.ts); every pending one fails if the worker does. */
function channel(worker: Worker): Promise<(request: object) => Promise<Reply>> {
  const calls = requests<object, Reply>((request) => worker.postMessage(request));
  return new Promise((ready, failed) => {
    worker.on('error', (e) => {
      failed(e);
      calls.fail(e);
    });
    worker.on('exit', () => calls.fail(new Error('a helper thread stopped')));
    worker.on('message', (m: Reply | { ready: true } | { failed: string }) => {
      if ('ready' in m) ready((request) => calls.ask(request));
      else if ('failed' in m) failed(new Error(m.failed));
      else calls.receive(m);
    });
  });
}

/**
 * Editing threads (and the native addon's editing runs, stream-native.ts): two keep both cores busy
 * while the hashing, lighter, fits in between.
 */
export const EDITORS = 2;

/**
 * Starts the threads; `glue` is the module's JavaScript glue (a file URL) and `module` the module the
 * main thread compiled (shared, not compiled again). Resolves once the editors (and, when `hashing`,
 * the hashing thread) are ready. Without `hashing` (a caller that expects to show no report, so hashes
 * nothing) the hashing thread starts only when a run first hashes: a thread costs tens of milliseconds
 * of CPU to start, on a machine whose cores the editors keep busy.
 */
export async function startStreamHelpers(glue: string, module: object, hashing = true): Promise<StreamHelpers> {
  const workers = Array.from(
    { length: EDITORS },
    () => new Worker(EDIT_SOURCE, { eval: true, workerData: { glue, module } }),
  );
  const close = async () => {
    await Promise.all(workers.map((w) => w.terminate()));
  };
  // The hashing thread and its channel, started once.
  let hasher: Promise<{ worker: Worker; call: (request: object) => Promise<Reply> }> | undefined;
  const hashThread = () => {
    hasher ??= (async () => {
      const worker = new Worker(HASH_SOURCE, { eval: true });
      workers.push(worker);
      return { worker, call: await channel(worker) };
    })();
    return hasher;
  };
  let editCalls: ((request: object) => Promise<Reply>)[];
  try {
    [editCalls] = await Promise.all([Promise.all(workers.map(channel)), hashing ? hashThread() : undefined]);
  } catch (e) {
    await close();
    throw e;
  }
  return {
    close,
    session: (run, memory) => {
      const placeOf = (piece: Uint8Array): Place => {
        if (piece.buffer !== memory) throw new Error("a helper takes views of the run's memory");
        return { offset: piece.byteOffset, length: piece.length };
      };
      // The hashing thread gets the run's memory before its first piece (one message, in order).
      let told: Promise<(request: object) => Promise<Reply>> | undefined;
      let dropped = false;
      const hashCall = async (request: HashAsk) => {
        told ??= hashThread().then(({ worker, call }) => {
          if (!dropped) worker.postMessage({ run, memory } satisfies HashAsk);
          return call;
        });
        return (await told)(request);
      };
      return {
        hash: async (side, piece) => {
          await hashCall({ run, side, place: placeOf(piece) });
        },
        digest: async (side) => {
          const { hex } = await hashCall({ run, side, finish: true });
          if (hex === undefined) throw new Error('the hashing thread gave no digest');
          return hex;
        },
        start: async (args, measured = true, bounds = new Float64Array(0)) => {
          const replies = await Promise.all(
            editCalls.map((call) => call({ run, start: args, memory, measured, bounds } satisfies EditAsk)),
          );
          return replies.every((r) => r.piecewise === true);
        },
        edit: async (piece, pos, k) => {
          await editCalls[k % EDITORS]({ run, pos, place: placeOf(piece) } satisfies EditAsk);
        },
        tally: () =>
          Promise.all(
            editCalls.map(async (call) => {
              const { tally } = await call({ run, tally: true } satisfies EditAsk);
              if (!tally) throw new Error('an editing thread gave no tally');
              return tally;
            }),
          ),
        drop: () => {
          dropped = true;
          for (const w of workers) w.postMessage({ run, drop: true } satisfies EditAsk);
        },
      };
    },
  };
}
