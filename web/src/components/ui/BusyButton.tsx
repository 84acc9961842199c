import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * A button whose action takes a moment (a submit, a save): while `busy` it is disabled, says so to
 * screen readers (aria-busy), and shows `busyLabel` ('Saving…') in place of its label. The one place
 * the SPA draws that state, so every form and dialog waits the same way.
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  disabled,
  type = 'submit',
  ref,
  ...rest
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button ref={ref} type={type} disabled={busy || disabled} aria-busy={busy || undefined} {...rest}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
