import type { RefObject } from 'react';

/** The form's one message, announced at once (role="alert"); focusable so a form error can take focus. */
export function FormAlert({
  id,
  message,
  alertRef,
}: {
  id?: string;
  message: string | null | undefined;
  alertRef?: RefObject<HTMLParagraphElement | null>;
}) {
  if (!message) return null;
  return (
    <p id={id} ref={alertRef} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

/**
 * A success note with a tick (never colour alone). The polite live region stays mounted and only its
 * content changes, so screen readers announce the note; keep it outside grid layouts (it is empty most of the time).
 */
export function FormNotice({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" className="notice-region">
      {message && (
        <p className="form-success">
          <span className="form-success-icon" aria-hidden="true">
            ✓
          </span>
          {message}
        </p>
      )}
    </div>
  );
}
