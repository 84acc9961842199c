import { TOAST_DEFAULT_MS } from '@storyloom/shared/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** How long the toast stays, in ms. Default TOAST_DEFAULT_MS (5 s); shell messages use TOAST_SHELL_MS (3 s). */
  durationMs?: number;
}

export interface ToastApi {
  show: (message: string, variant?: ToastVariant, opts?: ToastOptions) => number;
  success: (message: string, opts?: ToastOptions) => number;
  error: (message: string, opts?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
  durationMs: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts and renders them at the top right, in one polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, variant: ToastVariant = 'info', opts: ToastOptions = {}) => {
    const id = nextId.current++;
    setToasts((all) => [...all, { id, message, variant, durationMs: opts.durationMs ?? TOAST_DEFAULT_MS }]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, opts) => show(message, 'success', opts),
      error: (message, opts) => show(message, 'error', opts),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always in the DOM: screen readers only announce changes to a live region that already exists. */}
      <div className="toast-region" role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** One toast. Its timer pauses while it is hovered or focused, so a slow reader never loses it mid-sentence. */
function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the auto-close timer; the toast is not a control.
    <div
      className={`toast toast-${toast.variant}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast-icon" aria-hidden="true">
        {toast.variant === 'success' ? '✓' : toast.variant === 'error' ? '!' : 'i'}
      </span>
      <p className="toast-message">{toast.message}</p>
      <button
        type="button"
        className="toast-close"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Shows a toast at the top right: `toast.success(text)`, `toast.error(text, { durationMs })`. */
export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
