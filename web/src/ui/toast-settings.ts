// What a toast says and the toaster's settings: shared by toast.tsx (the call every page makes) and
// sonner.tsx (the chunk that loads with the first toast), kept apart so neither imports the other.

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const TOAST_DEFAULTS = {
  visible: 3,
  durationMs: 4000,
  /** sonner's TOAST_WIDTH (not an option). */
  widthPx: 356,
  gapPx: 14,
  /** sonner 1.7's SWIPE_THRESHOLD (not an option; sonner 2 raised it to 45). */
  swipeThresholdPx: 20,
  hotkey: ['altKey', 'KeyT'],
  position: 'bottom-right',
} as const;
