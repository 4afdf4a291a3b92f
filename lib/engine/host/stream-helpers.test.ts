// The streamed run with its helpers against the same run on one thread, for both kinds of helpers:
// the helper threads (one hashing, two editing, in instances of the module) and the native addon's
// tasks on Node's thread pool (stream-native.ts). The same bytes and report in every streamed mode,
// the pieces really edited and hashed on the helpers, a run that fails midway leaves the helpers ready
// for the next; helper threads started without hashing start their hashing thread only when a run
// hashes, and the addon's helpers start no thread at all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../tests/cross-engine/families.ts';
import { xorshiftBytes } from '../../../tests/cross-engine/generators.ts';
import { loadWasmEngine, startNodeStreamHelpers } from './node.ts';
import type { WasmEngine } from './run.ts';
import type { StreamHelpers } from './stream-helpers.ts';
import { prepareStream, STREAM_PIECE } from './stream-node.ts';
import { ENGINE_MODES } from '../shared/mode-tables.ts';

/** The modes whose edits are keyed by position: their pieces go to the editing threads. */
const PIECEWISE = new Set(['byte_flip', 'header_preserve_flip', 'bad_sectors', 'bit_rot', 'seven_bit']);
/** guaranteed_break breaks its pieces in order, carrying state from one to the next, and the two
 * conversions (text_transfer, charset_roundtrip) transcode theirs likewise (`breaks()`): one thread. */
const ONE_THREAD = new Set(['guaranteed_break', 'text_transfer', 'charset_roundtrip']);
const SIZE = 3 * STREAM_PIECE + 54_321;

let dir: string;
let file: string;
let wasm: WasmEngine;
let helpers: StreamHelpers;
/** Which helpers `startNodeStreamHelpers` gives (node.ts, `loadNativeAddon`). */
const KINDS = [
  { kind: 'helper threads', addon: 'off' },
  { kind: 'native addon', addon: 'on' },
] as const;

/** `run` with FRACTURE_ADDON=`addon` (`on` fails unless the addon loads: `make cli` builds it). */
async function withAddon<T>(addon: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.FRACTURE_ADDON;
  process.env.FRACTURE_ADDON = addon;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.FRACTURE_ADDON;
    else process.env.FRACTURE_ADDON = before;
  }
}

const startKind = (addon: string, hashing?: boolean) => withAddon(addon, () => startNodeStreamHelpers(hashing));
/** What the helpers were asked to do, summed over a run. */
const calls = { edit: 0, hash: 0 };

