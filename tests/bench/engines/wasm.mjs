#!/usr/bin/env node
// The WebAssembly engine in Node, one measurement per process (run.mjs reads its peak RSS):
//
//   node wasm.mjs job FILE NAME MODE INTENSITY SEED REPEAT [--cold]
//   node wasm.mjs entropy FILE REPEAT
//   node wasm.mjs ready
//
// `job` and `ready` load the module the browser's worker runs (lib/engine/pkg) and drive it through
// the same wasm-bindgen calls lib/engine/host/run.ts makes for the npm CLI (hashing with Node's
// crypto), timed per stage. The input is read from disk straight into the module's memory before the
// clock starts (as the native side reads its file before timing); the copy out of the module's memory
// at the end is timed, since the npm CLI makes it. `entropy` loads the testing build
// (target/wasm-testing/pkg), the only one that exports the entropy pass alone.
//
// Warm-up: V8 first runs a fresh module's functions as baseline (Liftoff) code and swaps in optimised
// code only for later calls, never inside a running call. One 200 MB call in a fresh module therefore
// runs entirely as baseline code. Unless --cold, a job on the first MiB of the input (twice) runs
// first, so the timed runs measure the optimised engine; --cold measures what a fresh worker does.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Meter } from '../lib/meter.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WASM_PKG = join(ROOT, 'lib/engine/pkg');
const WASM_TESTING_PKG = join(ROOT, 'target/wasm-testing/pkg');
const WARM_BYTES = 1 << 20;

const [command, ...rest] = process.argv.slice(2);
const pkg = command === 'entropy' ? WASM_TESTING_PKG : WASM_PKG;
const started = performance.now();
const glue = await import(pathToFileURL(join(pkg, 'fracture_engine.js')).href);
const importMs = performance.now() - started;
// Time to ready, as the worker sees it: from reading the .wasm to `init` resolving.
const t0 = performance.now();
const exports = await glue.default({ module_or_path: await readFile(join(pkg, 'fracture_engine_bg.wasm')) });
const readyMs = performance.now() - t0;

/** Reads `length` bytes of `file` into the module's memory at `ptr`, 8 MiB at a time. */
function readInto(file, ptr, length) {
  const fd = openSync(file, 'r');
  try {
    for (let at = 0; at < length; ) {
      // A fresh view per read: the module's memory cannot grow meanwhile, but views are cheap.
      const n = readSync(
        fd,
        new Uint8Array(exports.memory.buffer, ptr + at, Math.min(8 << 20, length - at)),
        0,
        Math.min(8 << 20, length - at),
        at,
      );
      if (n === 0) throw new Error(`${file} is shorter than ${length} bytes`);
      at += n;
    }
  } finally {
    closeSync(fd);
  }
}

// Helper threads for the flip modes' chunks, as the npm CLI and the browser use them: the same
// module in worker threads, started before any timing (a pool the CLI starts once per run).
const DIST = join(ROOT, 'dist/lib/engine/host');
// nodeSha256: Node's crypto on the bytes where they lie, as the npm CLI hashes (runWasm's `sha256`).
const { corruptInPieces } = await import(pathToFileURL(join(DIST, 'run.js')).href);
const { usesHelpers } = await import(pathToFileURL(join(DIST, 'protocol.js')).href);
const { nodeSha256, startNodeHelpers } = await import(pathToFileURL(join(DIST, 'node.js')).href);
const HELPERS = Math.min(3, availableParallelism() - 1);
let pool;

async function runJob(file, length, name, mode, intensity, seed) {
  const buffer = new glue.InputBuffer(length);
  readInto(file, buffer.ptr(), length);
  if (usesHelpers(mode, length) && HELPERS > 0) pool ??= await startNodeHelpers(HELPERS);
  const helpers = usesHelpers(mode, length) ? (pool?.helpers ?? []) : [];
  const meter = new Meter();
  const shaBefore = nodeSha256(new Uint8Array(exports.memory.buffer, buffer.ptr(), length));
  const job = glue.WasmJob.fromBuffer(buffer, name, mode, intensity, seed, 'pending');
  meter.lap('scan');
  job.plan();
  meter.lap('plan');
  const pieces = helpers.length > 0 ? job.flipPieces() : [];
  if (pieces.length > 0) await corruptInPieces({ memory: exports.memory }, job, pieces, helpers);
  else job.corrupt();
  meter.lap('corrupt');
  const escalated = job.verify();
  meter.lap('verify');
  const shaAfter = nodeSha256(new Uint8Array(exports.memory.buffer, job.outputPtr(), job.outputLen()));
  const report = JSON.parse(job.reportWith(0, 0, 'pending'));
  [report.sha256_before, report.sha256_after] = await Promise.all([shaBefore, shaAfter]);
  meter.lap('report');
  job.dropInput();
  const data = new Uint8Array(exports.memory.buffer, job.outputPtr(), job.outputLen()).slice();
  meter.lap('output');
  job.free();
  const times = meter.result();
  return { times, escalated, report, length: data.length };
}

async function job([file, name, mode, intensity, seed, repeat, flag]) {
  const size = statSync(file).size;
  const args = [name, mode, Number(intensity), Number(seed)];
  if (flag !== '--cold') for (let i = 0; i < 2; i++) await runJob(file, Math.min(WARM_BYTES, size), ...args);
  const runs = [];
  let last;
  for (let i = 0; i < Number(repeat); i++) {
    last = await runJob(file, size, ...args);
    runs.push(last.times);
  }
  const r = last.report;
  return {
    ready_ms: readyMs,
    import_ms: importMs,
    cold: flag === '--cold',
    runs,
    escalated: last.escalated,
    result_size: r.result_size,
    ops: r.ops ?? null,
    inserted: r.inserted ?? null,
    format: r.format,
    sha256_after: r.sha256_after,
  };
}

/**
 * Two timings of the entropy pass: `compute`, the module's own work on bytes already in its memory
 * (as the engine's scan and report stages run it), and `binding`, the exported `entropy(bytes)` called
 * from JavaScript, which first copies the bytes into the module's memory.
 */
function entropy([file, repeat]) {
  const size = statSync(file).size;
  const compute = [];
  const binding = [];
  let value;
  // The binding frees its argument after the call (wasm-bindgen passes a &[u8] as an owned box), so
  // each compute run gets a fresh allocation filled outside the timing, exactly as the binding would.
  const once = () => {
    const ptr = exports.__wbindgen_malloc(size, 1) >>> 0;
    readInto(file, ptr, size);
    const meter = new Meter();
    value = exports.entropy(ptr, size);
    meter.lap('entropy');
    return meter.result();
  };
  once();
  for (let i = 0; i < Number(repeat); i++) compute.push(once());
  const bytes = new Uint8Array(size);
  const fd = openSync(file, 'r');
  readSync(fd, bytes, 0, size, 0);
  closeSync(fd);
  for (let i = 0; i < Number(repeat); i++) {
    const meter = new Meter();
    const v = glue.entropy(bytes);
    meter.lap('entropy');
    binding.push(meter.result());
    if (v !== value) throw new Error(`entropy differs between calls: ${v} vs ${value}`);
  }
  return { ready_ms: readyMs, compute, binding, entropy: value };
}

const commands = { job, entropy, ready: () => ({ ready_ms: readyMs, import_ms: importMs }) };
if (!Object.hasOwn(commands, command)) {
  console.error('usage: wasm.mjs job FILE NAME MODE INTENSITY SEED REPEAT [--cold] | entropy FILE REPEAT | ready');
  process.exit(2);
}
console.log(JSON.stringify(await commands[command](rest)));
await pool?.close();
