// A stand-in for the engine in the workspace's hook tests: inverts every byte, reports every stage,
// and records what it was asked (the engine options and the output place apart).
import { STAGES } from '../../../../lib/engine/shared/stages.ts';
import type { CorruptOptions, OutputPlace, Report } from '../../../../lib/engine/shared/types.ts';
import type { CorruptFn } from '../run.ts';

export interface FakeEngine {
  corrupt: CorruptFn;
  calls: { name: string; options: CorruptOptions; place?: OutputPlace }[];
}

export function fakeEngine(): FakeEngine {
  const calls: FakeEngine['calls'] = [];
  const corrupt: CorruptFn = async (file, name, options, callbacks, _signal, place) => {
    calls.push({ name, options, place });
    const input = new Uint8Array(file instanceof Blob ? await file.arrayBuffer() : file);
    for (const { stage, progress, message } of STAGES) {
      callbacks.onStage?.(stage, message);
      callbacks.onProgress?.(progress);
    }
    const data = input.map((b) => b ^ 0xff);
    const report = {
      engine: 'fracture-engine/1',
      filename: name,
      format: 'text',
      original_size: input.length,
      result_size: data.length,
      mode: options.mode,
      intensity: options.intensity,
      seed: options.seed,
      time_ms: 1,
      ops_ms: 1,
      before_entropy: 2.5,
      after_entropy: 3,
      entropy_delta: 0.5,
      verdict: "Won't Open (Verified Heuristically)",
      recipe: 'Flipped bytes.',
      strategy: 'byte_flip',
      guarantee: false,
      sha256_before: 'a'.repeat(64),
      sha256_after: 'b'.repeat(64),
    } as Report;
    return { data, report };
  };
  return { corrupt, calls };
}
