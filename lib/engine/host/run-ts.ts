// The same stages as run.ts, on the TypeScript reference engine: the worker's fallback when the
// WebAssembly module cannot load (a browser without WebAssembly SIMD). Same bytes, slower.
import { Job } from '../reference/engine.ts';
import { ESCALATION_MESSAGE, STAGES } from '../shared/stages.ts';
import type { CorruptOptions, CorruptResult, Stage } from '../shared/types.ts';
import type { StageEvents } from './run.ts';

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export async function runReference(
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: StageEvents = {},
): Promise<CorruptResult> {
  const t0 = performance.now();
  const stage = (s: Stage) => {
    const info = STAGES.find((x) => x.stage === s)!;
    events.onStage?.(s, info.message);
    return () => events.onProgress?.(info.progress);
  };
  let done = stage('scan');
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer());
  const job = Job.scan(bytes, name, options);
  done();
  done = stage('plan');
  job.plan();
  done();
  done = stage('corrupt');
  const t1 = performance.now();
  job.corrupt();
  const opsMs = performance.now() - t1;
  done();
  done = stage('verify');
  if (job.verify()) events.onStage?.('verify', ESCALATION_MESSAGE);
  done();
  done = stage('report');
  const report = job.report(0, round3(opsMs));
  report.time_ms = round3(performance.now() - t0);
  done();
  return { data: job.output, report };
}
