import { mediaText } from '@storyloom/shared/messages/media';
import { useId } from 'react';
import { formatDateTime } from '#web/lib/format.ts';
import { formatClock } from '#web/lib/wav.ts';

/** "Restore your recording?" above a recorder whose last take was never saved (issue 18). */
export function RecordingDraftOffer({
  savedAt,
  seconds,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  seconds: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const id = useId();
  return (
    <section className="notice draft-offer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{mediaText.recordingDraftTitle}</h2>
      <p>{mediaText.recordingDraftBody(formatClock(seconds), formatDateTime(new Date(savedAt).toISOString()))}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onRestore}>
          {mediaText.recordingDraftRestore}
        </button>
        <button type="button" className="button button-secondary" onClick={onDiscard}>
          {mediaText.recordingDraftDiscard}
        </button>
      </div>
    </section>
  );
}
