// `import { corrupt } from 'fracture'` in Node: the engine runs in this process (the WebAssembly module,
// or the TypeScript reference engine); `data` is a Uint8Array.
import type { Report } from '../lib/engine/shared/types.ts';
import { nodeEngine, type NodeEngine } from './engine.ts';
import {
  abortable,
  abortError,
  type CorruptInput,
  type CorruptOptions,
  resolveOptions,
  type Variant,
  type VariantOptions,
  variantsWith,
} from './options.ts';

export type { CorruptInput, CorruptOptions, EngineMode, Report, Stage, Variant, VariantOptions } from './options.ts';
export { corruptedName, variantName } from './options.ts';

export interface CorruptResult {
  /** The corrupted bytes. */
  data: Uint8Array;
  /** The report: the engine's fields of `fracture --json`'s line (the CLI adds `replay`, `share_link`). */
  report: Report;
}

const engines = new Map<'wasm' | 'ts', Promise<NodeEngine>>();

function engineFor(kind: 'wasm' | 'ts'): Promise<NodeEngine> {
  let engine = engines.get(kind);
  if (!engine) {
    engine = nodeEngine(kind);
    // A failed load is not kept: the next call tries again.
    engine.catch(() => engines.delete(kind));
    engines.set(kind, engine);
  }
  return engine;
}

/** Corrupts a copy of `input`; resolves to the corrupted bytes and the report. */
export async function corrupt(input: CorruptInput, options: CorruptOptions = {}): Promise<CorruptResult> {
  const o = resolveOptions(input, options);
  if (options.signal?.aborted) throw abortError();
  const engine = await engineFor(o.engine);
  // The engine reads Uint8Arrays and Blobs; an ArrayBuffer is viewed, not copied (the engine copies it in).
  const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : input;
  const result = await engine.run(bytes, o.filename, o, o.seed, {
    onStage: abortable(options),
    onProgress: options.onProgress,
  });
  if (options.signal?.aborted) throw abortError();
  return result;
}

/** `count` variants of `input` with seeds `seed` ... `seed + count - 1`, as `fracture --count` makes them. */
export function corruptVariants(input: CorruptInput, options: VariantOptions): Promise<Variant<Uint8Array>[]> {
  return variantsWith(input, options, corrupt);
}
