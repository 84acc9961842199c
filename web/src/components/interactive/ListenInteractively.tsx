import { useState } from 'react';
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
  return (
    <>
      <button
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
          readAlong={readAlong.data}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
