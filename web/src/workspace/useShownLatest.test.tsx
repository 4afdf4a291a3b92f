// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOWN_INTERVAL_MS, useShownLatest } from './useShownLatest.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useShownLatest', () => {
  it('follows the latest file at once outside a run', () => {
    const { result, rerender } = renderHook(({ id, busy }) => useShownLatest(id, busy), {
      initialProps: { id: null as number | null, busy: false },
    });
    expect(result.current).toBeNull();
    rerender({ id: 3, busy: false });
    expect(result.current).toBe(3);
  });

  it('during a run, shows a new file at most every SHOWN_INTERVAL_MS, the latest once the run ends', () => {
    const { result, rerender } = renderHook(({ id, busy }) => useShownLatest(id, busy), {
      initialProps: { id: null as number | null, busy: true },
    });
    rerender({ id: 1, busy: true });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(1);
    // Files finishing faster than the interval: the one shown changes once per interval, to the
    // latest at that moment, however often the latest changes meanwhile (a throttle, not a debounce).
    for (let id = 2; id <= 10; id++) {
      rerender({ id, busy: true });
      act(() => vi.advanceTimersByTime(SHOWN_INTERVAL_MS / 4));
      if (id === 4) expect(result.current).toBe(1);
      if (id === 5) expect(result.current).toBe(5);
    }
    expect(result.current).toBe(9);
    rerender({ id: 11, busy: false });
    expect(result.current).toBe(11);
  });
});
