// Runs one file through the WebAssembly engine's stages. Shared by the Web Worker and the Node CLI, so
// both report the same stages and measure time the same way.
import { ESCALATION_MESSAGE, STAGES } from '../shared/stages.ts';
import type { CorruptOptions, CorruptResult, Report, Stage } from '../shared/types.ts';

/** The part of the wasm-bindgen module this runner uses. */
export interface WasmEngine {
  memory: { readonly buffer: ArrayBuffer };
  InputBuffer: new (len: number) => { ptr(): number; len(): number; free(): void };
  WasmJob: {
    fromBuffer(input: unknown, name: string, mode: string, intensity: number, seed: number): WasmJobHandle;
  };
  checkArgs(mode: string, intensity: number, seed: number): void;
}

interface WasmJobHandle {
  plan(): void;
  corrupt(): void;
  verify(): boolean;
  report(timeMs: number, opsMs: number): string;
  outputPtr(): number;
  outputLen(): number;
  dropInput(): void;
  free(): void;
}

export interface StageEvents {
  onStage?: (stage: Stage, message: string) => void;
  onProgress?: (fraction: number) => void;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function stage(events: StageEvents, s: Stage) {
  const info = STAGES.find((x) => x.stage === s)!;
  events.onStage?.(s, info.message);
  return () => events.onProgress?.(info.progress);
}

/** Copies the input into the module's memory: from bytes at once, or from a Blob chunk by chunk. */
async function load(engine: WasmEngine, input: Uint8Array | Blob) {
  const size = input instanceof Uint8Array ? input.length : input.size;
  const buffer = new engine.InputBuffer(size);
  try {
    // The view must be re-created after any allocation: growing memory detaches old views.
    const view = () => new Uint8Array(engine.memory.buffer, buffer.ptr(), size);
    if (input instanceof Uint8Array) {
      view().set(input);
    } else {
      const reader = input.stream().getReader();
      let at = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (at + value.length > size) throw new Error('The file changed while it was being read');
        view().set(value, at);
        at += value.length;
      }
      if (at !== size) throw new Error('The file changed while it was being read');
    }
    return buffer;
  } catch (e) {
    buffer.free();
    throw e;
  }
}

export async function runWasm(
  engine: WasmEngine,
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: StageEvents = {},
): Promise<CorruptResult> {
  // Reject bad arguments before reading 200 MB.
  engine.checkArgs(options.mode, options.intensity, options.seed);
  const t0 = performance.now();
  let done = stage(events, 'scan');
  const buffer = await load(engine, input);
  const job = engine.WasmJob.fromBuffer(buffer, name, options.mode, options.intensity, options.seed);
  try {
    done();
    done = stage(events, 'plan');
    job.plan();
    done();
    done = stage(events, 'corrupt');
    const t1 = performance.now();
    job.corrupt();
    const opsMs = performance.now() - t1;
    done();
    done = stage(events, 'verify');
    if (job.verify()) events.onStage?.('verify', ESCALATION_MESSAGE);
    done();
    done = stage(events, 'report');
    const provisional = job.report(0, 0);
    job.dropInput();
    const data = new Uint8Array(engine.memory.buffer, job.outputPtr(), job.outputLen()).slice();
    const report = JSON.parse(provisional) as Report;
    report.time_ms = round3(performance.now() - t0);
    report.ops_ms = round3(opsMs);
    done();
    return { data, report };
  } finally {
    job.free();
  }
}
