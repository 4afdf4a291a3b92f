// docs/contract.md (section 5.2) lets a file's chunks run in any order: the flip modes' corrupt stage spread over helper
// workers gives the same bytes and report as one worker doing every chunk.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmEngine, startNodeHelpers } from '../../lib/engine/host/node.ts';
import { answerFlip, type FlipHelper, flipClient } from '../../lib/engine/host/flip-helpers.ts';
import { PARALLEL_MIN_BYTES, type FlipRequest } from '../../lib/engine/host/protocol.ts';
import { corrupt as referenceCorrupt } from '../../lib/engine/reference/engine.ts';
import { answerHash, hashClient } from '../../lib/engine/host/hash-helper.ts';
import type { HashRequest } from '../../lib/engine/host/protocol.ts';
import { type OutputFile, runWasm, runWasmToBlob, runWasmToFile, type WasmEngine } from '../../lib/engine/host/run.ts';
import { xorshiftBytes } from './generators.ts';
import { untimed } from './untimed.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('flip modes in parallel chunks', () => {
  let engine: WasmEngine;
  beforeAll(async () => {
    engine = await loadWasmEngine();
  });

  /**
   * A helper over a channel to this process's module: each request crosses as a message would
   * (structuredClone: its fields and a copy of its bytes), and is answered after `delay(request)` ms.
   */
  const loopback = (delay: (request: FlipRequest) => number = () => 0): FlipHelper => {
    const client = flipClient((request) => {
      const sent = structuredClone(request);
      setTimeout(() => client.receive(answerFlip(engine, sent)), delay(request));
    });
    return client.helper;
  };

  for (const [mode, intensity, extra] of [
    ['byte_flip', 80, 12345],
    ['header_preserve_flip', 3, 65536 * 3 + 1],
  ] as const) {
    it(`${mode} at intensity ${intensity}: helpers change nothing but who does the work`, async () => {
      const input = xorshiftBytes(PARALLEL_MIN_BYTES + extra, 77);
      const calls: number[] = [];
      // Helpers that answer out of order (later pieces first) and from other memory.
      const helper = loopback((request) => {
        calls.push(request.piece.first);
        return (request.piece.last % 3) * 5;
      });
      const opts = { mode, intensity, seed: 2 ** 40 + 3 };
      const serial = await runWasm(engine, input, 'big.bin', opts);
      const parallel = await runWasm(engine, input, 'big.bin', opts, {}, [helper, helper]);
      expect(calls.length, 'the helpers did some of the chunks').toBeGreaterThan(0);
      expect(sha(parallel.data)).toBe(sha(serial.data));
      expect(untimed(parallel.report)).toEqual(untimed(serial.report));
      // WebCrypto hashed the input while the flip changed it in place: digest() copied it first.
      expect(parallel.report.sha256_before).toBe(sha(input));
      expect(parallel.report.sha256_after).toBe(sha(parallel.data));
    }, 120_000);
  }

  it('output written to a file, checksums by a hashing helper: the same bytes and report, few pieces in flight', async () => {
    const input = xorshiftBytes(PARALLEL_MIN_BYTES * 2 + 4099, 5);
    const opts = { mode: 'byte_flip', intensity: 80, seed: 99 } as const;
    const serial = await runWasm(engine, input, 'big.bin', opts);
    // A hasher over a loopback channel to this process's module, answering a little later.
    const streams = new Map();
    let inFlight = 0;
    let most = 0;
    const client = hashClient((request) => {
      const sent = structuredClone(request) as HashRequest;
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        client.receive(answerHash(engine, streams, sent));
      }, 2);
    });
    const written = new Uint8Array(input.length + 10);
    let size = -1;
    const file: OutputFile = {
      write: (bytes, { at }) => {
        written.set(bytes, at);
        return bytes.length;
      },
      truncate: (n) => {
        size = n;
      },
      flush: () => undefined,
    };
    const stored = await runWasmToFile(
      engine,
      new Blob([input as Uint8Array<ArrayBuffer>]),
      'big.bin',
      opts,
      {},
      [loopback()],
      file,
      client.hasher,
    );
    expect(stored.data).toBeUndefined();
    expect(size).toBe(serial.data.length);
    expect(sha(written.subarray(0, size))).toBe(sha(serial.data));
    expect(untimed(stored.report)).toEqual(untimed(serial.report));
    expect(stored.report.sha256_before).toBe(sha(input));
    expect(most, 'pieces in flight to the hasher').toBeLessThanOrEqual(3);
    expect(streams.size, 'both streams finished').toBe(0);
  }, 120_000);

  it('a write that fails: the output comes back as a Blob, and why', async () => {
    const input = xorshiftBytes(PARALLEL_MIN_BYTES + 5, 6);
    const opts = { mode: 'byte_flip', intensity: 30, seed: 7 } as const;
    const serial = await runWasm(engine, input, 'big.bin', opts);
    let writes = 0;
    const file: OutputFile = {
      write: (bytes) => {
        if (++writes === 2) throw new DOMException('quota', 'QuotaExceededError');
        return bytes.length;
      },
      truncate: () => undefined,
      flush: () => undefined,
    };
    const out = await runWasmToFile(
      engine,
      new Blob([input as Uint8Array<ArrayBuffer>]),
      'big.bin',
      opts,
      {},
      [],
      file,
    );
    expect(out.notStored).toBe('quota');
    expect(sha(new Uint8Array(await out.data!.arrayBuffer()))).toBe(sha(serial.data));
    expect(untimed(out.report)).toEqual(untimed(serial.report));
  }, 120_000);

  it("a text file whose byte_flip escalates: in place, early, on helpers, as a Blob: the reference engine's bytes", async () => {
    // A log whose first KiB byte_flip keeps: the verify stage must escalate (seed + 1, intensity 100).
    const line = new TextEncoder().encode('2026-11-21T00:00:00Z INFO served /index.html in 3 ms\n');
    const input = new Uint8Array(PARALLEL_MIN_BYTES + 777);
    for (let at = 0; at < input.length; at += line.length) input.set(line.subarray(0, input.length - at), at);
    const opts = { mode: 'byte_flip', intensity: 20, seed: 41 } as const;
    let pieces = 0;
    const helper = loopback(() => {
      pieces++;
      return 0;
    });
    const expected = referenceCorrupt(input.slice(), 'server.log', opts);
    expect(expected.report.escalated).toBe(true);
    const stages: string[] = [];
    // Read from a Blob, as the worker reads a File: sliced, hashed by the module piece by piece.
    const viaBlob = await runWasmToBlob(
      engine,
      new Blob([input]),
      'server.log',
      opts,
      { onStage: (s, m) => stages.push(`${s}: ${m}`) },
      [helper],
    );
    expect(pieces).toBeGreaterThan(0);
    expect(viaBlob.data).toBeInstanceOf(Blob);
    expect(sha(new Uint8Array(await viaBlob.data.arrayBuffer()))).toBe(sha(expected.data));
    expect(untimed(viaBlob.report)).toEqual(untimed(expected.report));
    expect(viaBlob.report.sha256_before).toBe(sha(input));
    expect(stages.filter((s) => s.startsWith('verify')).length, 'the escalation message is shown').toBe(2);
  }, 120_000);

  it("helper threads in Node (the npm CLI's and the benchmark's) give the bytes of one thread", async () => {
    const { helpers, close } = await startNodeHelpers(2);
    try {
      const input = xorshiftBytes(PARALLEL_MIN_BYTES * 2 + 4321, 5);
      const opts = { mode: 'header_preserve_flip', intensity: 60, seed: 7 } as const;
      const expected = referenceCorrupt(input.slice(), 'threads.bin', opts);
      const viaThreads = await runWasm(engine, input, 'threads.bin', opts, {}, helpers);
      expect(sha(viaThreads.data)).toBe(sha(expected.data));
      expect(untimed(viaThreads.report)).toEqual(untimed(expected.report));
      // A piece flipPart refuses comes back as an error rather than hanging or coming back unflipped.
      const piece = { n: 10, h: 0, k: 1, seed: 7, first: 0, last: 0 };
      await expect(helpers[0](new Uint8Array(10), { ...piece, seed: Number.NaN })).rejects.toThrow(
        'Invalid flip piece',
      );
      await expect(helpers[0](new Uint8Array(9), piece)).rejects.toThrow('Invalid flip piece');
      await expect(helpers[0](new Uint8Array(10), { ...piece, h: 10 })).rejects.toThrow('Invalid flip piece');
      const flipped = await helpers[0](new Uint8Array(10), piece);
      expect(flipped.filter((b) => b !== 0).length, 'one byte changed (k = 1)').toBe(1);
    } finally {
      await close();
    }
  }, 120_000);

  it('a helper that fails fails the run, after the pieces in flight, and the engine runs on', async () => {
    const input = xorshiftBytes(PARALLEL_MIN_BYTES + 5, 3);
    const opts = { mode: 'byte_flip', intensity: 50, seed: 9 } as const;
    let calls = 0;
    const working = loopback();
    const failing: FlipHelper = async (part, piece) => {
      if (++calls === 2) throw new Error('helper lost');
      return working(part, piece);
    };
    await expect(runWasm(engine, input, 'lost.bin', opts, {}, [failing, loopback()])).rejects.toThrow('helper lost');
    const again = await runWasm(engine, input, 'lost.bin', opts, {}, [loopback()]);
    expect(sha(again.data)).toBe(sha(referenceCorrupt(input.slice(), 'lost.bin', opts).data));
  }, 120_000);

  it('small inputs and other modes do not use helpers', async () => {
    let used = false;
    const helper: FlipHelper = async (part) => {
      used = true;
      return part;
    };
    await runWasm(engine, xorshiftBytes(1 << 20, 1), 'small.bin', { mode: 'byte_flip', intensity: 50, seed: 1 }, {}, [
      helper,
    ]);
    await runWasm(
      engine,
      xorshiftBytes(PARALLEL_MIN_BYTES, 1),
      'x.bin',
      { mode: 'truncate_insert', intensity: 50, seed: 1 },
      {},
      [helper],
    );
    expect(used).toBe(false);
  }, 60_000);
});
