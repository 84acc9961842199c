import { useDeferredValue, useEffect, useRef, useState } from 'react';
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
        onClick={() => setOpen(true)}
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
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
