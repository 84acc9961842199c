import { useState } from 'react';
import type { FieldInputProps } from '#web/components/ui/TextField.tsx';

/**
 * A password input with a show/hide button beside it. The button's name says what it will do
 * ("Show password" / "Hide password"), so it needs no pressed state.
 */
export function PasswordField({
  label,
  input,
  autoComplete,
}: {
  label: string;
  input: FieldInputProps;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [shown, setShown] = useState(false);
  const name = label.toLowerCase();
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <div className="password-input">
        <input {...input} type={shown ? 'text' : 'password'} autoComplete={autoComplete} required />
        <button
          type="button"
          className="password-toggle"
          aria-controls={input.id}
          aria-label={`${shown ? 'Hide' : 'Show'} ${name}`}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
