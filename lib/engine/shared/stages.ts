import type { CorruptCallbacks, Stage } from './types.ts';

/** The pipeline stages in order, with the progress fraction reached and the message shown. */
export const STAGES: readonly { stage: Stage; progress: number; message: string }[] = [
  { stage: 'scan', progress: 0.15, message: 'Analysing format, entropy and structure' },
  { stage: 'plan', progress: 0.35, message: 'Selecting a format-aware failure recipe' },
  { stage: 'corrupt', progress: 0.7, message: 'Applying deterministic corruption with seed' },
  { stage: 'verify', progress: 0.85, message: 'Checking signatures and structure integrity' },
  { stage: 'report', progress: 1.0, message: 'Packaging results with reproducible metadata' },
];

/** Shown in the verify stage when the heuristic check triggers escalation. */
export const ESCALATION_MESSAGE = 'Escalating to maximum destruction level';

/**
 * Enters stage `s`: its message goes to `events.onStage`. The function returned marks it done: its
 * progress fraction goes to `events.onProgress`.
 */
export function enterStage(events: CorruptCallbacks, s: Stage): () => void {
  const info = STAGES.find((x) => x.stage === s)!;
  events.onStage?.(s, info.message);
  return () => events.onProgress?.(info.progress);
}

/** Milliseconds rounded to 3 decimals (the report's times). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
