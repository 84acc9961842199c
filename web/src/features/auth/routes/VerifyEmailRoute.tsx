import { REDIRECT_AFTER_AUTH_MS, VERIFY_LINK_TTL_SECONDS } from '@storyloom/shared/constants';
import { accountText, fallback } from '@storyloom/shared/messages';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useRedirectAfter } from '../hooks/use-redirect-after.ts';

/**
 * /verify-email?token= (spec sections 2, 4, 8): verifying, then success (redirect to /login after
 * 3 seconds) or an error with ways forward. The link is spent once, however often React renders.
 */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const result = useVerifyEmail(token);
  const verified = token !== null && result.isSuccess;
  useRedirectAfter(verified, paths.login.getHref(), REDIRECT_AFTER_AUTH_MS);

  if (token && result.isPending) return <Verifying />;

  if (verified) {
    return (
      <AuthCard title="Email Verified!" tone="success">
        <p className="auth-lead">{result.data?.message || accountText.emailVerified}</p>
        <p role="status">Taking you to the login page in {REDIRECT_AFTER_AUTH_MS / 1000} seconds…</p>
        <div className="button-row">
          <Link to={paths.login.getHref()} replace className="button button-primary">
            Continue to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  const message = !token ? fallback.verifyNoToken : errorText(result.error, fallback.verifyFailed);
  return (
    <AuthCard title="Verification Failed" tone="error">
      <p className="form-error" role="alert">
        {message}
      </p>
      <p>
        Verification links work once and expire after {VERIFY_LINK_TTL_SECONDS / 3600} hours. Log in to have a new one
        sent, or create your account again.
      </p>
      <div className="button-row">
        <Link to={paths.register.getHref()} className="button button-secondary">
          Create New Account
        </Link>
        <Link to={paths.login.getHref()} className="button button-primary">
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}

function Verifying() {
  return (
    <AuthCard title="Verifying Your Email">
      <Spinner label="Verifying your email…" />
    </AuthCard>
  );
}
