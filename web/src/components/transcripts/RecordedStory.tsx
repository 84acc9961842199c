import type { TranscriptDto } from '@storyloom/shared/transcripts';
import { type ReactNode, useId } from 'react';
import { type ListenTarget, useReadAlong } from '#web/components/interactive/api.ts';
import { FollowedText, PagePlayer, useFollowedAudio } from '#web/components/interactive/FollowedAudio.tsx';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { TranscriptSection } from './TranscriptText.tsx';

export interface RecordedStoryProps {
  audioPath: string;
  label: string;
  transcript: TranscriptDto | null | undefined;
  /** Who reads (the read-along's family of routes); null: no read-along (e.g. an admin reading). */
  target: ListenTarget | null;
  shareToken?: string | null;
  /** Under the player ('Listen Interactively'). */
  actions?: ReactNode;
  /** In place of a transcript while there is none (the owner's editor). */
  editor?: ReactNode;
}

/**
 * An audio story's recording with its transcript under the player (docs/stories.md, "Transcripts"). With word
 * timings the transcript is a read-along: the sentence being said is highlighted as the recording plays, and a
 * click on a sentence plays from there (the read-along of narrated stories, reused). Without, paragraphs.
 */
export function RecordedStory({
  audioPath,
  label,
  transcript,
  target,
  shareToken,
  actions,
  editor,
}: RecordedStoryProps) {
  const headingId = useId();
  const readAlong = useReadAlong(transcript?.timed ? target : null);
  const followed = useFollowedAudio();
  return (
    <>
      <div className="story-audio">
        <p className="story-audio-label">{label}</p>
        <SecureAudio {...followed.audio} path={audioPath} label={label} shareToken={shareToken} />
        <PagePlayer.Provider value={followed.player}>{actions}</PagePlayer.Provider>
      </div>
      {transcript && (
        <TranscriptSection transcript={transcript} headingId={headingId}>
          <FollowedText text={transcript.text} sentences={readAlong.data?.sentences ?? []} followed={followed} />
          {editor}
        </TranscriptSection>
      )}
      {!transcript && editor}
    </>
  );
}
