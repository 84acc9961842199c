import type { ReadAlongDto } from '@storyloom/shared/interactive';
import { type ReactNode, useDeferredValue } from 'react';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { type ListenTarget, useReadAlong } from './api.ts';
import { FollowedText, PagePlayer, useFollowedAudio } from './FollowedAudio.tsx';

export interface NarratedTextProps {
  content: string;
  /** The narration's media path. */
  audioPath: string;
  target: ListenTarget;
  shareToken?: string | null;
  label?: string;
  /** Shown under the player (the 'Listen Interactively' button). */
  actions?: ReactNode;
  /** False while the text waits for a later render (the listening page opens its player over it first). */
  showText?: boolean;
}

const NO_SENTENCES: ReadAlongDto['sentences'] = [];

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
  showText = true,
}: NarratedTextProps) {
  const readAlong = useReadAlong(target);
  // The sentences arrive after the text: the read-along replaces the paragraphs in a deferred pass.
  const sentences = useDeferredValue(readAlong.data?.sentences ?? NO_SENTENCES);
  const followed = useFollowedAudio();
  return (
    <>
      <div className="story-audio">
        <p className="story-audio-label">{label}</p>
        <SecureAudio {...followed.audio} path={audioPath} label={label} shareToken={shareToken} />
        <PagePlayer.Provider value={followed.player}>{actions}</PagePlayer.Provider>
      </div>
      {showText && <FollowedText text={content} sentences={sentences} followed={followed} />}
    </>
  );
}
