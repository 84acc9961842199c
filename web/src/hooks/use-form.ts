import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  useForm as useHookForm,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { errorText } from '#web/lib/api-client.ts';

/** The one message a form shows; `field` is the input it is about (null: the whole form, e.g. a server error). */
export interface FormError<F extends string> {
  message: string;
  field: F | null;
}

/** What `inputProps(field)` returns: react-hook-form's registration plus the accessibility wiring. */
export type FieldInputProps = UseFormRegisterReturn & {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export interface UseFormOptions<V extends FieldValues> {
  defaultValues: V;
  /** Shown when a submit fails with an error that carries no text (the spec's fallback, section 8). */
  fallback: string;
  /** Where a whole-form rule (a refinement without a path) is shown; the whole form when omitted. */
  objectField?: Path<V>;
}

/**
 * The one form mechanism of the SPA: react-hook-form validating with the zod resolver against the
 * shared zod/mini schemas, and the spec's section 4 behaviour on top: one message at a time (the
 * first issue), editing any field clears it, the invalid field (or the message itself, when no
 * field is to blame) takes focus, and the message is linked with aria-describedby. `submit(onValid)`
 * gives the handler the parsed values; while it runs `busy` is true, and an error it throws becomes
 * the form's message (the server's text or `fallback`).
 */
export function useForm<V extends FieldValues, Out = V>({
  schema,
  defaultValues,
  fallback,
  objectField,
}: UseFormOptions<V> & {
  /** The zod/mini schema (one of shared/src/schemas, or a form schema built on one); `Out` is what it parses to. */
  schema: z.ZodMiniType<Out, unknown>;
}) {
  const form = useHookForm<V, unknown, Out>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: zodResolver(schema as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const id = useId();
  const errorId = `${id}-error`;
  const errorRef = useRef<HTMLParagraphElement>(null);
  // What the message is about takes focus once the message has rendered (even the same one again).
  const [target, setTarget] = useState<{ field: Path<V> | null; n: number }>({ field: null, n: 0 });
  const { errors, isSubmitting } = form.formState;
  const error = firstError<V>(errors, objectField);
  const { setError, clearErrors } = form;

  /** Moves focus to the input of `field`. */
  const focus = useCallback((field: Path<V>) => document.getElementById(`${id}-${field}`)?.focus(), [id]);

  useEffect(() => {
    if (target.n === 0) return;
    if (target.field) focus(target.field);
    else errorRef.current?.focus();
  }, [target, focus]);

  /** Moves focus to what the message is about: its field, or the message itself. */
  const focusOn = useCallback((field: Path<V> | null) => setTarget((t) => ({ field, n: t.n + 1 })), []);

  /** Shows `message` (about `field`, or the whole form) and focuses it. */
  const fail = useCallback(
    (message: string, field: Path<V> | null = null) => {
      clearErrors();
      setError(field ?? 'root.server', { type: 'server', message });
      focusOn(field);
    },
    [clearErrors, setError, focusOn],
  );

  const hasError = error !== null;
  /** Props for the input of `field`: id, name, react-hook-form's handlers and ref, and ARIA state. */
  const inputProps = (field: Path<V>): FieldInputProps => ({
    id: `${id}-${field}`,
    ...form.register(field, {
      onChange: () => {
        if (hasError) clearErrors();
      },
    }),
    'aria-invalid': error?.field === field || undefined,
    'aria-describedby': error && (error.field === field || error.field === null) ? errorId : undefined,
  });

  /**
   * The form's submit handler: validate, then `onValid(parsed)`. A thrown error becomes the
   * message, unless `onError` handles it (returns true).
   */
  const submit =
    (onValid: (data: Out) => unknown, opts: { onError?: (error: unknown) => boolean | undefined } = {}) =>
    (event?: FormEvent<HTMLFormElement>) =>
      form.handleSubmit(
        async (data) => {
          try {
            await onValid(data);
          } catch (err) {
            if (err instanceof DOMException && err.name === 'AbortError') return;
            if (opts.onError?.(err)) return;
            fail(errorText(err, fallback));
          }
        },
        (invalid) => focusOn(firstError<V>(invalid, objectField)?.field ?? null),
      )(event);

  return {
    /** react-hook-form's own API, for watch/reset/getValues. */
    form,
    error,
    busy: isSubmitting,
    fail,
    clearError: clearErrors,
    focus,
    inputProps,
    submit,
    errorId,
    errorRef,
  };
}

export type FormState<V extends FieldValues, Out = V> = ReturnType<typeof useForm<V, Out>>;

/** The first message in the order the schema reported its issues (react-hook-form keeps that order). */
function firstError<V extends FieldValues>(errors: FieldErrors<V>, objectField?: Path<V>): FormError<Path<V>> | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value) continue;
    if (key === 'root') {
      const root = value as Record<string, { message?: string } | undefined> & { message?: string };
      const message = root.server?.message ?? root.message;
      if (message) return { message, field: null };
      continue;
    }
    const message = (value as { message?: unknown }).message;
    if (typeof message !== 'string' || message === '') continue;
    if (key === '') return { message, field: objectField ?? null };
    return { message, field: key as Path<V> };
  }
  return null;
}
