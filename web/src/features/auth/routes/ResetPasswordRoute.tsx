import { REDIRECT_AFTER_AUTH_MS, RESET_LINK_TTL_SECONDS } from '@storyloom/shared/constants';
import { accountScreenText, accountText, fallback } from '@storyloom/shared/messages';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { NewPasswordFields } from '#web/components/ui/NewPasswordFields.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError, errorText } from '#web/lib/api-client.ts';
import { isInvalidResetLink, useResetPassword } from '../api/reset-password.ts';
import { useResetToken } from '../api/validate-reset-token.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useRedirectAfter } from '../hooks/use-redirect-after.ts';
import { resetFormSchema } from '../utils/validation.ts';

const linkLifetime = `${RESET_LINK_TTL_SECONDS / 3600} hour${RESET_LINK_TTL_SECONDS === 3600 ? '' : 's'}`;

/**
 * /reset-password?token= (spec sections 2, 4, 5, 8): the link is checked on load (validating), then
 * the form for a valid link (then done, and /login after 3 seconds) or 'Invalid Reset Link'.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const check = useResetToken(token);
  /** Set when submitting finds the link spent after all (used in another tab, or replaced). */
  const [lateInvalid, setLateInvalid] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  useRedirectAfter(doneMessage !== null, paths.login.getHref(), REDIRECT_AFTER_AUTH_MS);

  if (!token) return <InvalidLink message={fallback.resetNoToken} />;
  if (check.isPending) return <Validating />;
  if (check.isError) {
    const error = check.error;
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      return <CheckFailed onRetry={() => void check.refetch()} retrying={check.isFetching} />;
    }
    return <InvalidLink message={error.message} />;
  }
  if (lateInvalid) return <InvalidLink message={lateInvalid} />;

  if (doneMessage !== null) {
    return (
      <AuthCard title="Password Reset Successful!" tone="success">
        <p className="auth-lead">{doneMessage}</p>
        <p role="status">Taking you to the login page in {REDIRECT_AFTER_AUTH_MS / 1000} seconds…</p>
        <div className="button-row">
          <Link to={paths.login.getHref()} replace className="button button-primary">
            Continue to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <NewPasswordForm
      token={token}
      username={check.data.username}
      onDone={(message) => setDoneMessage(message || accountText.passwordReset)}
      onLinkInvalid={setLateInvalid}
    />
  );
}

function NewPasswordForm({
  token,
  username,
  onDone,
  onLinkInvalid,
}: {
  token: string;
  username: string;
  onDone: (message: string) => void;
  onLinkInvalid: (message: string) => void;
}) {
  const form = useForm({
    schema: resetFormSchema,
    defaultValues: { password: '', confirmPassword: '' },
    fallback: fallback.resetFailed,
  });
  const reset = useResetPassword();
  const submitting = form.busy;

  const onSubmit = form.submit(
    async ({ password }) => {
      const answer = await reset.mutateAsync({ token, new_password: password });
      onDone(answer?.message ?? '');
    },
    {
      onError: (error) => {
        if (!isInvalidResetLink(error)) return false;
        onLinkInvalid(errorText(error, fallback.resetInvalid));
        return true;
      },
    },
  );

  return (
    <AuthCard title="Reset Your Password">
      <p className="auth-lead">
        Hi <strong>{username}</strong>, choose a new password.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <NewPasswordFields
          password={form.inputProps('password')}
          confirm={form.inputProps('confirmPassword')}
          labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
        />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <BusyButton className="button button-primary button-block" busy={submitting} busyLabel="Resetting…">
          Reset Password
        </BusyButton>
      </form>
    </AuthCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard title="Invalid Reset Link" tone="error">
      <p className="form-error" role="alert">
        {message}
      </p>
      <p>
        Password reset links are valid for {linkLifetime}, and only the newest link you were sent works. Request a new
        one to continue.
      </p>
      <div className="button-row">
        <Link to={paths.forgotPassword.getHref()} className="button button-primary">
          Request New Reset
        </Link>
        <Link to={paths.login.getHref()} className="button button-secondary">
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}

function CheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <AuthCard title="Could Not Check Your Link" tone="error">
      <p className="form-error" role="alert">
        {accountScreenText.resetCheckFailed}
      </p>
      <p>Your reset link has not been used. Check your connection, then try again.</p>
      <div className="button-row">
        <BusyButton
          type="button"
          className="button button-primary"
          onClick={onRetry}
          busy={retrying}
          busyLabel="Checking…"
        >
          Try Again
        </BusyButton>
        <Link to={paths.login.getHref()} className="button button-secondary">
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}

function Validating() {
  return (
    <AuthCard title="Reset Your Password">
      <Spinner label="Checking your reset link…" />
    </AuthCard>
  );
}
