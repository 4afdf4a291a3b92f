// `fracture bench` in both CLIs as users run it (subprocesses, tiny sizes): the schema of
// docs/benchmark.md, the reference engine's cap, --compare passing and failing, the same errors; and
// the WebAssembly module's inputs are the core's (the digests engine-rs/core/src/bench.rs checks).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchResult } from '../../lib/engine/host/bench.ts';
import { loadOutputsModule } from '../../lib/engine/host-module/node.ts';
import { loadWasmEngine } from '../../lib/engine/host/node.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'fracture-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const native = (args: string[]) => spawnSync(NATIVE, ['bench', ...args], { encoding: 'utf8' });
const outputs = await loadOutputsModule();
const npm = (args: string[]) => spawnSync(process.execPath, [NPM, 'bench', ...args], { encoding: 'utf8' });
const SMALL = ['--sizes', '64K', '--runs', '2', '--modes', 'byte_flip,truncate_insert'];

function json(r: ReturnType<typeof npm>): BenchResult {
  expect([r.status, r.stderr]).toEqual([0, '']);
  const v = JSON.parse(r.stdout) as unknown;
  // A result both CLIs' --compare read (fracture-host's rule).
  expect(outputs.benchOldProblem(r.stdout)).toBeUndefined();
  return v as BenchResult;
}

/** OLD.json: `result` with every median time multiplied by `factor`. */
function old(result: BenchResult, factor: number): string {
  const file = path.join(dir, `old-${factor}.json`);
  const rows = result.rows.map((r) => ({ ...r, median_ms: r.median_ms * factor }));
  writeFileSync(file, JSON.stringify({ ...result, rows }));
  return file;
}

