import { type FieldInputProps, TextField } from './TextField.tsx';

/** An email address field: the email keyboard on phones, autofill, and no spell-check underlining. */
export function EmailField({ input, label = 'Email' }: { input: FieldInputProps; label?: string }) {
  return <TextField label={label} input={input} type="email" autoComplete="email" spellCheck={false} required />;
}
