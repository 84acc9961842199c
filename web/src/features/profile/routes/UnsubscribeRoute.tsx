import { familyMailText as t } from '@storyloom/shared/messages/family-mail';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useUnsubscribe, useUnsubscribeLink } from '../api/family-mail.ts';

/**
 * /unsubscribe?token= (issue 20 B): no login. Opening the page changes nothing (mail scanners open
 * links); the button POSTs, like a mail provider's one-click (RFC 8058). A second click says it is
 * already done; a forged or expired link says so and does nothing.
 */
export function UnsubscribeRoute() {
  useDocumentTitle(t.unsubscribeHeading);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe();

  let body: ReactNode;
  if (!token) {
    body = (
      <p className="form-error" role="alert">
        {t.linkMissing}
      </p>
    );
  } else if (link.isPending) {
    body = <Spinner label="Checking your link…" />;
  } else if (link.isError) {
    body = (
      <p className="form-error" role="alert">
        {link.error.message || t.linkInvalid}
      </p>
    );
  } else {
    body = (
      <>
        <p className="auth-lead">
          {link.data?.list === 'weekly' ? t.unsubscribeWeeklyQuestion : t.unsubscribeDigestQuestion}
        </p>
        <div role="status" className="notice-region">
          {unsubscribe.data && <p className="form-success">{unsubscribe.data.message}</p>}
        </div>
        {unsubscribe.isError && (
          <p className="form-error" role="alert">
            {unsubscribe.error.message || t.linkInvalid}
          </p>
        )}
        <div className="button-row">
          <BusyButton
            type="button"
            className="button button-primary"
            busy={unsubscribe.isPending}
            busyLabel="Unsubscribing…"
            onClick={() => unsubscribe.mutate(token)}
          >
            {t.unsubscribeButton}
          </BusyButton>
        </div>
      </>
    );
  }
  return (
    <section className="page page-narrow">
      <div className="card">
        <h1>{t.unsubscribeHeading}</h1>
        {body}
        <p>
          <Link to={`${paths.profile.getHref()}#email-settings`}>{t.changeSettingsLink}</Link>
        </p>
      </div>
    </section>
  );
}
