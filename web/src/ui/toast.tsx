// Toasts are sonner's (1.7: its defaults are the spec's "Library and interface defaults": 3 visible,
// 4000 ms, 356 px wide, 14 px apart, swipe 20 px to dismiss, Alt+T focuses them, bottom-right). The
// values (toast-settings.ts) are still passed explicitly, so a sonner upgrade that changes a default
// cannot move them.
// One <Toaster /> sits in the site shell; toast() works from anywhere. sonner (about 8 KB, a tenth of
// a page's JavaScript budget) loads with the first toast (./sonner.tsx), not with the page.
import { lazy, Suspense, useEffect, useState } from 'react';

import type { ToastInput } from './toast-settings.ts';

/** sonner's show call once its toaster is mounted and listening; until then toasts wait here. */
let show: ((input: ToastInput) => void) | undefined;
const pending: ToastInput[] = [];
const wanters = new Set<() => void>();

/** Shows a toast; destructive ones are sonner's error toasts (red, data-type="error"). */
export function toast(input: ToastInput): void {
  if (show) {
    show(input);
    return;
  }
  pending.push(input);
  for (const want of wanters) want();
}

let sonner: typeof import('./sonner.tsx') | undefined;

/** sonner's toaster, once its chunk is in (LoadedToaster renders it only then). */
function Loaded() {
  const { SonnerToaster, showToast } = sonner!;
  useEffect(() => {
    // sonner subscribes in its own effect, which has run by now (a child's effects run first). The
    // queued toasts go in a task later, so its live region is in the page before they are announced.
    const timer = setTimeout(() => {
      show = showToast;
      for (const input of pending.splice(0)) showToast(input);
    });
    return () => {
      clearTimeout(timer);
      show = undefined;
    };
  }, []);
  return <SonnerToaster />;
}

const LoadedToaster = lazy(async () => {
  sonner = await import('./sonner.tsx');
  return { default: Loaded };
});

export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (pending.length > 0) setWanted(true);
    const want = () => setWanted(true);
    wanters.add(want);
    return () => void wanters.delete(want);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
