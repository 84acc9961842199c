import type { InputHTMLAttributes } from 'react';
import type { FieldInputProps } from '#web/hooks/use-form.ts';

export type { FieldInputProps };

type Extra = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'value'>;

/** A labelled input wired by `useForm().inputProps(field)`; `hint` is linked as a description. */
export function TextField({
  label,
  input,
  hint,
  ...extra
}: { label: string; input: FieldInputProps; hint?: string } & Extra) {
  const hintId = hint ? `${input.id}-hint` : undefined;
  const describedBy = [input['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input {...extra} {...input} aria-describedby={describedBy} />
    </div>
  );
}
