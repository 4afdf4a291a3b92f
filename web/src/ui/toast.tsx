// Toasts are sonner's (1.7: its defaults are the spec's "Library and interface defaults": 3 visible,
// 4000 ms, 356 px wide, 14 px apart, swipe 20 px to dismiss, Alt+T focuses them, bottom-right). The
// values are still passed explicitly, so a sonner upgrade that changes a default cannot move them.
// One <Toaster /> sits in the site shell; toast() works from anywhere.
import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';

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

/** Shows a toast; destructive ones are sonner's error toasts (red, data-type="error"). */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  if (variant === 'destructive') sonnerToast.error(title, { description });
  else sonnerToast(title, { description });
}

export function Toaster() {
  return (
    <SonnerToaster
      theme="dark"
      richColors
      closeButton
      position={TOAST_DEFAULTS.position}
      visibleToasts={TOAST_DEFAULTS.visible}
      duration={TOAST_DEFAULTS.durationMs}
      gap={TOAST_DEFAULTS.gapPx}
      hotkey={[...TOAST_DEFAULTS.hotkey]}
    />
  );
}
