// The same stages as run.ts, on the TypeScript reference engine: the worker's fallback when the
// WebAssembly module cannot load (a browser without WebAssembly SIMD). Same bytes, slower.
import { Job } from '../reference/engine.ts';
import { ESCALATION_MESSAGE, enterStage, roundMs } from '../shared/stages.ts';
import type { CorruptCallbacks, CorruptOptions, CorruptResult } from '../shared/types.ts';

export async function runReference(
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks = {},
): Promise<CorruptResult> {
  const t0 = performance.now();
  let done = enterStage(events, 'scan');
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer());
  const job = Job.scan(bytes, name, options);
  done();
  done = enterStage(events, 'plan');
  job.plan();
  done();
  done = enterStage(events, 'corrupt');
  const t1 = performance.now();
  job.corrupt();
  const opsMs = performance.now() - t1;
  done();
  done = enterStage(events, 'verify');
  if (job.verify()) events.onStage?.('verify', ESCALATION_MESSAGE);
  done();
  done = enterStage(events, 'report');
  const report = job.report(0, opsMs);
  report.time_ms = roundMs(performance.now() - t0);
  done();
  return { data: job.output, report };
}
