import type { KeepsakeBuildDto } from '@storyloom/shared/keepsake';
import { keepsakeText } from '@storyloom/shared/messages/keepsake';
import { formatBytes } from './format.ts';

/**
 * A build's state for people, any kind: a progress bar with the step while it is made, what failed,
 * or when the link stops working. The caller adds the buttons (start, retry, download).
 */
export function KeepsakeStatus({
  build,
  labels,
}: {
  build: KeepsakeBuildDto;
  labels: { making: string; ready: string; progress: string };
}) {
  if (build.status === 'queued' || build.status === 'running') {
    const { done, total, step } = build.progress;
    const value = total > 0 ? done / total : undefined;
    return (
      <div className="keepsake-status" aria-live="polite">
        <p>{labels.making}</p>
        <progress max={1} value={value} aria-label={labels.progress} />
        <p className="keepsake-step">
          {build.status === 'queued' ? keepsakeText.queued : step}
          {total > 0 ? ` — ${keepsakeText.progress(done, total)}` : ''}
        </p>
      </div>
    );
  }
  if (build.status === 'failed') {
    return (
      <p className="form-error keepsake-failed" role="alert">
        {build.error ?? keepsakeText.failed}
      </p>
    );
  }
  if (!build.downloadable) return null;
  return (
    <div className="keepsake-status" aria-live="polite">
      <p className="keepsake-ready">
        {labels.ready}
        {build.size_bytes ? ` (${formatBytes(build.size_bytes)})` : ''}
      </p>
      {build.expires_at ? (
        <p className="profile-note">{keepsakeText.expiresAt(new Date(build.expires_at).toLocaleString())}</p>
      ) : null}
    </div>
  );
}