/** The helpers, each session's calls counted in `calls`. */
const counted = async (): Promise<StreamHelpers> => ({
  close: helpers.close,
  session: (run, memory) => {
    const s = helpers.session(run, memory);
    return {
      ...s,
      edit: (piece, pos, k) => {
        calls.edit++;
        return s.edit(piece, pos, k);
      },
      hash: (side, piece) => {
        calls.hash++;
        return s.hash(side, piece);
      },
    };
  },
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-helpers-'));
  file = path.join(dir, 'blob.bin');
  writeFileSync(file, xorshiftBytes(SIZE, 11));
  wasm = await loadWasmEngine();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** One streamed run of the file: its output and its report without the timings. */
async function streamed(mode: string, withHelpers: boolean, failAfter = Infinity) {
  const handle = await open(file, 'r');
  try {
    const options = { mode, intensity: 80, seed: 1234567890 };
    const prepared = await prepareStream(wasm, handle, SIZE, 'blob.bin', options, withHelpers ? counted : undefined);
    const pieces: Uint8Array[] = [];
    const report = await prepared.run(async (bytes) => {
      if (pieces.length >= failAfter) throw new Error('disk full');
      pieces.push(bytes.slice());
    });
    const { time_ms: _t, ops_ms: _o, ...rest } = report as unknown as Record<string, unknown>;
    return { bytes: Buffer.concat(pieces), report: rest };
  } finally {
    await handle.close();
  }
}

describe.each(KINDS)('a streamed run with helpers: $kind', ({ addon }) => {
  beforeAll(async () => {
    helpers = await startKind(addon);
  });
  afterAll(async () => {
    await helpers?.close();
  });

  for (const mode of ENGINE_MODES) {
    it(`${mode}: the same bytes and report as on one thread`, async () => {
      const alone = await streamed(mode, false);
      calls.edit = calls.hash = 0;
      const shared = await streamed(mode, true);
      expect(Buffer.compare(shared.bytes, alone.bytes)).toBe(0);
      expect(shared.report).toEqual(alone.report);
      const pieces = Math.ceil(shared.bytes.length / STREAM_PIECE);
      // Every piece edited on an editing thread where edits are keyed by position, none elsewhere;
      // the editors count their pieces' hits in the map's regions, added to the report's.
      expect(calls.edit).toBe(PIECEWISE.has(mode) ? pieces : 0);
      expect((shared.report.hits as unknown[]).length).toBeGreaterThan(0);
      // Both sides hashed there: the input's pieces (in place, or read again in order) and the output's.
      expect(calls.hash).toBe(ONE_THREAD.has(mode) ? 0 : pieces + Math.ceil(SIZE / STREAM_PIECE));
    });
  }

  it('with checksum fixing, progress goes to one half while writing and to the end while measuring', async () => {
    const picture = path.join(dir, 'picture.png');
    const bytes = png(SIZE);
    writeFileSync(picture, bytes);
    const handle = await open(picture, 'r');
    try {
      const options = { mode: 'byte_flip', intensity: 80, seed: 9, fixChecksums: true };
      const prepared = await prepareStream(wasm, handle, bytes.length, 'picture.png', options, counted);
      const seen: number[] = [];
      let written = 0;
      const report = await prepared.run(
        async (bytes) => {
          written += bytes.length;
        },
        (fraction) => seen.push(fraction),
      );
      expect(written).toBe(prepared.size);
      expect(Object.keys(report.checksums_fixed ?? {})).toContain('png_chunk_crc32');
      expect(seen.every((f, i) => i === 0 || f >= seen[i - 1])).toBe(true);
      expect(seen).toContain(0.5);
      expect(seen.some((f) => f > 0.5 && f < 1)).toBe(true);
      expect(seen.at(-1)).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('a failed write fails the run, and the helpers take the next one', async () => {
    for (const mode of ['bit_rot', 'truncate_insert']) {
      await expect(streamed(mode, true, 2)).rejects.toThrow('disk full');
      const again = await streamed(mode, true);
      const alone = await streamed(mode, false);
      expect(again.report).toEqual(alone.report);
      expect(Buffer.compare(again.bytes, alone.bytes)).toBe(0);
    }
  });

  it('helpers started without hashing: a reportless write starts no hashing thread, a report starts it', async () => {
    const wasmThreads = addon === 'off';
    // Threads started in between, counted by the ids each new Worker takes (this probe's included).
    let last = await probe();
    const started = async () => {
      const id = await probe();
      const n = id - last - 1;
      last = id;
      return n;
    };
    const lazy = await startKind(addon, false);
    try {
      // The two editing threads, no hashing thread; the addon's helpers start no thread.
      expect(await started()).toBe(wasmThreads ? 2 : 0);
      const handle = await open(file, 'r');
      try {
        const options = { mode: 'bit_rot', intensity: 80, seed: 1234567890 };
        const prepare = () => prepareStream(wasm, handle, SIZE, 'blob.bin', options, async () => lazy);
        const pieces: Uint8Array[] = [];
        await (await prepare()).write(async (bytes) => {
          pieces.push(bytes.slice());
        });
        expect(await started()).toBe(0);
        const alone = await streamed('bit_rot', false);
        expect(Buffer.compare(Buffer.concat(pieces), alone.bytes)).toBe(0);
        // A run with a report hashes: the hashing thread starts then, with the same digests.
        const report = await (await prepare()).run(async () => undefined);
        expect(await started()).toBe(wasmThreads ? 1 : 0);
        const { time_ms: _t, ops_ms: _o, ...rest } = report as unknown as Record<string, unknown>;
        expect(rest).toEqual(alone.report);
      } finally {
        await handle.close();
      }
    } finally {
      await lazy.close();
    }
  });
});

describe('the helpers a caller asks for', () => {
  it("without the addon (fracture agree): the module's helper threads, even where the addon loads", async () => {
    await withAddon('on', async () => {
      const first = await probe();
      const threads = await startNodeStreamHelpers(true, false);
      try {
        // Two editing threads and the hashing thread, between the two probes.
        expect((await probe()) - first - 1).toBe(3);
      } finally {
        await threads.close();
      }
      const addon = await startNodeStreamHelpers(true);
      try {
        expect((await probe()) - first - 5).toBe(0);
      } finally {
        await addon.close();
      }
    });
  });
});

/** The id of a new worker thread (ids count up with every thread the process starts). */
async function probe(): Promise<number> {
  const w = new Worker('', { eval: true });
  const id = w.threadId;
  await w.terminate();
  return id;
}
