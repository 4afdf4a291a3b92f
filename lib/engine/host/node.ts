// Loads the WebAssembly engine in Node (the CLI, the tests, the benchmark): the same module the
// browser runs, read from disk instead of fetched.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { type MessagePort as ThreadPort, Worker } from 'node:worker_threads';
import type * as Bindings from '../pkg/fracture_engine.js';
import { answerFlip, type FlipHelper, flipClient } from './flip-helpers.ts';
import type { FlipReply, FlipRequest } from './protocol.ts';
import type { Sha256, WasmEngine } from './run.ts';
import { type StreamHelpers, startStreamHelpers } from './stream-helpers.ts';
import { type NativeAddon, nativeStreamHelpers } from './stream-native.ts';

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
 * The native addon (engine-rs/node, built by scripts/build-node-addon.sh) for this platform, beside the
 * module (lib/engine/native): a streamed run's edits and hashes then run natively on Node's thread pool
 * (stream-native.ts) rather than in helper threads' instances of the module, the same bytes faster
 * (docs/architecture.md, "The native addon"). `FRACTURE_ADDON` chooses: unset or `auto`, the addon
 * when one was built here and loads, else the module; `off`, the module; `on`, the addon or an error.
 */
export function loadNativeAddon(): NativeAddon | undefined {
  const choice = process.env.FRACTURE_ADDON || 'auto';
  if (!['auto', 'on', 'off'].includes(choice)) {
    throw new Error(`FRACTURE_ADDON is "${choice}": use auto, on or off`);
  }
  if (choice === 'off') return undefined;
  const { addon, why } = requireAddon();
  if (addon || choice === 'auto') return addon;
  throw new Error(
    `FRACTURE_ADDON=on, but the native addon for ${process.platform}-${process.arch} did not load (${why})`,
  );
}

/** The addon file's `require`, tried once per process (every output asks, `nativeExchange`). */
let required: { addon?: NativeAddon; why?: string } | undefined;
function requireAddon(): { addon?: NativeAddon; why?: string } {
  required ??= (() => {
    const file = path.join(wasmPkgDir(), '../native', `fracture-engine.${process.platform}-${process.arch}.node`);
    try {
      return { addon: createRequire(import.meta.url)(file) as NativeAddon };
    } catch (e) {
      return { why: e instanceof Error ? e.message.split('\n')[0] : String(e) };
    }
  })();
  return required;
}

/** The addon, or undefined where it does not load (FRACTURE_ADDON=on without one: a streamed run says so). */
function addonIfLoads(): NativeAddon | undefined {
  try {
    return loadNativeAddon();
  } catch {
    return undefined;
  }
}

/** Whether the native addon loads here (and FRACTURE_ADDON allows it). */
export function nativeAddonLoads(): boolean {
  return addonIfLoads() !== undefined;
}

/**
 * The addon's `exchange` (two files' names swapped in one step), when the addon loads: how an output
 * replaces an earlier one (sdk/outputs.ts, `writeAtomically`).
 */
export function nativeExchange(): NativeAddon['exchange'] | undefined {
  return addonIfLoads()?.exchange;
}

/**
 * SHA-256 by Node's crypto (OpenSSL, x86 SHA extensions where there are some), on the bytes where they
 * lie: WebCrypto's digest() would first copy them, 200 MB of fresh memory per hash for a large file.
 */
export const nodeSha256: Sha256 = async (bytes) => createHash('sha256').update(bytes).digest('hex');

/** A compiled module: Node has the WebAssembly global, which the Node types here do not declare. */
type CompiledModule = object;
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { compile: (bytes: Uint8Array) => Promise<CompiledModule> };
};

let loaded: Promise<{ engine: WasmEngine; module: CompiledModule; glue: string }> | undefined;

/** The module the product ships, compiled and loaded once; `module` is there for helper threads. */
function loadOnce() {
  loaded ??= (async () => {
    const dir = wasmPkgDir();
    const glueUrl = pathToFileURL(path.join(dir, 'fracture_engine.js')).href;
    const [glue, module] = await Promise.all([
      // A runtime path (source or dist/), so the glue's types are named here: the module's declarations.
      import(glueUrl) as Promise<typeof Bindings>,
      readFile(path.join(dir, 'fracture_engine_bg.wasm')).then((bytes) => wasmApi.compile(bytes)),
    ]);
    // initSync with the compiled module: the async init's check for a fetch Response would load
    // Node's fetch implementation, about 25 ms of start-up.
    const exports = glue.initSync({ module: module as Bindings.SyncInitInput });
    return { engine: { ...glue, memory: exports.memory }, module, glue: glueUrl };
  })();
  return loaded;
}

/** The module the product ships, loaded once. */
export function loadWasmEngine(): Promise<WasmEngine> {
  return loadOnce().then((l) => l.engine);
}

/**
 * A streamed run's helpers: the native addon's (stream-native.ts) where it loads and `native` allows
 * it, else helper threads (stream-helpers.ts) sharing the compiled module; `hashing` false: the
 * hashing thread starts only if a run hashes (a caller that expects to show no report).
 */
export async function startNodeStreamHelpers(hashing = true, native = true): Promise<StreamHelpers> {
  const addon = native ? loadNativeAddon() : undefined;
  if (addon) return nativeStreamHelpers(addon);
  const { module, glue } = await loadOnce();
  return startStreamHelpers(glue, module, hashing);
}

/**
 * Helper threads for the flip modes' pieces, as the browser's helper workers: each loads its own
 * instance of the module and flips the pieces it is sent (the contract lets chunks run in any order,
 * so the bytes are the same). `count` threads, each ready before this resolves.
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

/**
 * A helper thread's work once its module is loaded: one answer per request. A worker thread cannot
 * load this TypeScript file, so HELPER_SOURCE carries the source text of this function and of
 * `answerFlip` (both self-contained), and this module's types still check them.
 */
function serveFlips(glue: typeof Bindings, port: ThreadPort, answer: typeof answerFlip) {
  port.on('message', (request: FlipRequest) => {
    const reply = answer(glue, request);
    port.postMessage(reply, 'part' in reply ? [reply.part] : []);
  });
}

/** The helper thread: its own instance of the module, then `serveFlips`. */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
import(workerData.glue)
  .then(async (glue) => {
    glue.initSync({ module: readFileSync(workerData.wasm) });
    (${serveFlips})(glue, parentPort, ${answerFlip});
  })
  .then(
    () => parentPort.postMessage({ ready: true }),
    (e) => parentPort.postMessage({ failed: String((e && e.message) || e) }),
  );
`;

/** What a helper thread says: that it started (or could not), then answers. */
type HelperMessage = { ready: true } | { failed: string } | FlipReply;

function helperOn(worker: Worker): Promise<FlipHelper> {
  return new Promise((resolve, reject) => {
    const client = flipClient((request, transfer) => worker.postMessage(request, transfer));
    worker.on('error', (e) => {
      reject(e);
      client.fail(e);
    });
    worker.on('message', (m: HelperMessage) => {
      if ('ready' in m) resolve(client.helper);
      else if ('failed' in m) reject(new Error(m.failed));
      else client.receive(m);
    });
  });
}
