// Facts about this build that pages state, measured rather than written by hand (docs/product.md, "Honest claims").
import { EXTENSIONS } from '../../../lib/engine/reference/extensions.ts';
import { formatSize } from '../workspace/format.ts';

// Defined by web/scripts/build.mjs from the emitted .wasm file; absent in dev and unit tests.
declare const __WASM_BYTES__: number | null | undefined;

/** Size in bytes of the WebAssembly engine this build ships, or null when unknown. */
export const WASM_BYTES: number | null = typeof __WASM_BYTES__ === 'number' ? __WASM_BYTES__ : null;

/** "412.3 KB WebAssembly engine", or "WebAssembly engine" when the size is unknown. */
export function wasmEngineNoun(bytes: number | null = WASM_BYTES): string {
  return bytes === null ? 'WebAssembly engine' : `${formatSize(bytes)} WebAssembly engine`;
}

/** How many file extensions the engine recognises (its extension table). */
export const RECOGNISED_EXTENSIONS = EXTENSIONS.length;

/** The spec's "200+ formats" claim, made only while the extension table backs it; else the count. */
export function formatCountClaim(count: number = RECOGNISED_EXTENSIONS): string {
  const CLAIM = 200;
  return count >= CLAIM ? `${CLAIM}+` : String(count);
}
