// ENGINE.md lets a file's chunks run in any order: the flip modes' corrupt stage spread over helper
// workers gives the same bytes and report as one worker doing every chunk.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../web/src/engine/shared/types.ts';
import { loadWasmEngine } from '../../web/src/engine/wasm/node.ts';
import { PARALLEL_MIN_BYTES, runWasm, type FlipHelper, type WasmEngine } from '../../web/src/engine/wasm/run.ts';
import { xorshiftBytes } from './generators.ts';

const untimed = (r: Report) => Object.entries(r).filter(([k]) => k !== 'time_ms' && k !== 'ops_ms');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('flip modes in parallel chunks', () => {
  let engine: WasmEngine;
  beforeAll(async () => {
    engine = await loadWasmEngine();
  });

  for (const [mode, intensity, extra] of [['byte_flip', 80, 12345], ['header_preserve_flip', 3, 65536 * 3 + 1]] as const) {
    it(`${mode} at intensity ${intensity}: helpers change nothing but who does the work`, async () => {
      const input = xorshiftBytes(PARALLEL_MIN_BYTES + extra, 77);
      const calls: number[] = [];
      // Helpers that answer out of order (later pieces first) and from other memory.
      const helper: FlipHelper = async (part, start, n, h, k, seed, first, last) => {
        calls.push(first);
        await new Promise((r) => setTimeout(r, (last % 3) * 5));
        const copy = part.slice();
        engine.flipPart(copy, start, n, h, k, seed, first, last);
        return copy;
      };
      const opts = { mode, intensity, seed: 2 ** 40 + 3 };
      const serial = await runWasm(engine, input, 'big.bin', opts);
      const parallel = await runWasm(engine, input, 'big.bin', opts, {}, [helper, helper]);
      expect(calls.length, 'the helpers did some of the chunks').toBeGreaterThan(0);
      expect(sha(parallel.data)).toBe(sha(serial.data));
      expect(untimed(parallel.report)).toEqual(untimed(serial.report));
    }, 120_000);
  }

  it('small inputs and other modes do not use helpers', async () => {
    let used = false;
    const helper: FlipHelper = async (part) => {
      used = true;
      return part;
    };
    await runWasm(engine, xorshiftBytes(1 << 20, 1), 'small.bin', { mode: 'byte_flip', intensity: 50, seed: 1 }, {}, [helper]);
    await runWasm(engine, xorshiftBytes(PARALLEL_MIN_BYTES, 1), 'x.bin', { mode: 'truncate_insert', intensity: 50, seed: 1 }, {}, [helper]);
    expect(used).toBe(false);
  }, 60_000);
});
