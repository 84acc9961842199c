import { PASSWORD_MIN } from '@storyloom/shared/constants';
import { type FieldInputProps, TextField } from './TextField.tsx';

/**
 * A new password and its confirmation, as sign-up, the reset screen and the profile's password change
 * ask for them: the length hint on the first, `new-password` so password managers offer to save.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels = { password: 'Password', confirm: 'Confirm Password' },
}: {
  password: FieldInputProps;
  confirm: FieldInputProps;
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
        input={password}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField label={labels.confirm} input={confirm} type="password" autoComplete="new-password" required />
    </>
  );
}
