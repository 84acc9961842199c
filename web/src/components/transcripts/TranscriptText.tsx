import { transcriptViewText as transcriptText } from '@storyloom/shared/messages/reading';
import type { TranscriptDto } from '@storyloom/shared/transcripts';
import type { ReactNode } from 'react';

/**
 * The heading of a transcript and who wrote it: "Machine-made transcript" (with what that means) until the
 * storyteller edits it, then "Machine-made, edited by the storyteller" or "Typed by the storyteller".
 */
export function TranscriptHeading({ transcript, headingId }: { transcript: TranscriptDto; headingId: string }) {
  return (
    <div className="transcript-heading">
      <h2 id={headingId}>{transcriptText.heading}</h2>
      <p className={transcript.machine_made ? 'badge badge-machine' : 'badge badge-typed'}>{transcript.label}</p>
      {transcript.machine_made && <p className="transcript-note">{transcriptText.machineMadeNote}</p>}
    </div>
  );
}

/** A transcript section: heading, label, then its text (a read-along or paragraphs, given as children). */
export function TranscriptSection({
  transcript,
  headingId,
  children,
}: {
  transcript: TranscriptDto;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <section className="transcript" aria-labelledby={headingId}>
      <TranscriptHeading transcript={transcript} headingId={headingId} />
      {children}
    </section>
  );
}
