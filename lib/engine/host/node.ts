// Loads the WebAssembly engine in Node (the CLI, the tests, the benchmark): the same module the
// browser runs, read from disk instead of fetched.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { flipClient, type FlipReply } from './helper-client.ts';
import type { FlipHelper, Sha256, WasmEngine } from './run.ts';

/** lib/engine/pkg (the module engine-rs/wasm builds), found from wherever this file runs (source or dist/). */
export function wasmPkgDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [path.join(dir, '../pkg'), path.join(dir, 'lib/engine/pkg')]) {
      if (existsSync(path.join(candidate, 'fracture_engine.js'))) return candidate;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('The WebAssembly engine is not built: run `make wasm` first');
    dir = up;
  }
}

/**
 * SHA-256 by Node's crypto (OpenSSL, x86 SHA extensions where there are some), on the bytes where they
 * lie: WebCrypto's digest() would first copy them, 200 MB of fresh memory per hash for a large file.
 */
export const nodeSha256: Sha256 = async (bytes) => createHash('sha256').update(bytes).digest('hex');

const loaded = new Map<string, Promise<WasmEngine>>();

/** The module in `dir` (default: the one the product ships), loaded once per directory. */
export function loadWasmEngine(dir = wasmPkgDir()): Promise<WasmEngine> {
  let engine = loaded.get(dir);
  if (!engine) {
    engine = (async () => {
      const mod = await import(pathToFileURL(path.join(dir, 'fracture_engine.js')).href);
      const exports = await mod.default({ module_or_path: await readFile(path.join(dir, 'fracture_engine_bg.wasm')) });
      return { ...mod, memory: exports.memory } as WasmEngine;
    })();
    loaded.set(dir, engine);
  }
  return engine;
}

/**
 * Helper threads for the flip modes' chunks, as the browser's helper workers: each loads its own
 * instance of the module and flips the 4 MiB pieces it is sent (ENGINE.md lets chunks run in any
 * order, so the bytes are the same). `count` threads, each ready before this resolves.
 */
export async function startNodeHelpers(count: number): Promise<{ helpers: FlipHelper[]; close: () => Promise<void> }> {
  const dir = wasmPkgDir();
  const workerData = {
    glue: pathToFileURL(path.join(dir, 'fracture_engine.js')).href,
    wasm: path.join(dir, 'fracture_engine_bg.wasm'),
  };
  const workers = Array.from({ length: count }, () => new Worker(HELPER_SOURCE, { eval: true, workerData }));
  const close = async () => {
    await Promise.all(workers.map((w) => w.terminate()));
  };
  try {
    const helpers = await Promise.all(workers.map((w) => helperOn(w)));
    return { helpers, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** The helper thread: the module, then one flip per message, answered with the same id. */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
import(workerData.glue).then(async (glue) => {
  await glue.default({ module_or_path: readFileSync(workerData.wasm) });
  parentPort.on('message', (r) => {
    try {
      const part = new Uint8Array(r.part);
      glue.flipPart(part, r.start, r.n, r.h, r.k, r.seed, r.first, r.last);
      parentPort.postMessage({ id: r.id, part: r.part }, [r.part]);
    } catch (e) {
      parentPort.postMessage({ id: r.id, error: String((e && e.message) || e) });
    }
  });
  parentPort.postMessage({ ready: true });
}, (e) => parentPort.postMessage({ failed: String((e && e.message) || e) }));
`;

type HelperReply = { ready: true } | { failed: string } | FlipReply;

function helperOn(worker: Worker): Promise<FlipHelper> {
  return new Promise((resolve, reject) => {
    const client = flipClient((request, transfer) => worker.postMessage(request, transfer));
    worker.on('error', (e) => {
      reject(e);
      client.fail(e);
    });
    worker.on('message', (m: HelperReply) => {
      if ('ready' in m) resolve(client.helper);
      else if ('failed' in m) reject(new Error(m.failed));
      else client.receive(m);
    });
  });
}
