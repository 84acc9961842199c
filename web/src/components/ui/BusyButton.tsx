import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';

/**
 * A button whose action takes a moment (a submit, a save): while `busy` it refuses presses, says so to
 * screen readers (aria-disabled, aria-busy), and shows `busyLabel` ('Saving…') in place of its label. The
 * one place the SPA draws that state, so every form and dialog waits the same way.
 *
 * Busy is `aria-disabled`, not `disabled`: a focused button that turns disabled drops the keyboard to the
 * top of the page (after posting a comment, saving a transcript…). A press while busy is cancelled, which
 * also stops the form's submit (Enter in a field presses the form's default button).
 *
 * The second click of a double click (`event.detail` 2 and up) is cancelled too: it comes before the query
 * library has told React the request is pending, so `busy` is still false and the form went twice (two
 * voice uploads, two stories). A keyboard press has `detail` 0 and is never cancelled this way.
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  disabled,
  type = 'submit',
  ref,
  onClick,
  ...rest
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy || event.detail > 1) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={press}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
