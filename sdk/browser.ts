// `import { corrupt } from 'fracture'` in a browser app: the engine runs in a Web Worker (the site's own,
// lib/engine/host/worker.ts), found with the WebAssembly module through `new URL(..., import.meta.url)`,
// so a bundler such as Vite emits both with no plugin or setting. `data` is a Blob.
import { diagnose as diagnoseInWorker, corrupt as inWorker } from '../lib/engine/host/client.ts';
import { loadOutputsModule } from '../lib/engine/host-module/browser.ts';
import type { DiagnoseResult } from '../lib/engine/diagnose/result.ts';
import {
  abortError,
  type CorruptInput,
  type CorruptOptions,
  type Report,
  resolveOptions,
  type Variant,
  withReplay,
  type VariantOptions,
  variantsWith,
} from './options.ts';

export type { CorruptInput, CorruptOptions, EngineMode, Report, Stage, Variant, VariantOptions } from './options.ts';
export { corruptedName, SITE_ORIGIN, variantName } from './options.ts';
export type { DiagnoseCause, DiagnoseReport, DiagnoseResult } from '../lib/engine/diagnose/result.ts';

export interface DiagnoseOptions {
  /** The name the bytes go by (a File's own name by default, else `data`). */
  filename?: string;
  /** The original the input was damaged from: every difference is classified. */
  original?: Blob | Uint8Array;
}

/**
 * Names the known damage that explains `input` (docs/damage.md), with evidence and a confidence, in a
 * Web Worker: the diagnose module loads there the first time; the bytes never leave the page.
 */
export function diagnose(input: Blob | Uint8Array, options: DiagnoseOptions = {}): Promise<DiagnoseResult> {
  const blob = (b: Blob | Uint8Array) => (b instanceof Blob ? b : new Blob([b as Uint8Array<ArrayBuffer>]));
  const name = options.filename ?? (input instanceof File ? input.name : 'data');
  const original = options.original && blob(options.original);
  return diagnoseInWorker(blob(input), name, original, original ? 'original' : undefined);
}

export interface CorruptResult {
  /** The corrupted bytes, as a Blob (the worker streams them into one: no second copy in the page). */
  data: Blob;
  /** The report: every field of `fracture --json`'s line (the engine's, then `replay` and `share_link`). */
  report: Report;
}

/** Corrupts a copy of `input` in a Web Worker; resolves to the corrupted bytes and the report. */
export async function corrupt(input: CorruptInput, options: CorruptOptions = {}): Promise<CorruptResult> {
  const o = resolveOptions(input, options);
  if (options.signal?.aborted) throw abortError();
  // Bytes go over as a Blob, which crosses by reference: the caller's buffer is neither detached nor changed.
  const blob = input instanceof Blob ? input : new Blob([input as Uint8Array<ArrayBuffer>]);
  const result = await inWorker(
    blob,
    o.filename,
    {
      mode: o.mode,
      intensity: o.intensity,
      seed: o.seed,
      engine: o.engine,
      ranges: o.ranges,
      fixChecksums: o.fixChecksums,
      ...(o.member !== undefined ? { member: o.member } : {}),
      ...(o.direction !== undefined ? { direction: o.direction } : {}),
      ...(o.charset !== undefined ? { charset: o.charset } : {}),
      ...(o.bom !== undefined ? { bom: o.bom } : {}),
      ...(o.blockSize !== undefined ? { blockSize: o.blockSize } : {}),
    },
    { onStage: options.onStage, onProgress: options.onProgress },
    options.signal,
  );
  return { data: result.data, report: withReplay(await loadOutputsModule(), result.report, o.siteOrigin) };
}

/** `count` variants of `input` with seeds `seed` ... `seed + count - 1`, as `fracture --count` makes them. */
export function corruptVariants(input: CorruptInput, options: VariantOptions): Promise<Variant<Blob>[]> {
  return variantsWith(input, options, corrupt);
}
