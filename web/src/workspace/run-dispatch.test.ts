import { describe, expect, it } from 'vitest';
import { FLUSH_INTERVAL_MS, batchedRunDispatch } from './run-dispatch.ts';
import type { RunEvent, WorkspaceAction } from './state.ts';

/** A clock the test moves by hand: `later` calls wait in `timers` until their time comes. */
function manualClock() {
  let t = 1000;
  const timers: { at: number; run: () => void }[] = [];
  return {
    timers,
    now: () => t,
    later: (run: () => void, ms: number) => timers.push({ at: t + ms, run }),
    advance(ms: number) {
      t += ms;
      for (const timer of timers.splice(0).sort((a, b) => a.at - b.at)) {
        if (timer.at <= t) timer.run();
        else timers.push(timer);
      }
    },
  };
}

const stage = (id: number): RunEvent => ({ type: 'stage', id, stage: 'scan', message: '' });

describe('batchedRunDispatch', () => {
  it('applies the first event after a quiet spell on the next task, later ones together', () => {
    const clock = manualClock();
    const seen: WorkspaceAction[] = [];
    const run = batchedRunDispatch((a) => seen.push(a), clock);
    run.dispatch(stage(1));
    expect(seen).toEqual([]);
    expect(clock.timers.map((x) => x.at)).toEqual([1000]);
    clock.advance(0);
    expect(seen).toEqual([stage(1)]);
    // Within the interval: held, then applied as one batch, in order.
    clock.advance(10);
    run.dispatch(stage(2));
    run.dispatch(stage(3));
    expect(clock.timers.map((x) => x.at)).toEqual([1000 + FLUSH_INTERVAL_MS]);
    clock.advance(FLUSH_INTERVAL_MS - 11);
    expect(seen).toHaveLength(1);
    clock.advance(1);
    expect(seen).toEqual([stage(1), { type: 'batch', events: [stage(2), stage(3)] }]);
    // After a quiet spell longer than the interval, at once again.
    clock.advance(5 * FLUSH_INTERVAL_MS);
    run.dispatch(stage(4));
    clock.advance(0);
    expect(seen.at(-1)).toEqual(stage(4));
  });

  it('flush applies what is queued at once, and a timer left over then finds nothing', () => {
    const clock = manualClock();
    const seen: WorkspaceAction[] = [];
    const run = batchedRunDispatch((a) => seen.push(a), clock);
    run.dispatch(stage(1));
    run.dispatch(stage(2));
    run.flush();
    expect(seen).toEqual([{ type: 'batch', events: [stage(1), stage(2)] }]);
    clock.advance(FLUSH_INTERVAL_MS);
    expect(seen).toHaveLength(1);
  });
});
