// @vitest-environment jsdom
// Work for later waits for the page's first seconds to pass, and can be called off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_AFTER_LOAD_MS, whenIdle } from './idle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('whenIdle', () => {
  it('runs the task only once the page has been loaded for IDLE_AFTER_LOAD_MS', () => {
    expect(document.readyState).toBe('complete');
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(IDLE_AFTER_LOAD_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs a cancelled task, before or after the wait', () => {
    const early = vi.fn();
    whenIdle(early)();
    const late = vi.fn();
    const cancelLate = whenIdle(late);
    vi.advanceTimersByTime(IDLE_AFTER_LOAD_MS);
    cancelLate();
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
