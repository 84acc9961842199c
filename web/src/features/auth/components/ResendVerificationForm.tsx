import { accountScreenText, fallback } from '@storyloom/shared/messages';
import { useEffect } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { EmailField } from '#web/components/ui/EmailField.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { emailFormSchema } from '../utils/validation.ts';

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
  const form = useForm({
    schema: emailFormSchema,
    defaultValues: { email: initialEmail },
    fallback: fallback.resendOnLogin,
  });
  const resend = useResendVerification(fallback.resendOnLogin);
  const { focus } = form;
  const sending = form.busy;

  useEffect(() => focus('email'), [focus]);

  const onSubmit = form.submit(async (data) => {
    const answer = await resend.mutateAsync(data);
    onSent(answer?.message || accountScreenText.verificationSent);
  });

  return (
    <>
      <p className="auth-lead">
        Enter the email address you signed up with and we'll send you a new verification link.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField input={form.inputProps('email')} />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <div className="button-row">
          <BusyButton className="button button-primary" busy={sending} busyLabel="Sending…">
            Send Verification Email
          </BusyButton>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}
