import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { ToastHost } from './Toasts.tsx';

export interface ModalProps {
  open: boolean;
  /** Called for the close button, Escape, and a close by the browser itself. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Focused when the modal opens; otherwise the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The id of the element to focus when the modal opens (when a ref is awkward, e.g. a form field). */
  initialFocusId?: string;
}

/**
 * An accessible modal on the native `<dialog>`: the page behind is inert, focus moves in on open
 * and returns to where it was on close, Escape closes, and the title labels the dialog.
 * It stays mounted while closed so a half-written form survives an accidental close.
 */
export function Modal({ open, onClose, title, children, initialFocusRef, initialFocusId }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** True between our own `dialog.close()` and its (queued) close event. */
  const closingRef = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const target = initialFocusRef?.current ?? (initialFocusId ? document.getElementById(initialFocusId) : null);
      target?.focus();
    } else if (!open && dialog.open) {
      closingRef.current = true;
      dialog.close();
    }
  }, [open, initialFocusRef, initialFocusId]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Escape: keep the state in React's hands instead of letting the browser close it.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Browsers may still force a close (repeated Escape); bring the state in line and restore focus.
    // The close event is queued: after our own close() it can arrive once the dialog is open again for a
    // new question (a leave guard: Stay, then Back at once), and must not answer that one.
    const onNativeClose = () => {
      const ours = closingRef.current;
      closingRef.current = false;
      if (dialog.open) return;
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (target?.isConnected) target.focus();
      // Our own close follows `open` already; only a close the browser forced must bring the state in line.
      if (!ours) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
    };
  }, []);

  // A parent may unmount the modal while it is open (a form that goes away once sent or on Escape, e.g.
  // "Ask … a question"): the dialog then leaves without a close event and focus would fall to <body>,
  // the top of the page for a keyboard user. Put it back on what opened it.
  useEffect(
    () => () => {
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (target?.isConnected) target.focus();
    },
    [],
  );

  return (
    <dialog ref={dialogRef} className="modal" aria-modal="true" aria-labelledby={titleId}>
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <button type="button" className="modal-close" onClick={onClose} aria-label={`Close ${title}`}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal-body">{children}</div>
      <ToastHost active={open} />
    </dialog>
  );
}
