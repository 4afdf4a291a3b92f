// `import { corruption } from 'fracture/fast-check'`: a fast-check arbitrary of corrupted copies, the
// JavaScript twin of the Python package's Hypothesis strategy (engine-rs/python, docs/python.md).
// fast-check is the user's (a peer dependency): this module imports it, the package does not ship it.
// fast-check makes values synchronously, so the engine runs here without awaiting anything: the
// WebAssembly module loaded synchronously on first use (run-sync.ts), or the TypeScript reference
// engine. docs/fast-check.md is the guide.
import { readFileSync } from 'node:fs';
import { constantFrom, integer, maxSafeNat, toStringMethod, tuple, type Arbitrary } from 'fast-check';
import { runWasmSync } from '../lib/engine/host/run-sync.ts';
import type { WasmEngine } from '../lib/engine/host/run.ts';
import * as glue from '../lib/engine/pkg/fracture_engine.js';
import * as outputsGlue from '../lib/engine/outputs-pkg/fracture_outputs.js';
import { corrupt as corruptReference } from '../lib/engine/reference/engine.ts';
import { checkArguments, checkOptions, MAX_INTENSITY } from '../lib/engine/reference/errors.ts';
import { FIX_CHECKSUM_MODES, RANGE_MODES } from '../lib/engine/shared/mode-tables.ts';
import { resolveMode } from '../lib/engine/shared/modes.ts';
import { ENGINE_MODES, type EngineMode } from '../lib/engine/shared/types.ts';
import { type CorruptOptions, type Report, resolveOptions, withReplay } from './options.ts';

export type { EngineMode, Report } from './options.ts';

/** One corrupted copy: what the SDK's `corrupt()` resolves to for the drawn mode, intensity and seed. */
export interface Corruption {
  /** The corrupted bytes. */
  data: Uint8Array;
  /** The report, as `corrupt()` makes it (timings aside); `report.replay` makes the same bytes again. */
  report: Report;
}

export interface CorruptionOptions
  extends Pick<CorruptOptions, 'filename' | 'ranges' | 'fixChecksums' | 'engine' | 'siteOrigin'> {
  /**
   * The modes drawn from, engine or UI names, in the order the shrinker prefers (the first one
   * first). Default: every engine mode that takes the other options, in the contract's order (with
   * `ranges` or `fixChecksums`, byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and
   * misdirected_write).
   */
  modes?: readonly string[];
  /** The highest intensity drawn, an integer 0-100. Default 100. */
  maxIntensity?: number;
}

/**
 * An arbitrary of corrupted copies of `base`: each draws a mode, an intensity (0 to `maxIntensity`)
 * and a seed (0 to 2^53 - 1), in that order, and runs the engine on them. A failing property shrinks
 * toward the first mode, the lowest intensity and the smallest seed: as little damage as still fails.
 * `filename` (default `input`) picks the format, as in `corrupt()`. Bad options throw here, with the
 * engine's and the command lines' texts. `base` is copied: changing it later changes nothing.
 */
export function corruption(base: Uint8Array | ArrayBuffer, options: CorruptionOptions = {}): Arbitrary<Corruption> {
  if (!(base instanceof Uint8Array) && !(base instanceof ArrayBuffer)) {
    throw new TypeError(`base must be a Uint8Array or an ArrayBuffer, not ${typeName(base)}`);
  }
  const data = new Uint8Array(base).slice();
  const { modes, maxIntensity = MAX_INTENSITY, ...rest } = options;
  if (!Number.isInteger(maxIntensity) || maxIntensity < 0 || maxIntensity > MAX_INTENSITY) {
    throw new Error(`Intensity must be an integer from 0 to ${MAX_INTENSITY}, got ${String(maxIntensity)}`);
  }
  const given = (rest.ranges?.only?.length ?? 0) + (rest.ranges?.protect?.length ?? 0) > 0;
  const chosen: readonly string[] =
    modes ?? (given || rest.fixChecksums === true ? intersect(RANGE_MODES, FIX_CHECKSUM_MODES) : ENGINE_MODES);
  if (typeof chosen === 'string' || !Array.isArray(chosen)) throw new TypeError('modes must be an array of mode names');
  if (chosen.length === 0) throw new Error('modes must name at least one mode');
  const engineModes: EngineMode[] = [];
  for (const name of chosen) {
    const mode = resolveMode(name);
    if (!mode) throw new Error(`Unsupported corruption mode: ${String(name)}`);
    // The engine's checks that need no input, with its texts: the size, then the options per mode.
    checkArguments(mode, 0, 0, data.length);
    checkOptions(mode, rest);
    if (!engineModes.includes(mode)) engineModes.push(mode);
  }
  // The host options (filename, engine, siteOrigin) with corrupt()'s defaults and checks.
  const o = resolveOptions(data, { ...rest, mode: engineModes[0], seed: 0 });
  const wasm = o.engine === 'wasm' ? wasmEngine() : undefined;
  const run: typeof corruptReference = wasm ? (...args) => runWasmSync(wasm, ...args) : corruptReference;
  const outputs = outputsModule();
  return tuple(constantFrom(...engineModes), integer({ min: 0, max: maxIntensity }), maxSafeNat()).map(
    ([mode, intensity, seed]) => {
      const result = run(data, o.filename, { mode, intensity, seed, ranges: o.ranges, fixChecksums: o.fixChecksums });
      const value: Corruption = { data: result.data, report: withReplay(outputs, result.report, o.siteOrigin) };
      // fast-check prints a counterexample by this (not its bytes), as Hypothesis prints the Python
      // strategy's draw: `corruption({"mode":"bit_rot","intensity":12,"seed":0})`.
      Object.defineProperty(value, toStringMethod, {
        value: () => `corruption(${JSON.stringify({ mode, intensity, seed })})`,
        enumerable: false,
      });
      return value;
    },
  );
}

let loaded: WasmEngine | undefined;
let outputsLoaded = false;

/** The outputs module (the replay command and share link of every report), compiled synchronously, once. */
function outputsModule(): typeof outputsGlue {
  if (!outputsLoaded) {
    outputsGlue.initSync({
      module: readFileSync(new URL('../lib/engine/outputs-pkg/fracture_outputs_bg.wasm', import.meta.url)),
    });
    outputsLoaded = true;
  }
  return outputsGlue;
}

/**
 * The module the package ships (beside the glue imported above), compiled and instantiated
 * synchronously, once. The glue keeps one instance: when the SDK's `corrupt()` has loaded the same
 * glue file already, this is that instance.
 */
function wasmEngine(): WasmEngine {
  if (!loaded) {
    const bytes = readFileSync(new URL('../lib/engine/pkg/fracture_engine_bg.wasm', import.meta.url));
    const exports = glue.initSync({ module: bytes });
    loaded = { ...glue, memory: exports.memory };
  }
  return loaded;
}

const intersect = (a: readonly EngineMode[], b: readonly EngineMode[]) => a.filter((m) => b.includes(m));

const typeName = (x: unknown) =>
  x === null ? 'null' : typeof x === 'object' ? (x.constructor?.name ?? 'an object') : typeof x;
