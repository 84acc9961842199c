import { accountScreenText, fallback } from '@storyloom/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { paths } from '#web/config/paths.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { checkRegisterResend } from '../utils/validation.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * 'Check Your Email!' (spec section 2): the server's message, Resend Email (to the address just
 * registered) and Go to Login. The user must verify before logging in.
 */
export function RegisterSuccess({ email, message }: { email: string; message: string }) {
  const resend = useResendVerification(fallback.resendOnRegister);
  const [invalid, setInvalid] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const sending = resend.isPending;
  const notice = resend.isSuccess ? resend.data?.message || accountScreenText.verificationResent : null;
  const error = invalid ?? (resend.error ? errorText(resend.error, fallback.resendOnRegister) : null);

  // The form is gone: start screen readers and keyboards on the news.
  useEffect(() => headingRef.current?.focus(), []);

  const onResend = () => {
    if (sending) return;
    resend.reset();
    const checked = checkRegisterResend(email);
    setInvalid(checked.ok ? null : checked.message);
    if (checked.ok) resend.mutate(checked.data);
  };

  return (
    <AuthCard title="Check Your Email!" tone="success">
      <div ref={headingRef} tabIndex={-1} className="notice-focus">
        <p className="auth-lead">{message}</p>
        <p>
          We sent the link to <strong>{email}</strong>. It may take a minute to arrive; check your spam folder if you
          can't find it.
        </p>
      </div>
      <FormNotice message={notice} />
      <FormAlert id="register-resend-error" message={error ?? undefined} alertRef={errorRef} />
      <div className="button-row">
        <BusyButton
          type="button"
          className="button button-secondary"
          onClick={onResend}
          busy={sending}
          busyLabel="Sending…"
        >
          Resend Email
        </BusyButton>
        <Link to={paths.login.getHref()} className="button button-primary">
          Go to Login
        </Link>
      </div>
    </AuthCard>
  );
}
