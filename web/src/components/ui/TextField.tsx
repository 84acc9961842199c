import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';

export interface FieldInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

type Extra = Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldInputProps>;

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
