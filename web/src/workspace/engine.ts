// The engine the workspace runs: the WebAssembly engine in its Web Worker (never on the main thread).
// Nothing of it is in the page's first load: the client module, its worker and the .wasm module come
// with the first file added, or when the page is idle (heavy.ts).
import type { CorruptFn } from './run.ts';
import { loadEngineClient } from './heavy.ts';

export const corrupt: CorruptFn = async (file, name, options, callbacks, signal, place) =>
  (await loadEngineClient()).corrupt(file, name, options, callbacks, signal, place);
