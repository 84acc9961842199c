import type { KeepsakeBuildDto } from '@storyloom/shared/keepsake';
import { bookText } from '@storyloom/shared/messages/book';
import { useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { getBookDownload } from '../api/books.ts';

/**
 * The newest book's state, read from the server (so it is there again after a reload): waiting,
 * making with a percentage, ready with Download, or failed with the reason and Try again (which makes
 * the book again from the form's choices).
 */
export function BookProgress({ build, onRetry }: { build: KeepsakeBuildDto; onRetry: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const percent = build.progress.total > 0 ? Math.round((build.progress.done / build.progress.total) * 100) : 0;

  const download = async () => {
    setError(null);
    setDownloading(true);
    try {
      const { secure_url } = await getBookDownload(build.id);
      window.location.assign(secure_url);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card book-progress" aria-live="polite">
      {build.status === 'queued' && <p role="status">{bookText.status.queued}</p>}
      {build.status === 'running' && (
        <div role="status">
          <p>
            {bookText.status.running(percent)}
            {build.progress.step ? ` — ${build.progress.step}` : ''}
          </p>
          <progress max={100} value={percent} aria-label={bookText.making} />
        </div>
      )}
      {(build.status === 'queued' || build.status === 'running') && <p className="field-hint">{bookText.emailNote}</p>}
      {build.status === 'done' && (
        <div role="status">
          <p>{bookText.status.done}</p>
          {build.downloadable && (
            <BusyButton
              type="button"
              className="button button-primary"
              busy={downloading}
              onClick={() => void download()}
            >
              {bookText.download}
            </BusyButton>
          )}
        </div>
      )}
      {build.status === 'failed' && (
        <div>
          <FormAlert message={`${bookText.status.failed} ${build.error ?? ''}`.trim()} />
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {bookText.retry}
          </button>
        </div>
      )}
      <FormAlert message={error} />
    </section>
  );
}
