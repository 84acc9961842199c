import { RESET_LINK_TTL_SECONDS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { EmailField } from '#web/components/ui/EmailField.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { paths } from '#web/config/paths.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { emailFormSchema } from '../utils/validation.ts';

const linkLifetime = `${RESET_LINK_TTL_SECONDS / 3600} hour${RESET_LINK_TTL_SECONDS === 3600 ? '' : 's'}`;

/**
 * /forgot-password (spec sections 2, 5, 8): an email, then a confirmation that says the same
 * whether or not the account exists, with Send Another Reset and Back to Login.
 */
export function ForgotPasswordRoute() {
  const form = useForm({ schema: emailFormSchema, defaultValues: { email: '' }, fallback: fallback.resetEmail });
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const sending = form.busy;
  const { focus } = form;
  const confirmationRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Switching between the form and the confirmation moves focus to what is new.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (sent) confirmationRef.current?.focus();
    else focus('email');
  }, [sent, focus]);

  const onSubmit = form.submit(async (data) => {
    await request.mutateAsync(data);
    setSent(true);
  });

  if (sent) {
    return (
      <AuthCard title="Check Your Email" tone="success">
        <div ref={confirmationRef} tabIndex={-1} className="notice-focus">
          <p className="auth-lead">{success.resetSent}</p>
          <p>
            The link expires in {linkLifetime}. If it doesn't arrive in a few minutes, check your spam folder or send
            another.
          </p>
        </div>
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={() => setSent(false)}>
            Send Another Reset
          </button>
          <Link to={paths.login.getHref()} className="button button-primary">
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Your Password?">
      <p className="auth-lead">
        Enter the email address of your account and we'll send you a link to choose a new password.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField input={form.inputProps('email')} />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <BusyButton className="button button-primary button-block" busy={sending} busyLabel="Sending…">
          Send Reset Link
        </BusyButton>
      </form>
      <p className="auth-links">
        Remembered it? <Link to={paths.login.getHref()}>Back to Login</Link>
      </p>
    </AuthCard>
  );
}
