/// <reference lib="webworker" />
// The engine's Web Worker: loads the WebAssembly module, says "ready", then runs one job per message.
import init, * as wasm from './pkg/fracture_engine.js';
import wasmUrl from './pkg/fracture_engine_bg.wasm?url';
import { runWasm, type WasmEngine } from './run.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (msg: FromWorker, transfer: Transferable[] = []) => self.postMessage(msg, transfer);

const ready = init({ module_or_path: wasmUrl }).then((exports) => {
  const engine = { ...wasm, memory: exports.memory } as unknown as WasmEngine;
  post({ type: 'ready' });
  return engine;
});
ready.catch((e: unknown) => post({ type: 'init-error', message: e instanceof Error ? e.message : String(e) }));

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type !== 'corrupt') return;
  const { id } = msg;
  try {
    const engine = await ready;
    const input = msg.input instanceof ArrayBuffer ? new Uint8Array(msg.input) : msg.input;
    const { data, report } = await runWasm(engine, input, msg.name, msg.options, {
      onStage: (stage, message) => post({ type: 'stage', id, stage, message }),
      onProgress: (fraction) => post({ type: 'progress', id, fraction }),
    });
    post({ type: 'done', id, data: data.buffer as ArrayBuffer, report }, [data.buffer as ArrayBuffer]);
  } catch (e) {
    post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
  }
};
