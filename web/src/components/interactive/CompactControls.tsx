import { interactiveText } from '@storyloom/shared/messages/interactive';
import { type RefObject, useEffect, useState } from 'react';
import { formatClock } from '#web/lib/wav.ts';

export interface CompactControlsProps {
  /** The full player: the bar shows once it is no longer wholly in sight. */
  watch: RefObject<HTMLElement | null>;
  /** The bar itself, for the player's scrolling (what lies under it is not in view). */
  barRef: RefObject<HTMLFieldSetElement | null>;
  playing: boolean;
  time: number;
  duration: number;
  /** The story can be played (a session and loaded audio). */
  ready: boolean;
  onToggle: () => void;
  onClose: () => void;
}

/**
 * The player's essential controls in a long conversation (docs/interactive.md, "The player"): play/pause, the
 * time and close, in a bar stuck to the dialog's top once the full player (and the dialog's own header with
 * its close button) has scrolled away. It is always laid out, hidden (`visibility`, so neither focusable nor
 * read out) while the full player is in sight: showing it moves nothing (CLS 0), it is drawn over the text
 * that scrolls under it, as the question box is at the bottom. It stays while it holds the focus, so a
 * keyboard user on it is never dropped to the page. Its names differ from the full player's ('Pause the
 * story', 'Close the player'), so each control has a name of its own.
 */
export function CompactControls({
  watch,
  barRef,
  playing,
  time,
  duration,
  ready,
  onToggle,
  onClose,
}: CompactControlsProps) {
  const [away, setAway] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const el = watch.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // The implicit root is clipped by the dialog's scrollport: "wholly in sight" means in the dialog and on screen.
    const observer = new IntersectionObserver(([entry]) => setAway(!entry || entry.intersectionRatio < 0.99), {
      threshold: [0, 0.99, 1],
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [watch]);

  const shown = away || focused;
  return (
    <div className="interactive-mini">
      <fieldset
        ref={barRef}
        className="interactive-mini-bar"
        data-shown={shown}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <legend className="visually-hidden">{interactiveText.compactControls}</legend>
        <button
          type="button"
          className="button audio-play"
          onClick={onToggle}
          disabled={!ready}
          aria-label={playing ? interactiveText.compactPause : interactiveText.compactPlay}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <span className="interactive-mini-time">
          {formatClock(time)} / {formatClock(duration)}
        </span>
        <button type="button" className="modal-close" onClick={onClose} aria-label={interactiveText.compactClose}>
          <span aria-hidden="true">×</span>
        </button>
      </fieldset>
    </div>
  );
}
