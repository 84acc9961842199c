import { type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type Ref, useRef } from 'react';

/**
 * A button whose action takes a moment (a submit, a save): while `busy` it refuses presses, says so to
 * screen readers (aria-disabled, aria-busy), and shows `busyLabel` ('Saving…') in place of its label. The
 * one place the SPA draws that state, so every form and dialog waits the same way.
 *
 * Busy is `aria-disabled`, not `disabled`: a focused button that turns disabled drops the keyboard to the
 * top of the page (after posting a comment, saving a transcript…). A press while busy is cancelled, which
 * also stops the form's submit (Enter in a field presses the form's default button).
 *
 * The second click of a double click on this same button is cancelled too: it comes before the query
 * library has told React the request is pending, so `busy` is still false and the form went twice (two
 * voice uploads, two stories). The browser counts clicks by place, not by button (`event.detail` is 2 for a
 * quick tap on a button that has just appeared where "Stop" was tapped), so the count alone would drop a
 * first press; this button's own last press decides. A keyboard press has `detail` 0 and is never cancelled.
 */
const DOUBLE_CLICK_MS = 600;
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
  const lastPress = useRef(Number.NEGATIVE_INFINITY);
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    const again = event.detail > 1 && event.timeStamp - lastPress.current < DOUBLE_CLICK_MS;
    if (busy || again) {
      event.preventDefault();
      return;
    }
    lastPress.current = event.timeStamp;
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
