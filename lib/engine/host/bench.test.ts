import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOutputsModule } from '../host-module/node.ts';
import {
  type BenchOptions,
  type BenchResult,
  benchRow,
  markdown,
  MIB,
  pageTsCap,
  planCells,
  SCHEMA,
  stats,
  VERSION,
  wasmThreads,
} from './bench.ts';
import { runOrder } from './bench-run.ts';

const OPTIONS: BenchOptions = {
  sizes_bytes: [8 * MIB, 32 * MIB, 64 * MIB],
  modes: ['byte_flip', 'bit_rot'],
  inputs: ['random', 'png'],
  engines: ['wasm', 'ts'],
  intensity: 80,
  runs: 3,
  seed: 1,
  ts_max_bytes: 16 * MIB,
};

describe('the benchmark schema', () => {
  it('plans sizes, then modes, engines and inputs; the reference engine once at its cap above it', () => {
    const cells = planCells(OPTIONS).map((c) => `${c.size_bytes / MIB} ${c.mode} ${c.engine} ${c.input}`);
    expect(cells.slice(0, 4)).toEqual([
      '8 byte_flip wasm random',
      '8 byte_flip wasm png',
      '8 byte_flip ts random',
      '8 byte_flip ts png',
    ]);
    expect(cells.filter((c) => c.includes(' ts ')).map((c) => c.split(' ')[0])).toEqual([
      '8',
      '8',
      '8',
      '8',
      '16',
      '16',
      '16',
      '16',
    ]);
    expect(cells.filter((c) => c.includes(' wasm '))).toHaveLength(12);
  });

  it('median of odd and even counts, MiB/s from the fastest and slowest runs', () => {
    expect(stats([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(stats([4, 1, 2, 3])).toEqual({ median: 2.5, min: 1, max: 4 });
    const row = benchRow(
      { mode: 'byte_flip', engine: 'wasm', input: 'png', size_bytes: MIB },
      OPTIONS,
      [500, 250, 1000],
    );
    expect([row.median_ms, row.median_mib_s, row.min_mib_s, row.max_mib_s]).toEqual([500, 2, 1, 4]);
  });

  it("is a result the command lines compare with (fracture-host's rule), and reads as Markdown", async () => {
    const outputs = await loadOutputsModule();
    const rows = [benchRow({ mode: 'byte_flip', engine: 'wasm', input: 'png', size_bytes: MIB }, OPTIONS, [300])];
    const old: BenchResult = {
      schema: SCHEMA,
      version: VERSION,
      environment: {} as BenchResult['environment'],
      options: OPTIONS,
      rows: [{ ...rows[0], median_ms: 200 }],
    };
    expect(outputs.benchOldProblem(JSON.stringify(old))).toBeUndefined();
    const [table, slower] = outputs.benchEmit(JSON.stringify({ ...old, rows }), JSON.stringify(old), false, 1.25);
    expect(table).toMatch(/ 1\.50x {2}SLOWER\n/);
    expect(slower).toBe('fracture: 1 row slower than OLD by more than 1.25x');
    expect(outputs.benchOldProblem(JSON.stringify({ ...old, version: 2 }))).toMatch(/version 1/);
    expect(outputs.benchOldProblem(JSON.stringify({ ...old, rows: [{ mode: 'byte_flip' }] }))).toMatch(/version 1/);
    expect(markdown({ ...old, environment: { ...old.environment, cores: 2 } })).toContain(
      '| byte_flip | wasm | png | 1 MiB | 3.3 |',
    );
  });
});

describe('runOrder', () => {
  it('runs one size at a time, the reference rows first, a capped one with the first size it belongs to', () => {
    const groups = runOrder(OPTIONS, planCells(OPTIONS));
    const show = (g: ReturnType<typeof planCells>) =>
      g.map((c) => `${c.engine} ${c.input} ${c.mode} ${c.size_bytes / MIB}`);
    expect(groups.map(show)).toEqual([
      [
        'ts random byte_flip 8',
        'ts random bit_rot 8',
        'ts png byte_flip 8',
        'ts png bit_rot 8',
        'wasm random byte_flip 8',
        'wasm random bit_rot 8',
        'wasm png byte_flip 8',
        'wasm png bit_rot 8',
      ],
      [
        'ts random byte_flip 16',
        'ts random bit_rot 16',
        'ts png byte_flip 16',
        'ts png bit_rot 16',
        'wasm random byte_flip 32',
        'wasm random bit_rot 32',
        'wasm png byte_flip 32',
        'wasm png bit_rot 32',
      ],
      ['wasm random byte_flip 64', 'wasm random bit_rot 64', 'wasm png byte_flip 64', 'wasm png bit_rot 64'],
    ]);
    expect(groups.flat()).toHaveLength(planCells(OPTIONS).length);
  });

  it("the page's reference cap is a quarter of the size, at least 4 KiB, at most 16 MiB", () => {
    expect([pageTsCap(4096), pageTsCap(64 * 1024), pageTsCap(16 * MIB), pageTsCap(200 * MIB)]).toEqual([
      4096,
      16 * 1024,
      4 * MIB,
      16 * MIB,
    ]);
  });
});

describe('wasmThreads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers no in a page that is not cross-origin isolated without making a shared memory', () => {
    // Chromium reports a shared memory made there as a deprecated use (Lighthouse's Best Practices).
    vi.stubGlobal('crossOriginIsolated', false);
    const memory = vi.spyOn(WebAssembly, 'Memory');
    expect(wasmThreads()).toBe(false);
    expect(memory).not.toHaveBeenCalled();
  });

  it('asks the engine for a shared memory where the host is isolated', () => {
    vi.stubGlobal('crossOriginIsolated', true);
    expect(wasmThreads()).toBe(true);
  });
});
