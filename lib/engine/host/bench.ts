// The benchmark of docs/benchmark.md in the JavaScript hosts, without the engines: its schema, the
// rows of a run, their figures, the comparison with an earlier run and the Markdown table. The page
// loads this; the timed runs are in bench-run.ts, which the worker and the npm CLI load.
import { ENGINE_VERSION } from '../shared/types.ts';

export const SCHEMA = 'fracture-bench';
/** The name of a benchmark's engine worker: it skips the workspace's warm-up (the runs have their own). */
export const BENCH_WORKER_NAME = 'fracture-bench';
export const VERSION = 1;
export const MIB = 1_048_576;
/** The reference engine's rows run at most this size unless told otherwise (docs/benchmark.md). */
export const TS_MAX_BYTES = 16 * MIB;

/**
 * The page's cap of the reference engine at input size `size`: a quarter of it (at least the smallest
 * PNG), at most TS_MAX_BYTES. A quarter, because the reference engine's output is a new array beside
 * its input and its stages leave garbage the browser collects when it likes (two to three times what
 * it runs on, measured at 8 MiB): at half the size its rows alone grew the tab by 2.06x the page's
 * 16 MiB, past the page's claim (docs/benchmark.md, "Memory").
 */
export const pageTsCap = (size: number) => Math.min(TS_MAX_BYTES, Math.max(4096, Math.floor(size / 4)));
/** The untimed run before each cell's timed runs. */
export const WARM_UP_BYTES = MIB;
export const BENCH_INPUTS = ['random', 'png'] as const;
export type BenchInput = (typeof BENCH_INPUTS)[number];
/** The smallest size of each input (a PNG needs room for its headers and a row). */
export const INPUT_MIN_BYTES: Record<BenchInput, number> = { random: 0, png: 4096 };
export type JsEngine = 'wasm' | 'ts';
export type BenchEngine = JsEngine | 'native';

export interface BenchOptions {
  sizes_bytes: number[];
  modes: string[];
  inputs: BenchInput[];
  engines: BenchEngine[];
  intensity: number;
  runs: number;
  seed: number;
  ts_max_bytes: number | null;
}

export interface BenchEnvironment {
  host: 'native' | 'node' | 'browser';
  engine_version: string;
  os: string | null;
  arch: string | null;
  cores: number | null;
  user_agent: string | null;
  wasm_simd: boolean | null;
  wasm_threads: boolean | null;
  runtime: string;
  date: string;
}

export interface BenchRow {
  mode: string;
  engine: BenchEngine;
  input: BenchInput;
  size_bytes: number;
  intensity: number;
  seed: number;
  runs: number;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  median_mib_s: number;
  min_mib_s: number;
  max_mib_s: number;
}

export interface CompareRow {
  mode: string;
  engine: BenchEngine;
  input: BenchInput;
  size_bytes: number;
  old_ms: number;
  new_ms: number;
  ratio: number;
}

export interface BenchResult {
  schema: typeof SCHEMA;
  version: typeof VERSION;
  environment: BenchEnvironment;
  options: BenchOptions;
  rows: BenchRow[];
  compare?: CompareRow[];
}

/** One row to measure. */
export interface Cell {
  mode: string;
  engine: JsEngine;
  input: BenchInput;
  size_bytes: number;
}

export const fileName = (input: BenchInput) => (input === 'png' ? 'bench.png' : 'bench.bin');

/** The rows of a run, in the schema's order: sizes, then modes, engines and inputs; a reference row
 * above the cap runs at the cap (once, when several sizes are above it). */
export function planCells(o: BenchOptions): Cell[] {
  const cells: Cell[] = [];
  const seen = new Set<string>();
  for (const size of o.sizes_bytes)
    for (const mode of o.modes)
      for (const engine of o.engines)
        for (const input of o.inputs) {
          if (engine === 'native') continue;
          const size_bytes = engine === 'ts' && o.ts_max_bytes !== null ? Math.min(size, o.ts_max_bytes) : size;
          const key = `${mode} ${engine} ${input} ${size_bytes}`;
          if (seen.has(key)) continue;
          seen.add(key);
          cells.push({ mode, engine, input, size_bytes });
        }
  return cells;
}

