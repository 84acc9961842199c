import { fallback } from '@storyloom/shared/messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { paths } from '#web/config/paths.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { isEmailNotVerified, logIn } from '../api/log-in.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { ResendVerificationForm } from '../components/ResendVerificationForm.tsx';
import { checkLogin, emailFromLoginName } from '../utils/validation.ts';

/**
 * /login (spec sections 2, 4, 5, 8): idle, submitting, error. An unverified email offers a new
 * verification link in a sub-view ('Resend Verification') that can be cancelled.
 */
export function LoginRoute() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const form = useForm({ username: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [needsVerification, setNeedsVerification] = useState(false);
  const [view, setView] = useState<'login' | 'resend'>('login');
  const [notice, setNotice] = useState<string | null>(null);
  const resendButtonRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  /** Where focus goes when the sub-view closes: back to its button, or to the "sent" note. */
  const [returnFocus, setReturnFocus] = useState<'resend' | 'notice' | null>(null);

  useEffect(() => {
    if (view !== 'login' || !returnFocus) return;
    (returnFocus === 'notice' ? noticeRef : resendButtonRef).current?.focus();
    setReturnFocus(null);
  }, [view, returnFocus]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setNotice(null);
    setNeedsVerification(false);
    const checked = checkLogin(form.values);
    if (!checked.ok) return form.fail(checked.message, checked.field);
    form.clearError();
    setSubmitting(true);
    try {
      const tokens = await logIn(checked.data);
      login(tokens);
      navigate(paths.dashboard.getHref(), { replace: true });
    } catch (error) {
      setSubmitting(false);
      setNeedsVerification(isEmailNotVerified(error));
      form.fail(error instanceof ApiError ? error.message : fallback.login);
    }
  };

  if (view === 'resend') {
    return (
      <AuthCard title="Resend Verification">
        <ResendVerificationForm
          initialEmail={emailFromLoginName(form.values.username)}
          onCancel={() => {
            setReturnFocus('resend');
            setView('login');
          }}
          onSent={(message) => {
            setNeedsVerification(false);
            form.clearError();
            setNotice(message);
            setReturnFocus('notice');
            setView('login');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome Back">
      <p className="auth-lead">Sign in to keep writing and sharing your stories.</p>
      <div ref={noticeRef} tabIndex={-1} className="notice-focus">
        <FormNotice message={notice} />
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Username or Email"
          input={form.inputProps('username')}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordField label="Password" input={form.inputProps('password')} autoComplete="current-password" />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        {needsVerification && (
          <button
            ref={resendButtonRef}
            type="button"
            className="button button-secondary"
            onClick={() => setView('resend')}
          >
            Resend Verification Email
          </button>
        )}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          {submitting ? 'Signing In…' : 'Sign In'}
        </button>
      </form>
      <p className="auth-links">
        <Link to={paths.forgotPassword.getHref()}>Forgot your password?</Link>
      </p>
      <p className="auth-links">
        Don't have an account? <Link to={paths.register.getHref()}>Sign up</Link>
      </p>
    </AuthCard>
  );
}