describe('fracture bench', () => {
  it("the module's inputs are the core's bytes (the known answers of engine-rs/core/src/bench.rs)", async () => {
    const engine = await loadWasmEngine();
    const digest = (kind: string) => {
      const buffer = engine.InputBuffer.benchInput(kind, 100_000, 1);
      try {
        return createHash('sha256')
          .update(new Uint8Array(engine.memory.buffer, buffer.ptr(), buffer.size()))
          .digest('hex');
      } finally {
        buffer.free();
      }
    };
    expect(digest('random')).toBe('bbf0451cc693b089333aa12d00cc71ecc1e4b735cd0599ab13cff680411e1149');
    expect(digest('png')).toBe('836bd464ed94461f7b5a88dcaf16e5877475c2585ebf97ac6836c4accbd0a719');
    expect(() => engine.InputBuffer.benchInput('png', 4095, 1)).toThrow('A png input needs at least 4096 bytes');
    expect(() => engine.InputBuffer.benchInput('gif', 10, 1)).toThrow('Unknown input: gif');
  });

  it('npm: a row per mode, engine and input, the reference engine at its cap, figures in order', () => {
    const result = json(npm([...SMALL, '--sizes', '128K', '--ts-max-mib', '64K', '--json']));
    expect(result.environment.host).toBe('node');
    expect(result.options.engines).toEqual(['wasm', 'ts']);
    expect(result.options.ts_max_bytes).toBe(65536);
    const seen = result.rows.map((r) => `${r.mode} ${r.engine} ${r.input} ${r.size_bytes}`);
    expect(seen).toEqual([
      'byte_flip wasm random 131072',
      'byte_flip wasm png 131072',
      'byte_flip ts random 65536',
      'byte_flip ts png 65536',
      'truncate_insert wasm random 131072',
      'truncate_insert wasm png 131072',
      'truncate_insert ts random 65536',
      'truncate_insert ts png 65536',
    ]);
    for (const r of result.rows) {
      expect(r.runs).toBe(2);
      expect(r.median_mib_s).toBeGreaterThan(0);
      expect(r.min_mib_s).toBeLessThanOrEqual(r.median_mib_s);
      expect(r.median_mib_s).toBeLessThanOrEqual(r.max_mib_s);
    }
  });

  it('native and npm write the same schema: the same keys, and rows of the same work', () => {
    const a = json(native([...SMALL, '--json']));
    const b = json(npm([...SMALL, '--engine', 'wasm', '--json']));
    expect(a.environment.host).toBe('native');
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(Object.keys(a.environment)).toEqual(Object.keys(b.environment));
    expect(Object.keys(a.options)).toEqual(Object.keys(b.options));
    expect(Object.keys(a.rows[0])).toEqual(Object.keys(b.rows[0]));
    const work = (r: BenchResult['rows'][number]) => [r.mode, r.input, r.size_bytes, r.intensity, r.seed, r.runs];
    expect(a.rows.map(work)).toEqual(b.rows.map(work));
  });

  it('--compare: passes against a slower OLD, exits 1 naming the rows against a faster one', () => {
    const base = json(npm([...SMALL, '--engine', 'wasm', '--json']));
    const pass = npm([...SMALL, '--engine', 'wasm', '--compare', old(base, 100)]);
    expect([pass.status, pass.stderr]).toEqual([0, '']);
    expect(pass.stdout).toMatch(/ratio/);
    expect(pass.stdout).not.toMatch(/SLOWER/);
    const fastOld = old(base, 0.001);
    const fail = npm([...SMALL, '--engine', 'wasm', '--compare', fastOld, '--json']);
    expect(fail.status).toBe(1);
    expect(fail.stderr).toBe('fracture: 4 rows slower than OLD by more than 1.25x\n');
    const compared = (JSON.parse(fail.stdout) as BenchResult).compare ?? [];
    expect(compared).toHaveLength(4);
    for (const c of compared) expect(c.ratio).toBeGreaterThan(1.25);
    // A row OLD lacks is new, and never fails; the native CLI reads the npm CLI's OLD too.
    const ts = npm([...SMALL, '--engine', 'ts', '--compare', fastOld]);
    expect([ts.status, ts.stdout]).toEqual([0, expect.stringMatching(/ {7}- {5}new\n/)]);
    const nat = native([...SMALL, '--compare', fastOld]);
    expect(nat.status).toBe(0);
    expect(nat.stdout).toMatch(/new\n/);
  });

  it('on a terminal: the same progress line from both (messages.toml), the row, its engine and size', () => {
    // `script` gives the command a terminal; the line is drawn only there, and never with --json.
    const onTty = (command: string, more = '') =>
      spawnSync(
        'script',
        ['-qec', `${command} bench ${SMALL.join(' ')} --inputs random${more} > /dev/null`, '/dev/null'],
        {
          encoding: 'utf8',
        },
      ).stdout;
    const lines = (text: string) => text.split('\r').filter((l) => l.startsWith('fracture bench:'));
    const [a, b] = [onTty(NATIVE), onTty(`${process.execPath} ${NPM}`, ' --engine wasm')].map(lines);
    expect(a).toEqual([
      'fracture bench: 1/2 byte_flip native random 64 KiB\x1b[K',
      'fracture bench: 2/2 truncate_insert native random 64 KiB\x1b[K',
    ]);
    expect(b).toEqual(a.map((l) => l.replace('native', 'wasm')));
  });

  it('bad arguments and a file of another schema: exit 2 and the same line in both CLIs', () => {
    const other = path.join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ schema: 'hyperfine', rows: [] }));
    for (const [args, line] of [
      [
        ['--sizes', '0'],
        'fracture: Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got 0 (see fracture bench --help)',
      ],
      [['--runs', '101'], 'fracture: Runs must be an integer from 1 to 100, got 101 (see fracture bench --help)'],
      [
        ['--sizes', '2K', '--inputs', 'png'],
        'fracture: A png input needs at least 4096 bytes, not 2048 (see fracture bench --help)',
      ],
      [
        ['--max-slowdown', '0.9'],
        'fracture: Max slowdown must be a number of at least 1, got 0.9 (see fracture bench --help)',
      ],
      [
        ['--sizes', '64K', '--compare', other],
        `fracture: ${other} is not a fracture-bench version 1 result (docs/benchmark.md) (see fracture bench --help)`,
      ],
    ] as const) {
      for (const r of [native([...args]), npm([...args])]) {
        expect([r.status, r.stderr, r.stdout]).toEqual([2, `${line}\n`, '']);
      }
    }
  });
});
