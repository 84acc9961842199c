import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

/** The one message a form shows; `field` is the input it is about (null: the whole form, e.g. a server error). */
export interface FormError<F extends string> {
  message: string;
  field: F | null;
}

/**
 * State for a small form of text inputs: values, the one current error, and the accessibility
 * wiring (spec section 4: editing any field clears the error; the invalid field, or the error
 * itself when no field is to blame, takes focus; the message is linked with aria-describedby).
 */
export function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<FormError<F> | null>(null);
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const errorRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  // After the message renders: a field error focuses the field, a form error focuses the message.
  useEffect(() => {
    if (!error) return;
    if (error.field) inputs.current[error.field]?.focus();
    else errorRef.current?.focus();
  }, [error]);

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError(null);
  }, []);

  const fail = useCallback((message: string, field: F | null = null) => setError({ message, field }), []);
  const clearError = useCallback(() => setError(null), []);
  /** Moves focus to a field, e.g. the first one when a view opens. */
  const focus = useCallback((field: F) => inputs.current[field]?.focus(), []);

  /** Props for the `<input>` of `field`: id, name, value, change handler, ref and ARIA state. */
  const inputProps = (field: F) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value),
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    'aria-invalid': error?.field === field || undefined,
    'aria-describedby': error && (error.field === field || error.field === null) ? errorId : undefined,
  });

  return { values, setValues, setValue, error, fail, clearError, focus, inputProps, errorId, errorRef };
}

export type FormState<F extends string> = ReturnType<typeof useForm<F>>;
