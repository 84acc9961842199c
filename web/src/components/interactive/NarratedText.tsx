import { type ReactNode, useRef, useState } from 'react';
import type { AudioPlayerHandle } from '#web/components/media/AudioPlayer.tsx';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { type ListenTarget, useReadAlong } from './api.ts';
import { ReadAlongText } from './ReadAlongText.tsx';

export interface NarratedTextProps {
  content: string;
  /** The narration's media path. */
  audioPath: string;
  target: ListenTarget;
  shareToken?: string | null;
  label?: string;
  /** Shown under the player (the 'Listen Interactively' button). */
  actions?: ReactNode;
}

/**
 * A text story with its 'AI Narration' player and the read-along: the sentence being spoken is highlighted
 * and follows the audio; a click on any sentence plays from there. Without word timings (a narration of an
 * older text) the text shows as plain paragraphs.
 */
export function NarratedText({
  content,
  audioPath,
  target,
  shareToken,
  label = 'AI Narration',
  actions,
}: NarratedTextProps) {
  const readAlong = useReadAlong(target);
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
      {sentences.length > 0 ? (
        <ReadAlongText
          content={content}
          sentences={sentences}
          currentTime={time}
          onSeek={(seconds) => {
            player.current?.seek(seconds);
            setTime(seconds);
            void player.current?.play().catch(() => undefined);
          }}
        />
      ) : (
        <StoryParagraphs text={content} />
      )}
    </>
  );
}
