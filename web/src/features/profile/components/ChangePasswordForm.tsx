import { fallback, success } from '@storyloom/shared/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { NewPasswordFields } from '#web/components/ui/NewPasswordFields.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { changePasswordFormSchema } from '../utils/validation.ts';

const empty = { current: '', next: '', confirm: '' };

/** Spec section 8: 'Profile updated successfully!' clears after 3 seconds. */
export const SAVED_NOTE_MS = 3000;

/** The profile's Change Password section (spec sections 2, 5, 8): the success note clears after 3 seconds. */
export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const form = useForm({ schema: changePasswordFormSchema, defaultValues: empty, fallback: fallback.updateProfile });
  const change = useChangePassword();
  const saving = form.busy;
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = form.submit(async ({ current, next }) => {
    const answer = await change.mutateAsync({ current_password: current, new_password: next });
    form.form.reset(empty);
    setSaved(answer?.message || success.profileUpdated);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSaved(null);
    void submit(event);
  };

  return (
    <>
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <TextField
          label="Current Password"
          input={form.inputProps('current')}
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields
          password={form.inputProps('next')}
          confirm={form.inputProps('confirm')}
          labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
        />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <div className="button-row">
          <BusyButton className="button button-primary" busy={saving} busyLabel="Updating…">
            Update Password
          </BusyButton>
        </div>
      </form>
      <FormNotice message={saved} />
    </>
  );
}
