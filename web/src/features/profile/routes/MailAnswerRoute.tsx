import { familyMailText as t } from '@storyloom/shared/messages/family-mail';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAnswerLink } from '../api/family-mail.ts';

/**
 * /mail/answer?token= (issue 20 B): the weekly email's button. A forged, expired or misused link gets
 * its message here and nothing happens. A good one opens the answer screen for its question; without
 * a session it goes through /login first and comes back here (`?next=`), then on to the question.
 */
export function MailAnswerRoute() {
  useDocumentTitle('Your question');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { isLoggedIn, isLoading } = useAuth();
  const link = useAnswerLink(token, isLoggedIn, !isLoading);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const data = link.data;
    if (!data) return;
    if ('prompt_id' in data) {
      navigate(paths.createStory.getHref({ prompt: data.prompt_id }), { replace: true });
    } else if (data.needs_login) {
      navigate(paths.login.getHref(`${location.pathname}${location.search}`), { replace: true });
    }
  }, [link.data, navigate, location.pathname, location.search]);

  if (token && (isLoading || link.isPending || link.data)) {
    return (
      <section className="page page-narrow">
        <Spinner label={t.openingQuestion} className="page-spinner" />
      </section>
    );
  }
  return (
    <section className="page page-narrow">
      <div className="card">
        <h1>Your question</h1>
        <p className="form-error" role="alert">
          {token ? link.error?.message || t.linkInvalid : t.linkMissing}
        </p>
        <div className="button-row">
          <Link to={paths.dashboard.getHref()} className="button button-primary">
            Go to your dashboard
          </Link>
        </div>
      </div>
    </section>
  );
}
