// The benchmark's memory in the WebAssembly module (docs/benchmark.md, "Memory"): after the worker's
// warm-up at rest, a run of every mode on both inputs grows the module by its input and a few pieces,
// never a second copy of the input (the streamed run; a whole-buffer call holds input and output).
import { describe, expect, it } from 'vitest';
import { type BenchOptions, BENCH_INPUTS, MIB, planCells } from './bench.ts';
import { runCells, warmAtRest } from './bench-run.ts';
import { loadWasmEngine } from './node.ts';
import { ENGINE_MODES } from '../shared/types.ts';

describe('the benchmark in the module', () => {
  it('after the warm-up at rest, a run grows the module by its input and at most 2 MiB more', async () => {
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
    expect(growth).toBeGreaterThanOrEqual(size);
    expect(growth).toBeLessThanOrEqual(size + 2 * MIB);
  }, 120_000);
});
