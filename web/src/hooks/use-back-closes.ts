import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Marks a history entry a full-screen view pushed for itself: `overlay` names the view. Scroll restoration
 * reads it too (the page under it did not change: app/routes/scroll-restoration.ts).
 */
export interface OverlayState {
  overlay?: string;
}

/**
 * Back closes a view that covers the page (docs/web.md, "Back closes what covers the page"). On a phone such a
 * view fills the screen and Back (the gesture) is how people leave it; without an entry of its own, Back left
 * the page, and whatever was typed in the view with it. Opening (`enter`) pushes an entry for the same address
 * marked with `name`; Back pops it and `setOpen(false)` runs; the view's own close (`close`) goes back over the
 * entry, so Back afterwards leaves the page as before. Opt-in per view, not in the shell's Modal: a leave
 * guard's question opens while a navigation is held, and confirmations that navigate would leave an entry behind.
 */
export function useBackCloses(name: string, setOpen: (open: boolean) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const onEntry = (location.state as OverlayState | null)?.overlay === name;
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
    /** The view is open on its own entry (a view opened with the page has none). */
    entered: onEntry,
    /** Call when opening the view. The pages carry no state of their own worth keeping on this entry. */
    enter: () => {
      if (!onEntry) navigate(location, { state: { overlay: name } satisfies OverlayState });
    },
    /** The view's own close (its button, Escape, done): back over its entry, or just closed when it has none. */
    close: () => (onEntry ? navigate(-1) : setOpen(false)),
  };
}
