import type { ReadAlongDto } from '@storyloom/shared/interactive';
import { createContext, type RefObject, useRef, useState } from 'react';
import type { AudioPlayerHandle } from '#web/components/media/AudioPlayer.tsx';
import { ReadAlongText } from './ReadAlongText.tsx';

/**
 * The page's own player, for the Listen Interactively button beside it: opening the listening player pauses
 * it and starts from where it was, so the story is not heard twice at once and what was heard counts.
 */
export const PagePlayer = createContext<RefObject<AudioPlayerHandle | null> | null>(null);

/**
 * A player whose text follows it: where the audio is (for the highlight), the props that keep that current on
 * the player, and a seek that plays from a chosen sentence. Shared by a narrated text story and a recorded
 * story's transcript, which read along the same way.
 */
export function useFollowedAudio() {
  const player = useRef<AudioPlayerHandle>(null);
  const [time, setTime] = useState<number | null>(null);
  return {
    time,
    player,
    /** Spread on SecureAudio. */
    audio: { ref: player, onTimeUpdate: setTime, onPlay: () => setTime(player.current?.currentTime ?? 0) },
    seek: (seconds: number) => {
      player.current?.seek(seconds);
      setTime(seconds);
      void player.current?.play().catch(() => undefined);
    },
  };
}

/** The text as a read-along when it has timed sentences, else as plain paragraphs (ReadAlongText does both). */
export function FollowedText({
  text,
  sentences,
  followed,
}: {
  text: string;
  sentences: ReadAlongDto['sentences'];
  followed: ReturnType<typeof useFollowedAudio>;
}) {
  return <ReadAlongText content={text} sentences={sentences} currentTime={followed.time} onSeek={followed.seek} />;
}
