// One input through the WebAssembly engine's stages without awaiting anything: for callers that
// cannot wait, such as a fast-check arbitrary (sdk/fast-check.ts), whose values are made
// synchronously. The stages of run.ts's runStages with engine hashing (the module hashes the input
// and the output itself), no helpers and no callbacks: the same bytes and the same report, timings
// aside (tests/sdk/fast-check.test.ts compares them with the SDK's corrupt()). And `variantWasm`: the
// same stages for the bytes alone (a campaign's variants, cli/run/execute.ts).
import { roundMs } from '../shared/stages.ts';
import type { CorruptOptions, CorruptResult, Report } from '../shared/types.ts';
import type { WasmEngine } from './run.ts';
import { variantTexts } from './variant.ts';

/** Bytes hashed per call into the module. */
const HASH_SLICE = 8 * 1024 * 1024;

/**
 * The stages up to verify, synchronously: the checks, `input` copied into the module (hashed there
 * when `hash`), the job made, planned, corrupted and verified. The caller frees the job.
 */
function corruptedJob(engine: WasmEngine, input: Uint8Array, name: string, options: CorruptOptions, hash: boolean) {
  engine.checkArgs(options.mode, options.intensity, options.seed);
  const only = [...(options.ranges?.only ?? [])];
  const protect = [...(options.ranges?.protect ?? [])];
  const fix = options.fixChecksums === true;
  const variant = variantTexts(options);
  engine.checkOptions(options.mode, only, protect, fix, ...variant);
  const t0 = performance.now();
  const buffer = new engine.InputBuffer(input.length);
  try {
    new Uint8Array(engine.memory.buffer, buffer.ptr(), input.length).set(input);
    // In slices, as run.ts does: V8 optimises a WebAssembly function between calls, not within one.
    if (hash)
      for (let at = 0; at < input.length; at += HASH_SLICE) buffer.hashTo(Math.min(input.length, at + HASH_SLICE));
  } catch (e) {
    buffer.free();
    throw e;
  }
  // fromBuffer consumes the buffer (freed with the job, or by the module when it rejects). Without
  // `hash`, a placeholder digest: none is made, and no report is asked for.
  const sha = hash ? undefined : 'pending';
  const job = engine.WasmJob.fromBuffer(buffer, name, options.mode, options.intensity, options.seed, sha);
  try {
    if (only.length + protect.length > 0 || fix || options.member !== undefined || variant.some((v) => v !== undefined))
      job.setOptions(only, protect, fix, options.member, ...variant);
    job.plan();
    const t1 = performance.now();
    job.corrupt();
    const opsMs = performance.now() - t1;
    job.verify();
    return { job, t0, opsMs };
  } catch (e) {
    job.free();
    throw e;
  }
}

/** The job's output, copied out of the module (a fresh view: growing memory detaches old ones). */
const outputOf = (engine: WasmEngine, job: ReturnType<typeof corruptedJob>['job']) =>
  new Uint8Array(engine.memory.buffer, job.outputPtr(), job.outputLen()).slice();

/** Runs `input` (not changed: the module copies it in) through every stage; throws the engine's text for a bad argument. */
export function runWasmSync(
  engine: WasmEngine,
  input: Uint8Array,
  name: string,
  options: CorruptOptions,
): CorruptResult {
  const { job, t0, opsMs } = corruptedJob(engine, input, name, options, true);
  try {
    const data = outputOf(engine, job);
    const length = data.length;
    for (let at = 0; at < length; at += HASH_SLICE) job.hashOutputTo(Math.min(length, at + HASH_SLICE));
    const report = JSON.parse(job.reportWith(0, 0, undefined)) as Report;
    report.time_ms = roundMs(performance.now() - t0);
    report.ops_ms = roundMs(opsMs);
    return { data, report };
  } finally {
    job.free();
  }
}

/**
 * One input's corrupted bytes and nothing else (a campaign's variant, `fracture run`): no report,
 * no digests, no helpers. The same bytes as runWasmSync's and run.ts's `data` for the same options
 * (the report and the digests do not feed the output).
 */
export function variantWasm(engine: WasmEngine, input: Uint8Array, name: string, options: CorruptOptions): Uint8Array {
  const { job } = corruptedJob(engine, input, name, options, false);
  try {
    return outputOf(engine, job);
  } finally {
    job.free();
  }
}
