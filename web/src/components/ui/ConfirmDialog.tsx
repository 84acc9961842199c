import { type ReactNode, useRef } from 'react';
import { BusyButton } from './BusyButton.tsx';
import { Modal } from './Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Says what happens: 'Delete Story', not 'OK'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  busy?: boolean;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question in the shell's modal. Focus starts on the safe choice (cancel), so a stray
 * Enter never deletes anything.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={busy ? () => undefined : onCancel} title={title} initialFocusRef={cancelRef}>
      <div className="confirm-body">{children}</div>
      <div className="button-row">
        <BusyButton
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={onConfirm}
          busy={busy}
          busyLabel={busyLabel}
        >
          {confirmLabel}
        </BusyButton>
        <button ref={cancelRef} type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
      </div>
    </Modal>
  );
}
