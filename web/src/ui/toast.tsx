// Toasts with the spec's defaults ("Library and interface defaults"): 3 visible, 4000 ms, 356 px wide,
// 14 px apart, swipe 20 px to dismiss, Alt+T focuses them, bottom-right. Screen readers hear each toast
// from a live region that is always in the page (regions inserted on the fly are often not announced).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { styled } from 'styled-components';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const TOAST_DEFAULTS = {
  visible: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 20,
  hotkeyLabel: 'Alt+T',
} as const;

interface ToastRecord extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

interface ToastApi {
  toast(input: ToastInput): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ToastRecord[]>([]);
  const [announcements, setAnnouncements] = useState<readonly ToastRecord[]>([]);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(
    () => ({
      toast({ title, description, variant = 'default' }) {
        const record: ToastRecord = { id: nextId.current++, title, description, variant };
        // Beyond the visible limit the oldest goes: it was announced already.
        setToasts((list) => [...list, record].slice(-TOAST_DEFAULTS.visible));
        setAnnouncements((list) => [...list, record].slice(-TOAST_DEFAULTS.visible));
      },
    }),
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.code === 'KeyT') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const spoken = (variant: ToastVariant) =>
    announcements
      .filter((t) => t.variant === variant)
      .map((t) => <p key={t.id}>{t.description ? `${t.title}. ${t.description}` : t.title}</p>);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Region
        ref={regionRef}
        tabIndex={-1}
        aria-label={`Notifications (${TOAST_DEFAULTS.hotkeyLabel})`}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
        }}
      >
        <List>
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} paused={paused} onDismiss={dismiss} />
          ))}
        </List>
      </Region>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="false">
        {spoken('default')}
      </VisuallyHidden>
      <VisuallyHidden role="alert" aria-live="assertive" aria-atomic="false">
        {spoken('destructive')}
      </VisuallyHidden>
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  paused,
  onDismiss,
}: {
  toast: ToastRecord;
  paused: boolean;
  onDismiss: (id: number) => void;
}) {
  const remaining = useRef<number>(TOAST_DEFAULTS.durationMs);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);

  // The countdown pauses while the pointer or focus is on the toasts, and resumes where it stopped.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerUp = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (offset >= TOAST_DEFAULTS.swipeThresholdPx) onDismiss(toast.id);
    else setOffset(0);
  };

  return (
    <Item
      data-toast=""
      data-variant={toast.variant}
      $variant={toast.variant}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <div>
        <Title>{toast.title}</Title>
        {toast.description && <Description>{toast.description}</Description>}
      </div>
      <Close type="button" aria-label="Close notification" onClick={() => onDismiss(toast.id)}>
        ×
      </Close>
    </Item>
  );
}

const Region = styled.section`
  position: fixed;
  right: 24px;
  bottom: 24px;
  z-index: 1000;
  width: min(${TOAST_DEFAULTS.widthPx}px, calc(100vw - 32px));
  outline: none;
  pointer-events: none;
  &:focus-visible {
    outline: 2px solid var(--color-accent, #38bdf8);
    outline-offset: 4px;
  }
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${TOAST_DEFAULTS.gapPx}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $variant: ToastVariant }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 16px;
  border-radius: 10px;
  border: 1px solid ${(p) => (p.$variant === 'destructive' ? '#f87171' : 'var(--color-border, #334155)')};
  background: ${(p) => (p.$variant === 'destructive' ? '#7f1d1d' : 'var(--color-surface-raised, #0f172a)')};
  color: ${(p) => (p.$variant === 'destructive' ? '#fff1f2' : 'var(--color-text, #e2e8f0)')};
  box-shadow: 0 10px 30px rgb(0 0 0 / 0.35);
  touch-action: pan-y;
  user-select: none;
  transition: transform 0.15s ease, opacity 0.15s ease;
`;

const Title = styled.p`
  margin: 0;
  font-weight: 600;
  font-size: 0.95rem;
`;

const Description = styled.p`
  margin: 4px 0 0;
  font-size: 0.875rem;
  opacity: 0.9;
  overflow-wrap: anywhere;
`;

const Close = styled.button`
  flex: none;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.1rem;
  line-height: 1;
  padding: 2px 4px;
  cursor: pointer;
  opacity: 0.75;
  &:hover,
  &:focus-visible {
    opacity: 1;
  }
`;

const VisuallyHidden = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
