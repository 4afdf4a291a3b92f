// The artificial per-stage delays (docs/product.md, "Pipeline stages" and "Artificial stage delays"). The
// engine has none: the UI holds each stage on screen for a random time in its range, so a fast engine
// still shows the pipeline. They are skipped:
//   - under vitest (import.meta.env.MODE === 'test');
//   - when the page URL carries an `e2e` query parameter (`/?e2e`), which the Playwright tests use;
//   - when `window.__FRACTURE_SKIP_STAGE_DELAYS__ = true` is set before processing starts.
import type { Stage } from '../../../lib/engine/shared/types.ts';

export const STAGE_DELAY_MS: Readonly<Record<Stage, readonly [min: number, max: number]>> = {
  scan: [300, 500],
  plan: [400, 700],
  corrupt: [120, 240],
  verify: [300, 600],
  report: [300, 700],
};

declare global {
  interface Window {
    __FRACTURE_SKIP_STAGE_DELAYS__?: boolean;
  }
}

export function stageDelaysSkipped(): boolean {
  if (import.meta.env.MODE === 'test') return true;
  if (typeof window === 'undefined') return true;
  return window.__FRACTURE_SKIP_STAGE_DELAYS__ === true || new URLSearchParams(window.location.search).has('e2e');
}

/** How long a stage stays on screen at least; `random` is in [0, 1). Unknown stages get none. */
export function stageDelay(stage: string, random: () => number = Math.random): number {
  if (!Object.hasOwn(STAGE_DELAY_MS, stage)) return 0;
  const [min, max] = STAGE_DELAY_MS[stage as Stage];
  return Math.round(min + random() * (max - min));
}

export interface Pacing {
  delayFor(stage: string): number;
  sleep(ms: number): Promise<void>;
}

export const instantPacing: Pacing = { delayFor: () => 0, sleep: () => Promise.resolve() };

export function browserPacing(): Pacing {
  if (stageDelaysSkipped()) return instantPacing;
  return { delayFor: (stage) => stageDelay(stage), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
}
