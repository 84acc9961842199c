import { fallback } from '@storyloom/shared/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { resendVerification } from '../api/resend-verification.ts';
import { checkEmail } from '../utils/validation.ts';

/** What the login screen says when the server gives no message of its own. */
const SENT = 'Verification email sent. Please check your inbox.';

/**
 * The login screen's 'Resend Verification' sub-view (spec sections 2, 5, 8): an email field,
 * Cancel and Send Verification Email. `onSent` gets the confirmation to show back on the login view.
 */
export function ResendVerificationForm({
  initialEmail,
  onCancel,
  onSent,
}: {
  initialEmail: string;
  onCancel: () => void;
  onSent: (message: string) => void;
}) {
  const form = useForm({ email: initialEmail });
  const [sending, setSending] = useState(false);
  const { focus } = form;

  useEffect(() => focus('email'), [focus]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkEmail(form.values.email);
    if (!checked.ok) return form.fail(checked.message, checked.field);
    form.clearError();
    setSending(true);
    try {
      const answer = await resendVerification(checked.data, fallback.resendOnLogin);
      onSent(answer?.message || SENT);
    } catch (error) {
      setSending(false);
      form.fail(error instanceof ApiError ? error.message : fallback.resendOnLogin);
    }
  };

  return (
    <>
      <p className="auth-lead">
        Enter the email address you signed up with and we'll send you a new verification link.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          input={form.inputProps('email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
        />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={sending} aria-busy={sending || undefined}>
            {sending ? 'Sending…' : 'Send Verification Email'}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}
