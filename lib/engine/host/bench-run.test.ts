// The benchmark's memory in the WebAssembly module (docs/benchmark.md, "Memory"): after the worker's
// warm-up at rest, a run of every mode on both inputs grows the module by its two buffers and next to
// nothing else, since a run's own allocations fit in the memory the warm-up left free.
import { describe, expect, it } from 'vitest';
import { type BenchOptions, BENCH_INPUTS, MIB, planCells } from './bench.ts';
import { runCells, warmAtRest } from './bench-run.ts';
import { loadWasmEngine } from './node.ts';
import { ENGINE_MODES } from '../shared/types.ts';

describe('the benchmark in the module', () => {
  it('after the warm-up at rest, a run grows the module by its two buffers and at most 256 KiB more', async () => {
    const engine = await loadWasmEngine();
    await warmAtRest(engine);
    const atRest = engine.memory.buffer.byteLength;
    const size = 8 * MIB;
    const o: BenchOptions = {
      sizes_bytes: [size],
      modes: [...ENGINE_MODES],
      inputs: [...BENCH_INPUTS],
      engines: ['wasm'],
      intensity: 80,
      runs: 1,
      seed: 1,
      ts_max_bytes: null,
    };
    const rows = await runCells(engine, o, planCells(o));
    expect(rows).toHaveLength(ENGINE_MODES.length * BENCH_INPUTS.length);
    const growth = engine.memory.buffer.byteLength - atRest;
    // The two buffers are the input's size each; with a warm-up of 256 KiB the rest was 1.2 MiB.
    expect(growth).toBeGreaterThanOrEqual(2 * size);
    expect(growth).toBeLessThanOrEqual(2 * size + 256 * 1024);
  }, 120_000);
});
