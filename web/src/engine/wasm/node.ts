// Loads the WebAssembly engine in Node (the CLI, the tests, the benchmark): the same module the
// browser runs, read from disk instead of fetched.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { WasmEngine } from './run.ts';

/** web/src/engine/wasm/pkg, found from wherever this file runs (source or web/dist-node). */
export function wasmPkgDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [path.join(dir, 'pkg'), path.join(dir, 'src/engine/wasm/pkg'), path.join(dir, 'web/src/engine/wasm/pkg')]) {
      if (existsSync(path.join(candidate, 'fracture_engine.js'))) return candidate;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('The WebAssembly engine is not built: run `make wasm` first');
    dir = up;
  }
}

let loaded: Promise<WasmEngine> | undefined;

export function loadWasmEngine(): Promise<WasmEngine> {
  loaded ??= (async () => {
    const dir = wasmPkgDir();
    const mod = await import(pathToFileURL(path.join(dir, 'fracture_engine.js')).href);
    const exports = await mod.default({ module_or_path: await readFile(path.join(dir, 'fracture_engine_bg.wasm')) });
    return { ...mod, memory: exports.memory } as WasmEngine;
  })();
  return loaded;
}
