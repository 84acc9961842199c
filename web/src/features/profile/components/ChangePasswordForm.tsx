import { PASSWORD_MIN } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { changePassword } from '../api/change-password.ts';
import { checkChangePassword } from '../utils/validation.ts';

const empty = { current: '', next: '', confirm: '' };

/** Spec section 8: 'Profile updated successfully!' clears after 3 seconds. */
export const SAVED_NOTE_MS = 3000;

/** The profile's Change Password section (spec sections 2, 5, 8): the success note clears after 3 seconds. */
export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const form = useForm(empty);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaved(null);
    const checked = checkChangePassword(form.values);
    if (!checked.ok) return form.fail(checked.message, checked.field);
    form.clearError();
    setSaving(true);
    try {
      const answer = await changePassword(checked.data);
      form.setValues(empty);
      setSaved(answer?.message || success.profileUpdated);
    } catch (error) {
      form.fail(error instanceof ApiError ? error.message : fallback.updateProfile);
    } finally {
      setSaving(false);
    }
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
        <TextField
          label="New Password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          input={form.inputProps('next')}
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          label="Confirm New Password"
          input={form.inputProps('confirm')}
          type="password"
          autoComplete="new-password"
          required
        />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Updating…' : 'Update Password'}
          </button>
        </div>
      </form>
      <FormNotice message={saved} />
    </>
  );
}
