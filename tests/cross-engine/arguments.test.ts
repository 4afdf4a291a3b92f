// The contract's argument checks (docs/contract.md, section 2) as the WebAssembly module's direct
// callers meet them: the reference engine's error texts, numbers printed as JavaScript's String(x)
// prints them, and the checks in the contract's order (mode, intensity, seed).
import { beforeAll, describe, expect, it } from 'vitest';
import { checkArguments } from '../../lib/engine/reference/errors.ts';
import { loadWasmEngine } from '../../lib/engine/host/node.ts';
import type { WasmEngine } from '../../lib/engine/host/run.ts';
import { xorshiftBytes } from './generators.ts';

/** The error text of `f`, or '' when it does not throw. */
function errorOf(f: () => unknown): string {
  try {
    f();
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Numbers whose text Rust and JavaScript print differently, or that sit on a boundary. */
const AWKWARD = [
  1e21,
  -1e21,
  1e-7,
  -1e-7,
  1.5e-7,
  0.000001,
  0.0000015,
  0.1 + 0.2,
  123456789012345680000,
  1e300,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  1.7976931348623157e308,
  5e-324,
  -5e-324,
  -0,
  0,
  100,
  100.5,
  101,
  -1,
  1.5,
  99.99999999999999,
  NaN,
  Infinity,
  -Infinity,
];

/** Doubles of every kind: random bit patterns (NaNs included). */
const randomDoubles = (count: number): number[] => {
  const view = new DataView(xorshiftBytes(count * 8, 2026).buffer);
  return Array.from({ length: count }, (_, i) => view.getFloat64(i * 8));
};

describe('the WebAssembly binding checks arguments as the contract says', () => {
  let wasm: WasmEngine;
  beforeAll(async () => {
    wasm = await loadWasmEngine();
  });

  const fromBuffer = (mode: string, intensity: number, seed: number) => () =>
    wasm.WasmJob.fromBuffer(new wasm.InputBuffer(3), 'a.bin', mode, intensity, seed).free();
  const reference = (mode: string, intensity: number, seed: number) => () => checkArguments(mode, intensity, seed, 3);

  it('prints invalid numbers as String(x) does, in both checks and in every entry point', () => {
    const mismatches: string[] = [];
    for (const x of [...AWKWARD, ...randomDoubles(2000)]) {
      for (const [intensity, seed] of [
        [x, 1],
        [1, x],
      ]) {
        const expected = errorOf(reference('byte_flip', intensity, seed));
        const got = [
          errorOf(() => wasm.checkArgs('byte_flip', intensity, seed)),
          errorOf(fromBuffer('byte_flip', intensity, seed)),
        ];
        if (got.some((g) => g !== expected)) mismatches.push(`${String(x)}: expected "${expected}", got ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The list exercises what it is for: a text Rust's formatting would get wrong, and an accepted -0.
    expect(errorOf(() => wasm.checkArgs('byte_flip', 1e21, 1))).toBe(
      'Intensity must be an integer from 0 to 100, got 1e+21',
    );
    expect(errorOf(() => wasm.checkArgs('byte_flip', -0, -0))).toBe('');
  });

  it('checks mode, then intensity, then seed, in every entry point', () => {
    for (const mode of ['nope', 'byte_flip']) {
      for (const intensity of [101, 5]) {
        for (const seed of [-1, 7]) {
          const expected = errorOf(reference(mode, intensity, seed));
          const context = `${mode} ${intensity} ${seed}`;
          expect(
            errorOf(() => wasm.checkArgs(mode, intensity, seed)),
            context,
          ).toBe(expected);
          expect(errorOf(fromBuffer(mode, intensity, seed)), context).toBe(expected);
        }
      }
    }
    expect(errorOf(fromBuffer('nope', 101, -1))).toBe('Unsupported corruption mode: nope');
  });
});
