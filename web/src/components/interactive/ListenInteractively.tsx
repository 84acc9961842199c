import { useContext, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type ListenTarget, useReadAlong } from './api.ts';
import { PagePlayer } from './FollowedAudio.tsx';
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
  const pagePlayer = useContext(PagePlayer);
  /** Where the page's player was when the listening player opened: it starts there. */
  const [startAt, setStartAt] = useState(0);
  const { entered, enter, leave } = useBackCloses(open, setOpen);
  const readAlong = useReadAlong(target);
  // The overlay's read-along renders in a deferred pass when its sentences arrive (NarratedText does the same).
  const sentences = useDeferredValue(readAlong.data);
  const button = useRef<HTMLButtonElement>(null);
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
          const page = pagePlayer?.current;
          setStartAt(page?.currentTime ?? 0);
          page?.pause();
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
          startAt={startAt}
          onClose={() => (entered ? leave() : setOpen(false))}
        />
      )}
    </>
  );
}

/** Marks the history entry the player pushed; `keepScroll` tells scroll restoration the page did not change. */
interface ListeningState {
  listening?: boolean;
  keepScroll?: boolean;
}

/**
 * Back closes the player. On a phone the player fills the screen and Back (the gesture) is how a listener
 * leaves it; without an entry of its own, Back left the story and the conversation. Opening pushes an entry
 * for the same address; Back pops it and the player closes; closing with its own button goes back over it,
 * so Back afterwards leaves the page as before. Opened with the page (`?interactive=true`) it pushes nothing.
 */
function useBackCloses(open: boolean, setOpen: (open: boolean) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const onEntry = (location.state as ListeningState | null)?.listening === true;
  // 'pushing' until the pushed entry is shown, 'on' while it is, so a render between the two never closes.
  const [entry, setEntry] = useState<'none' | 'pushing' | 'on'>('none');
  useEffect(() => {
    if (entry === 'pushing' && onEntry) setEntry('on');
    else if (entry === 'on' && !onEntry) {
      setEntry('none');
      setOpen(false);
    }
  }, [entry, onEntry, setOpen]);
  useEffect(() => {
    if (!open && entry === 'pushing') setEntry('none');
  }, [open, entry]);
  return {
    entered: entry === 'on' && onEntry,
    enter: () => {
      if (onEntry) return;
      setEntry('pushing');
      const state: ListeningState = { ...(location.state as object | null), listening: true, keepScroll: true };
      navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { state });
    },
    leave: () => navigate(-1),
  };
}
