import { exportText, keepsakeText } from '@storyloom/shared/messages/keepsake';
import { useEffect, useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { errorText } from '#web/lib/api-client.ts';
import { keepsakeDownloadUrl, saveFrom, useLatestKeepsake, useStartKeepsake } from './api.ts';
import { KeepsakeStatus } from './KeepsakeStatus.tsx';

const labels = { making: exportText.making, ready: exportText.ready, progress: exportText.heading };

/**
 * "Download all my stories" (docs/keepsake.md): starts the zip, shows its progress (polled, so a reload
 * finds it again), then a download button; a failed build says so and offers to try again. Shown on the
 * profile and, before an account is deleted, in the deletion dialog.
 */
export function ExportSection() {
  const latest = useLatestKeepsake('export');
  const start = useStartKeepsake('export', exportText.failedStart);
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const build = latest.data ?? null;
  const active = build?.status === 'queued' || build?.status === 'running';

  const onStart = () => {
    setError(null);
    start.mutate({}, { onError: (e) => setError(errorText(e, exportText.failedStart)) });
  };
  // A press before the last download's state has loaded waits for it (it was refused as busy, silently: on a
  // loaded machine the keyboard walk's Enter did nothing for a second and the zip never started), then starts
  // one unless one is already being made.
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (!pressed || latest.isPending) return;
    setPressed(false);
    if (!latest.isError && !active) onStart();
  });

  const onDownload = async () => {
    if (!build) return;
    setError(null);
    setFetching(true);
    try {
      const { secure_url, file_name } = await keepsakeDownloadUrl('export', build.id, exportText.downloadFailed);
      saveFrom(secure_url, file_name);
    } catch (e) {
      setError(errorText(e, exportText.downloadFailed));
    } finally {
      setFetching(false);
    }
  };

  return (
    <div className="keepsake-export">
      <p>{exportText.intro}</p>
      {build ? <KeepsakeStatus build={build} labels={labels} /> : null}
      <FormAlert message={error ?? (latest.isError ? latest.error.message : null)} />
      <div className="button-row">
        {build?.downloadable ? (
          <button type="button" className="button button-primary" onClick={() => void onDownload()} disabled={fetching}>
            {exportText.download}
          </button>
        ) : null}
        {/*
          Always there, busy (aria-disabled) while the zip is made: a button that vanished or turned disabled
          under a keyboard user's focus dropped them to the top of the page.
        */}
        <BusyButton
          type="button"
          className={build?.downloadable ? 'button button-secondary' : 'button button-primary'}
          onClick={() => (latest.isPending ? setPressed(true) : onStart())}
          busy={start.isPending || pressed || active}
          busyLabel={start.isPending || pressed ? exportText.starting : active ? exportText.making : undefined}
        >
          {build?.status === 'failed' ? keepsakeText.retry : build?.downloadable ? exportText.again : exportText.start}
        </BusyButton>
      </div>
      {active ? <p className="profile-note">{exportText.emailNote}</p> : null}
    </div>
  );
}
