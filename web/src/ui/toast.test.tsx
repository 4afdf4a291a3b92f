// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULTS, ToastProvider, useToast } from './toast.tsx';
import type { ToastInput } from './toast.tsx';

let api: ReturnType<typeof useToast>;
function Capture() {
  api = useToast();
  return null;
}

const region = () => screen.getByRole('region', { name: 'Notifications (Alt+T)' });
const shown = () =>
  within(region())
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);
const push = (input: ToastInput) => act(() => api.toast(input));

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('keeps the spec defaults', () => {
    expect(TOAST_DEFAULTS).toMatchObject({
      visible: 3,
      durationMs: 4000,
      widthPx: 356,
      gapPx: 14,
      swipeThresholdPx: 20,
    });
  });

  it('shows at most 3, newest last, and announces every one', () => {
    for (const n of [1, 2, 3, 4]) push({ title: `T${n}`, description: `D${n}` });
    push({ title: 'Bad', description: 'went wrong', variant: 'destructive' });
    expect(shown()).toEqual(['T3', 'T4', 'Bad']);
    expect(screen.getByRole('status')).toHaveTextContent('T3. D3T4. D4');
    expect(screen.getByRole('alert')).toHaveTextContent('Bad. went wrong');
    expect(within(region()).getByText('Bad').closest('li')).toHaveAttribute('data-variant', 'destructive');
  });

  it('dismisses after 4000 ms, pausing while the pointer is on the toasts', () => {
    push({ title: 'Hello' });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerEnter(region());
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toEqual(['Hello']);
    fireEvent.pointerLeave(region());
    act(() => vi.advanceTimersByTime(999));
    expect(shown()).toEqual(['Hello']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('closes from its button and from a swipe past 20 px, not a shorter one', () => {
    push({ title: 'One' });
    push({ title: 'Two' });
    fireEvent.click(within(region()).getAllByRole('button', { name: 'Close notification' })[0]);
    expect(shown()).toEqual(['Two']);
    const item = within(region()).getByRole('listitem');
    item.setPointerCapture = () => {};
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 110, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 110, pointerId: 1 });
    expect(shown()).toEqual(['Two']);
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 125, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 125, pointerId: 1 });
    expect(shown()).toEqual([]);
  });

  it('focuses the toasts on Alt+T', () => {
    push({ title: 'Hi' });
    fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
    expect(document.activeElement).toBe(region());
  });

  it('refuses to work outside its provider', () => {
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow('useToast must be used within a ToastProvider');
  });
});
