// The browser's streamed run (lib/engine/host/stream-web.ts: the engine worker reads its File a piece at
// a time and hands the pieces to hashing and writing helpers) gives the whole-buffer run's bytes and
// report, in every streamed mode; a write that fails runs again into a Blob. Node has Blob, Response
// and TransformStream, so the same code runs here; the helpers are hashClient/answerHash over a loopback.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerHash, hashClient, StoreError } from '../../lib/engine/host/hash-helper.ts';
import { loadWasmEngine } from '../../lib/engine/host/node.ts';
import type { HashRequest } from '../../lib/engine/host/protocol.ts';
import { runWasm, type WasmEngine } from '../../lib/engine/host/run.ts';
import { streamArgs } from '../../lib/engine/host/stream-args.ts';
import {
  blobSide,
  helperSide,
  localSide,
  type StreamSide,
  streamStored,
  streamsInBrowser,
  streamWasm,
  WEB_STREAM_MIN_BYTES,
  WEB_STREAM_PIECE,
} from '../../lib/engine/host/stream-web.ts';
import { ENGINE_MODES } from '../../lib/engine/shared/mode-tables.ts';
import type { CorruptOptions, Stage } from '../../lib/engine/shared/types.ts';
import { xorshiftBytes } from './generators.ts';
import { untimed } from './untimed.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

// The engine worker reads the input Blob synchronously with FileReaderSync for the structure map
// (docs/contract.md, section 14); Node has none, so the tests give it one over the Blobs they make.
const bytesOf = new WeakMap<Blob, Uint8Array>();
const blobOf = (bytes: Uint8Array) => {
  const b = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  bytesOf.set(b, bytes);
  return b;
};
const slice = Blob.prototype.slice;
Blob.prototype.slice = function (this: Blob, start?: number, end?: number, type?: string) {
  const part = slice.call(this, start, end, type);
  const bytes = bytesOf.get(this);
  if (bytes) bytesOf.set(part, bytes.subarray(start ?? 0, end ?? bytes.length));
  return part;
};
(globalThis as { FileReaderSync?: unknown }).FileReaderSync = class {
  readAsArrayBuffer(b: Blob): ArrayBuffer {
    const bytes = bytesOf.get(b);
    if (!bytes) throw new Error('FileReaderSync: a Blob the test did not make');
    return bytes.slice().buffer;
  }
};

// Every mode streams in the browser (only checksum fixing does not).
const STREAMED = ENGINE_MODES;