/** Median, fastest and slowest of `times`. */
export function stats(times: readonly number[]): { median: number; min: number; max: number } {
  const t = [...times].sort((a, b) => a - b);
  const n = t.length;
  if (n === 0) return { median: 0, min: 0, max: 0 };
  const median = n % 2 === 1 ? t[(n - 1) / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
  return { median, min: t[0], max: t[n - 1] };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
export const mibPerSecond = (size: number, ms: number) => (ms > 0 ? size / MIB / (ms / 1000) : 0);

export function benchRow(cell: Cell, o: BenchOptions, times: readonly number[]): BenchRow {
  const { median, min, max } = stats(times);
  const s = cell.size_bytes;
  return {
    mode: cell.mode,
    engine: cell.engine,
    input: cell.input,
    size_bytes: s,
    intensity: o.intensity,
    seed: o.seed,
    runs: times.length,
    median_ms: round3(median),
    min_ms: round3(min),
    max_ms: round3(max),
    median_mib_s: round3(mibPerSecond(s, median)),
    min_mib_s: round3(mibPerSecond(s, max)),
    max_mib_s: round3(mibPerSecond(s, min)),
  };
}

/** The part of the WebAssembly global the checks below use (Node's own types do not declare it). */
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      validate(bytes: Uint8Array): boolean;
      Memory: new (d: { initial: number; maximum: number; shared: boolean }) => { buffer: unknown };
    };
  }
).WebAssembly;

/** WebAssembly SIMD: whether a module with one v128 instruction validates. */
export function wasmSimd(): boolean {
  try {
    return Wasm.validate(
      new Uint8Array([
        0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
      ]),
    );
  } catch {
    return false;
  }
}

/**
 * WebAssembly threads: shared memory is available (in a page, only when cross-origin isolated). A page
 * that is not isolated answers no without making a shared memory: Chromium still allows one there but
 * reports the deprecated use ("SharedArrayBuffer will require cross-origin isolation"), which costs
 * /benchmark Lighthouse's Best Practices audit `deprecations`.
 */
export function wasmThreads(): boolean {
  if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === false) return false;
  try {
    return new Wasm.Memory({ initial: 1, maximum: 1, shared: true }).buffer instanceof SharedArrayBuffer;
  } catch {
    return false;
  }
}

export function environment(
  host: BenchEnvironment['host'],
  fields: Pick<BenchEnvironment, 'os' | 'arch' | 'cores' | 'user_agent' | 'runtime'>,
  date = new Date(),
): BenchEnvironment {
  return {
    host,
    engine_version: ENGINE_VERSION,
    os: fields.os,
    arch: fields.arch,
    cores: fields.cores,
    user_agent: fields.user_agent,
    wasm_simd: wasmSimd(),
    wasm_threads: wasmThreads(),
    runtime: fields.runtime,
    date: date.toISOString(),
  };
}

export function sizeText(size: number): string {
  if (size % MIB === 0) return `${size / MIB} MiB`;
  if (size % 1024 === 0) return `${size / 1024} KiB`;
  return `${size} B`;
}

/** The result as a Markdown table: one line per row. */
export function markdown(result: BenchResult): string {
  const e = result.environment;
  const lines = [
    `Fracture benchmark (${e.engine_version}; ${e.runtime}; ${e.cores ?? '?'} cores; intensity ${result.options.intensity}, ${result.options.runs} runs, seed ${result.options.seed}; ${e.date})`,
    '',
    '| mode | engine | input | size | median MiB/s | range MiB/s |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...result.rows.map(
      (r) =>
        `| ${r.mode} | ${r.engine} | ${r.input} | ${sizeText(r.size_bytes)} | ${r.median_mib_s.toFixed(1)} | ${r.min_mib_s.toFixed(1)}-${r.max_mib_s.toFixed(1)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
