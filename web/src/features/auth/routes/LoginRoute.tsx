import { accountText, fallback } from '@storyloom/shared/messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { paths } from '#web/config/paths.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { useAuth } from '#web/lib/auth.tsx';
import type { RedirectState } from '#web/lib/guards.tsx';
import {
  handOverAfterLogin,
  peekRememberedReturnPath,
  safeReturnPath,
  takeRememberedReturnPath,
} from '#web/lib/return-to.ts';
import { sessionExpired } from '#web/lib/token-storage.ts';
import { isEmailNotVerified, useLogIn } from '../api/log-in.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { ResendVerificationForm } from '../components/ResendVerificationForm.tsx';
import { emailFromLoginName, loginFormSchema } from '../utils/validation.ts';

/** Where to go after logging in: `?next=`, the page a guard sent the user from, or the dashboard. */
function useReturnPath(): { path: string | null; goBack: boolean } {
  const [params] = useSearchParams();
  const state = useLocation().state as RedirectState | null;
  const from = state?.from ? `${state.from.pathname}${state.from.search}` : null;
  const next = safeReturnPath(params.get('next'));
  const back = next === null ? safeReturnPath(from) : null;
  // The page that linked here is the entry before this one: going back to it keeps Back working after the login.
  return { path: next ?? back ?? peekRememberedReturnPath(), goBack: back !== null && state?.cameFrom === true };
}

/**
 * /login (spec sections 2, 4, 5, 8): idle, submitting, error. An unverified email offers a new
 * verification link in a sub-view ('Resend Verification') that can be cancelled. After logging in
 * the user goes back to the page that sent them here (issue 11), else to the dashboard.
 */
export function LoginRoute() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const { path: returnPath, goBack } = useReturnPath();
  // Read once: logging in clears the note.
  const [expired] = useState(sessionExpired);
  const logIn = useLogIn();
  const form = useForm({
    schema: loginFormSchema,
    defaultValues: { username: '', password: '' },
    fallback: fallback.login,
  });
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

  const submit = form.submit(
    async (data) => {
      const tokens = await logIn.mutateAsync(data);
      takeRememberedReturnPath();
      await handOverAfterLogin(() => {
        login(tokens);
        if (goBack && !expired) return navigate(-1);
        // A session that expired mid-form comes back to that form with its text (the draft) in place.
        return navigate(returnPath ?? paths.dashboard.getHref(), {
          replace: true,
          state: expired && returnPath ? { restoreDraft: true } : undefined,
        });
      });
    },
    {
      onError: (error) => {
        setNeedsVerification(isEmailNotVerified(error));
        return false;
      },
    },
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setNotice(null);
    setNeedsVerification(false);
    void submit(event);
  };

  if (view === 'resend') {
    return (
      <AuthCard title="Resend Verification">
        <ResendVerificationForm
          initialEmail={emailFromLoginName(form.form.getValues('username'))}
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
      {expired && (
        <p className="notice session-expired" role="status">
          {accountText.sessionExpired}
        </p>
      )}
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
        <BusyButton className="button button-primary button-block" busy={form.busy} busyLabel="Signing In…">
          Sign In
        </BusyButton>
      </form>
      <p className="auth-links">
        <Link to={paths.forgotPassword.getHref()}>Forgot your password?</Link>
      </p>
      <p className="auth-links">
        Don't have an account? <Link to={paths.register.getHref(returnPath ?? undefined)}>Sign up</Link>
      </p>
    </AuthCard>
  );
}