describe('the browser streams a Blob through the engine', () => {
  let engine: WasmEngine;
  // Longer than two pieces and not a whole number of them.
  const input = xorshiftBytes(2 * WEB_STREAM_PIECE + 12_345, 7);
  const blob = blobOf(input);
  beforeAll(async () => {
    engine = await loadWasmEngine();
  });

  /** A hashing helper over a loopback (each request structured-cloned, as a message would be); counts what is in flight. */
  const loopbackHasher = () => {
    const hashes = new Map<HashRequest['side'], InstanceType<WasmEngine['Sha256Stream']>>();
    let inFlight = 0;
    let most = 0;
    // Each piece's `size` (the length reserved), in order.
    const sizes: (number | undefined)[] = [];
    const client = hashClient((request) => {
      const sent = structuredClone(request);
      if ('part' in sent) sizes.push(sent.size);
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        client.receive(answerHash(engine, hashes, sent));
      }, 1);
    });
    return { hasher: client.hasher, most: () => most, sizes };
  };

  /** The output side as a collected array, hashed by `hash` (here, by default). */
  const collecting = (hash: StreamSide = localSide(engine)) => {
    const parts: Uint8Array[] = [];
    const side: StreamSide = {
      update: async (part) => {
        parts.push(new Uint8Array(part.slice(0)));
        await hash.update(part);
      },
      finish: () => hash.finish(),
      reserve: hash.reserve && ((n) => hash.reserve?.(n)),
    };
    return { side, bytes: () => Buffer.concat(parts) };
  };

  for (const mode of STREAMED) {
    it(`${mode}: the whole buffer's bytes and report, with the stages in order`, async () => {
      const options: CorruptOptions = { mode, intensity: 80, seed: 1234567890 };
      const whole = await runWasm(engine, input, 'blob.bin', options);
      const ins = loopbackHasher();
      const outs = loopbackHasher();
      const stages: Stage[] = [];
      const output = collecting(helperSide(outs.hasher, 'output'));
      const report = await streamWasm(
        engine,
        blob,
        'blob.bin',
        options,
        { onStage: (s) => stages.push(s) },
        { input: helperSide(ins.hasher, 'input'), output: output.side },
      );
      expect(sha(output.bytes())).toBe(sha(whole.data));
      expect(untimed(report)).toEqual(untimed(whole.report));
      expect(report.sha256_before).toBe(sha(input));
      expect([...new Set(stages)]).toEqual(['scan', 'plan', 'corrupt', 'verify', 'report']);
      // The hashing helper never had more than a few pieces at once, whatever the file.
      expect(ins.most()).toBeLessThanOrEqual(3);
      expect(outs.most()).toBeLessThanOrEqual(3);
      // The writer is told the output's length with its first piece, where it is planned, and only then.
      const planned = mode === 'text_transfer' || mode === 'charset_roundtrip' ? undefined : whole.data.length;
      expect(outs.sizes).toEqual([planned, ...outs.sizes.slice(1).map(() => undefined)]);
      expect(ins.sizes.every((n) => n === undefined)).toBe(true);
    }, 60_000);
  }

  it('byte_flip on a CSV escalates, counted over the whole output first, as the whole buffer does', async () => {
    const csv = new TextEncoder().encode(`a,b,c\n${'1,"x",{[2]}\n'.repeat(900_000)}`);
    const options: CorruptOptions = { mode: 'byte_flip', intensity: 3, seed: 5 };
    const whole = await runWasm(engine, csv, 'table.csv', options);
    const output = blobSide(localSide(engine));
    const messages: string[] = [];
    const report = await streamWasm(
      engine,
      blobOf(csv),
      'table.csv',
      options,
      { onStage: (_s, m) => messages.push(m) },
      {
        input: localSide(engine),
        output: output.side,
      },
    );
    expect(report.escalated).toBe(true);
    expect(untimed(report)).toEqual(untimed(whole.report));
    expect(sha(new Uint8Array(await (await output.blob()).arrayBuffer()))).toBe(sha(whole.data));
    expect(messages.some((m) => /escalat/i.test(m))).toBe(true);
  }, 60_000);

  it("guaranteed_break on a long text file: the whole buffer's recipe, bytes and report", async () => {
    const text = new TextEncoder().encode(`id,name\n${'7,"quoted value"\n'.repeat(600_000)}`);
    const options: CorruptOptions = { mode: 'guaranteed_break', intensity: 40, seed: 11 };
    const whole = await runWasm(engine, text, 'rows.csv', options);
    const output = collecting();
    const report = await streamWasm(
      engine,
      blobOf(text),
      'rows.csv',
      options,
      {},
      {
        input: localSide(engine),
        output: output.side,
      },
    );
    expect(sha(output.bytes())).toBe(sha(whole.data));
    expect(untimed(report)).toEqual(untimed(whole.report));
  }, 60_000);

  it('byte ranges stream too', async () => {
    const options: CorruptOptions = {
      mode: 'bit_rot',
      intensity: 90,
      seed: 9,
      ranges: { only: ['1000:9000000'], protect: ['4194000:4200000'] },
    };
    const whole = await runWasm(engine, input, 'blob.bin', options);
    const output = collecting();
    const report = await streamWasm(
      engine,
      blob,
      'blob.bin',
      options,
      {},
      { input: localSide(engine), output: output.side },
    );
    expect(sha(output.bytes())).toBe(sha(whole.data));
    expect(untimed(report)).toEqual(untimed(whole.report));
  }, 60_000);

  it("guaranteed_break on a PNG with the sides giving pieces back to the pool: the whole buffer's bytes", async () => {
    // Its output pieces are of any length (a few bytes may wait for the next); a side that gives
    // them back to the pool must not have them lent later as a piece of another length.
    const size = 24 * WEB_STREAM_PIECE + 777;
    const made = new engine.BenchBuffers(size);
    made.fill('png', size, 1);
    const png = new Uint8Array(engine.memory.buffer, made.inputPtr(), size).slice();
    made.free();
    const options: CorruptOptions = { mode: 'guaranteed_break', intensity: 80, seed: 1 };
    const whole = await runWasm(engine, png, 'bench.png', options);
    // One pool for two runs, as the engine worker keeps it: the second is lent what the first gave back.
    const pool: ArrayBuffer[] = [];
    for (const run of [1, 2]) {
      const kept = collecting(localSide(engine, pool));
      const report = await streamWasm(
        engine,
        blobOf(png),
        'bench.png',
        options,
        {},
        { input: localSide(engine, pool), output: kept.side },
        pool,
      );
      expect(sha(kept.bytes()), `run ${run}`).toBe(sha(whole.data));
      expect(untimed(report)).toEqual(untimed(whole.report));
      if (run === 1) expect(pool.some((b) => b.byteLength !== WEB_STREAM_PIECE)).toBe(true);
      // Each output piece is new memory the side gives back: the pool keeps a few, not one per piece.
      expect(pool.length).toBeLessThanOrEqual(12);
    }
  }, 60_000);

  it('a write that fails: the run goes again into a Blob, the same bytes, and says why', async () => {
    const options: CorruptOptions = { mode: 'byte_flip', intensity: 80, seed: 3 };
    const whole = await runWasm(engine, input, 'blob.bin', options);
    let written = 0;
    const failing: StreamSide = {
      update: async () => {
        if (++written === 2) throw new StoreError('quota');
      },
      finish: async () => 'never',
    };
    const out = await streamStored(
      engine,
      blob,
      'blob.bin',
      options,
      {},
      { input: localSide(engine), output: failing },
    );
    expect(out.notStored).toBe('quota');
    expect(sha(new Uint8Array(await (out.data as Blob).arrayBuffer()))).toBe(sha(whole.data));
    expect(untimed(out.report)).toEqual(untimed(whole.report));
  }, 60_000);

  it('another failure fails the run, and the module runs on', async () => {
    const options: CorruptOptions = { mode: 'byte_flip', intensity: 80, seed: 3 };
    const failing: StreamSide = {
      update: async () => {
        throw new Error('the helper is gone');
      },
      finish: async () => 'never',
    };
    await expect(
      streamStored(engine, blob, 'blob.bin', options, {}, { input: localSide(engine), output: failing }),
    ).rejects.toThrow('the helper is gone');
    // A file that shrank while it was read.
    const shrinking = {
      size: blob.size,
      slice: (a: number, b: number) => blob.slice(a, Math.min(b, blob.size - 10_000)),
    };
    await expect(
      streamWasm(
        engine,
        shrinking as Blob,
        'blob.bin',
        options,
        {},
        { input: localSide(engine), output: localSide(engine) },
      ),
    ).rejects.toThrow('The file changed while it was being read');
    const again = await runWasm(engine, input, 'blob.bin', options);
    expect(again.report.sha256_before).toBe(sha(input));
  }, 60_000);

  it('a run that fixes checksums gives no report until its output was fixed', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(200)]);
    const options: CorruptOptions = { mode: 'byte_flip', intensity: 50, seed: 1, fixChecksums: true };
    const fixing = new engine.StreamRun(...streamArgs(png.length, png, 'a.png', options));
    expect(fixing.fixes()).toBe(true);
    expect(() => fixing.report('a', 'b', 0, 0)).toThrow('checksum fixing was asked for, but the output was not fixed');
    const plain = new engine.StreamRun(...streamArgs(png.length, png, 'a.png', { ...options, fixChecksums: false }));
    expect(plain.fixes()).toBe(false);
    expect(JSON.parse(plain.report('a', 'b', 0, 0)).filename).toBe('a.png');
  });

  it('who streams: every mode, without checksum fixing, from 16 MiB on', () => {
    expect(streamsInBrowser({}, WEB_STREAM_MIN_BYTES)).toBe(true);
    expect(streamsInBrowser({ fixChecksums: false }, WEB_STREAM_MIN_BYTES)).toBe(true);
    expect(streamsInBrowser({}, WEB_STREAM_MIN_BYTES - 1)).toBe(false);
    expect(streamsInBrowser({ fixChecksums: true }, WEB_STREAM_MIN_BYTES)).toBe(false);
    // Selectors need the input's structure map: read whole.
    expect(streamsInBrowser({ ranges: { only: ['png:IDAT/data'] } }, WEB_STREAM_MIN_BYTES)).toBe(false);
    expect(streamsInBrowser({ ranges: { only: ['0:100'], protect: ['-0:'] } }, WEB_STREAM_MIN_BYTES)).toBe(true);
  });
});
