// sonner's toaster with the site's settings, and the call that shows a toast through it: its own chunk,
// loaded by toast.tsx with the first toast, so no page pays for sonner before it has something to say.
import { Toaster, toast as sonnerToast } from 'sonner';
import { TOAST_DEFAULTS, type ToastInput } from './toast-settings.ts';

/** Shows a toast; destructive ones are sonner's error toasts (red, data-type="error"). */
export function showToast({ title, description, variant = 'default' }: ToastInput): void {
  if (variant === 'destructive') sonnerToast.error(title, { description });
  else sonnerToast(title, { description });
}

export function SonnerToaster() {
  return (
    <Toaster
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
