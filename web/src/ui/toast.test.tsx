// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, SonnerToaster } from './sonner.tsx';
import { Toaster, toast } from './toast.tsx';
import { TOAST_DEFAULTS, type ToastInput } from './toast-settings.ts';

const region = () => screen.getByRole('region', { name: 'Notifications alt+T' });
const items = () => Array.from(region().querySelectorAll<HTMLElement>('[data-sonner-toast]'));
const titleOf = (li: HTMLElement) => li.querySelector('[data-title]')?.textContent;
/** Toasts on screen: sonner keeps ones past the visible limit in the list, marked not visible. */
const shown = () =>
  items()
    .filter((li) => li.dataset.visible === 'true' && li.dataset.removed !== 'true')
    .map(titleOf);
// sonner renders a new toast on the next tick.
const push = (input: ToastInput) =>
  act(() => {
    showToast(input);
    vi.advanceTimersByTime(0);
  });
// sonner unmounts a dismissed toast after its 200 ms exit.
const settle = () => act(() => vi.advanceTimersByTime(250));

afterEach(() => {
  act(() => sonnerToast.dismiss());
  cleanup();
  vi.useRealTimers();
});

describe('the shell toaster', () => {
  it('loads sonner with the first toast, and shows the toasts raised before it was listening', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: 'Notifications alt+T' })).toBeNull();
    toast({ title: 'Early', description: 'raised before sonner loaded' });
    toast({ title: 'Bad', variant: 'destructive' });
    const live = await screen.findByRole('region', { name: 'Notifications alt+T' });
    expect(await within(live).findByText('Early')).toBeInTheDocument();
    expect(within(live).getByText('Bad').closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    toast({ title: 'Later' });
    expect(await within(live).findByText('Later')).toBeInTheDocument();
  });
});

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<SonnerToaster />);
  });

  it('keeps the spec defaults', () => {
    expect(TOAST_DEFAULTS).toMatchObject({
      visible: 3,
      durationMs: 4000,
      widthPx: 356,
      gapPx: 14,
      swipeThresholdPx: 20,
      position: 'bottom-right',
    });
    expect(region()).toHaveAttribute('aria-live', 'polite');
  });

  it('shows at most 3, newest first, announces them politely and marks destructive ones', () => {
    for (const n of [1, 2, 3, 4]) push({ title: `T${n}`, description: `D${n}` });
    push({ title: 'Bad', description: 'went wrong', variant: 'destructive' });
    expect(shown()).toEqual(['Bad', 'T4', 'T3']);
    expect(region()).toHaveTextContent('Badwent wrong');
    expect(region()).toHaveTextContent('T4D4');
    const bad = within(region()).getByText('Bad').closest('[data-sonner-toast]');
    expect(bad).toHaveAttribute('data-type', 'error');
    expect(within(region()).getByText('T4').closest('[data-sonner-toast]')).not.toHaveAttribute('data-type', 'error');
    const list = region().querySelector('ol')!;
    expect(list).toHaveAttribute('data-y-position', 'bottom');
    expect(list).toHaveAttribute('data-x-position', 'right');
    expect(list.style.getPropertyValue('--width')).toBe('356px');
    expect(list.style.getPropertyValue('--gap')).toBe('14px');
  });

  it('dismisses after 4000 ms, pausing while the pointer is on the toasts', () => {
    push({ title: 'Hello' });
    act(() => vi.advanceTimersByTime(3000));
    const list = region().querySelector('ol')!;
    fireEvent.mouseEnter(list);
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toEqual(['Hello']);
    fireEvent.mouseLeave(list);
    act(() => vi.advanceTimersByTime(900));
    expect(shown()).toEqual(['Hello']);
    act(() => vi.advanceTimersByTime(200));
    settle();
    expect(shown()).toEqual([]);
  });

  it('closes from its button and from a swipe of 20 px, not a shorter one', () => {
    push({ title: 'One' });
    push({ title: 'Two' });
    fireEvent.click(within(region()).getAllByRole('button', { name: 'Close toast' })[1]);
    settle();
    expect(shown()).toEqual(['Two']);
    const item = items().find((li) => titleOf(li) === 'Two')!;
    item.setPointerCapture = () => {};
    // Slowly, so sonner's flick rule (over 0.11 px/ms) does not decide instead of the distance.
    const swipe = (dx: number) => {
      fireEvent.pointerDown(item, { clientX: 100, clientY: 100, pointerId: 1, button: 0 });
      // The first move locks the direction, the next ones move the toast.
      fireEvent.pointerMove(item, { clientX: 102, clientY: 100, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + dx, clientY: 100, pointerId: 1 });
      act(() => vi.advanceTimersByTime(1000));
      fireEvent.pointerUp(item, { clientX: 100 + dx, clientY: 100, pointerId: 1 });
      settle();
    };
    swipe(15);
    expect(shown()).toEqual(['Two']);
    swipe(20);
    expect(shown()).toEqual([]);
  });

  it('focuses the toasts on Alt+T', () => {
    push({ title: 'Hi' });
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    expect(region()).toContainElement(document.activeElement as HTMLElement);
  });
});
