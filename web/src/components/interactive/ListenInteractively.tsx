import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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
  const { entered, enter, leave } = useBackCloses(setOpen);
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
          enter();
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
          onClose={() => (entered ? leave() : setOpen(false))}
        />
      )}
    </>
  );
}

/** Marks the history entry the player pushed (scroll restoration also reads it: the page under it did not change). */
interface OverlayState {
  overlay?: boolean;
}

/**
 * Back closes the player. On a phone the player fills the screen and Back (the gesture) is how a listener
 * leaves it; without an entry of its own, Back left the story and the conversation. Opening pushes an entry
 * for the same address; Back pops it and the player closes; closing with its own button goes back over it,
 * so Back afterwards leaves the page as before. Opened with the page (`?interactive=true`) it pushes nothing.
 */
function useBackCloses(setOpen: (open: boolean) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const onEntry = (location.state as OverlayState | null)?.overlay === true;
  // Closed by Back only once its own entry was shown: a render before the push lands closes nothing.
  const shown = useRef(false);
  useEffect(() => {
    if (onEntry) shown.current = true;
    else if (shown.current) {
      shown.current = false;
      setOpen(false);
    }
  }, [onEntry, setOpen]);
  return {
    entered: onEntry,
    enter: () => {
      // The story pages carry no state of their own worth keeping on this entry.
      if (!onEntry) navigate(location, { state: { overlay: true } satisfies OverlayState });
    },
    leave: () => navigate(-1),
  };
}
