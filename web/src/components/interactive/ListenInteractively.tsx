import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useBackCloses } from '#web/hooks/use-back-closes.ts';
import { type ListenTarget, useReadAlong } from './api.ts';
import { InteractiveOverlay } from './InteractiveOverlay.tsx';

export interface ListenInteractivelyProps {
  title: string;
  content: string;
  audioPath: string;
  target: ListenTarget;
  shareToken?: string | null;
  /** Open at once (`/shared/{token}?interactive=true`). */
  openAtStart?: boolean;
  className?: string;
}

/** The 'Listen Interactively' button and the player it opens (mounted only while open: one session each time). */
export function ListenInteractively({
  title,
  content,
  audioPath,
  target,
  shareToken,
  openAtStart = false,
  className,
}: ListenInteractivelyProps) {
  const [open, setOpen] = useState(openAtStart);
  // Back closes the player: on a phone it fills the screen, and Back left the story and the conversation.
  // Opened with the page (`?interactive=true`) it has no entry of its own.
  const back = useBackCloses('listen', setOpen);
  const readAlong = useReadAlong(target);
  // The overlay's read-along renders in a deferred pass when its sentences arrive (NarratedText does the same).
  const sentences = useDeferredValue(readAlong.data);
  const button = useRef<HTMLButtonElement>(null);
  // The page's own player (AI Narration, or a recording with its transcript) holds this button beside it: opening
  // the listening player pauses it, and the listening player starts where it stopped (what was heard counts).
  const pagePlayer = () => button.current?.closest('.story-audio')?.querySelector('audio');
  const wasOpen = useRef(open);
  useEffect(() => {
    // The player unmounts on close (its dialog never closes itself, so it cannot hand the focus back): the
    // focus returns to this button, also when the player had opened with the page (`?interactive=true`).
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className ?? 'button button-primary'}
        onClick={() => {
          pagePlayer()?.pause();
          setOpen(true);
          back.enter();
        }}
        aria-haspopup="dialog"
      >
        Listen Interactively
      </button>
      {open && (
        <InteractiveOverlay
          title={title}
          target={target}
          audioPath={audioPath}
          shareToken={shareToken}
          content={content}
          readAlong={sentences}
          startAt={pagePlayer()?.currentTime}
          onClose={back.close}
        />
      )}
    </>
  );
}
