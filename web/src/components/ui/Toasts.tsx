import { TOAST_DEFAULT_MS } from '@storyloom/shared/constants';
import { shellText } from '@storyloom/shared/messages/common';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

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
  /** The dialog open when it was shown (see ToastHostContext), or null for the page. */
  host: number | null;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Open modal dialogs lend the toasts a place inside them: a modal sits in the browser's top layer
 * above everything, and makes the page behind it inert (hidden from screen readers). So while one is
 * open, the toasts render in the newest dialog's own live region, above its content and announced.
 */
type Host = { id: number; element: HTMLElement };
type HostStack = { push: (element: HTMLElement) => () => void };
const ToastHostContext = createContext<HostStack | null>(null);

/** Holds the toasts and renders them at the top right, in one polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [hosts, setHosts] = useState<Host[]>([]);
  const hostsRef = useRef<Host[]>([]);
  hostsRef.current = hosts;
  const nextId = useRef(1);
  const nextHostId = useRef(1);
  const hostStack = useMemo<HostStack>(
    () => ({
      push: (element) => {
        // Each opening is a host of its own: toasts of an earlier opening do not come back with it.
        const host = { id: nextHostId.current++, element };
        setHosts((all) => [...all, host]);
        return () => setHosts((all) => all.filter((h) => h !== host));
      },
    }),
    [],
  );

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, variant: ToastVariant = 'info', opts: ToastOptions = {}) => {
    const id = nextId.current++;
    const host = hostsRef.current[hostsRef.current.length - 1]?.id ?? null;
    setToasts((all) => [...all, { id, message, variant, durationMs: opts.durationMs ?? TOAST_DEFAULT_MS, host }]);
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

  const render = (items: ToastItem[]) =>
    items.map((toast) => <Toast key={toast.id} toast={toast} onDismiss={dismiss} />);
  // A toast shows in the dialog it was shown in while that dialog stays open; otherwise on the page.
  const onPage = toasts.filter((t) => !hosts.some((h) => h.id === t.host));
  return (
    <ToastContext.Provider value={api}>
      <ToastHostContext.Provider value={hostStack}>
        {children}
        {/* Always in the DOM: screen readers only announce changes to a live region that already exists. */}
        <div className="toast-region" role="status" aria-live="polite" aria-label="Notifications">
          {render(onPage)}
        </div>
        {hosts.map((h) => createPortal(render(toasts.filter((t) => t.host === h.id)), h.element, String(h.id)))}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * A live region inside an open modal dialog where the toasts show while it is the newest one open
 * (see ToastHostContext). Rendered by Modal; `active` while the dialog is open.
 */
export function ToastHost({ active }: { active: boolean }) {
  const stack = useContext(ToastHostContext);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !stack || !element) return;
    return stack.push(element);
  }, [active, stack]);
  return <div ref={ref} className="toast-region" role="status" aria-live="polite" aria-label="Notifications" />;
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
        aria-label={shellText.dismissToast}
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
