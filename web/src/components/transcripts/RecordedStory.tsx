import type { TranscriptDto } from '@storyloom/shared/transcripts';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type ListenTarget, useReadAlong } from '#web/components/interactive/api.ts';
import { ReadAlongText } from '#web/components/interactive/ReadAlongText.tsx';
import type { AudioPlayerHandle } from '#web/components/media/AudioPlayer.tsx';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
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
  const player = useRef<AudioPlayerHandle>(null);
  const [time, setTime] = useState<number | null>(null);
  const sentences = readAlong.data?.sentences ?? [];
  return (
    <>
      <div className="story-audio">
        <p className="story-audio-label">{label}</p>
        <SecureAudio
          ref={player}
          path={audioPath}
          label={label}
          shareToken={shareToken}
          onTimeUpdate={setTime}
          onPlay={() => setTime(player.current?.currentTime ?? 0)}
        />
        {actions}
      </div>
      {transcript && (
        <TranscriptSection transcript={transcript} headingId={headingId}>
          {sentences.length > 0 ? (
            <ReadAlongText
              content={transcript.text}
              sentences={sentences}
              currentTime={time}
              onSeek={(seconds) => {
                player.current?.seek(seconds);
                setTime(seconds);
                void player.current?.play().catch(() => undefined);
              }}
            />
          ) : (
            <StoryParagraphs text={transcript.text} />
          )}
          {editor}
        </TranscriptSection>
      )}
      {!transcript && editor}
    </>
  );
}
