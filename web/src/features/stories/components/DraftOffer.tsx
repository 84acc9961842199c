import { storyDraftText } from '@storyloom/shared/messages/stories';
import { formatDateTime } from '#web/lib/format.ts';

/** "Restore your draft?" above a story form that has unsaved writing from an earlier visit (issue 11). */
export function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section className="notice draft-offer" aria-labelledby="draft-offer-title">
      <h2 id="draft-offer-title">{storyDraftText.title}</h2>
      <p>{storyDraftText.body(formatDateTime(new Date(savedAt).toISOString()))}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onRestore}>
          {storyDraftText.restore}
        </button>
        <button type="button" className="button button-secondary" onClick={onDiscard}>
          {storyDraftText.discard}
        </button>
      </div>
    </section>
  );
}
