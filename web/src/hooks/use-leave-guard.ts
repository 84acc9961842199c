import { useCallback, useEffect, useRef } from 'react';
import type { Blocker } from 'react-router-dom';
import { useBlocker } from '#web/lib/history.ts';

export interface LeaveGuard {
  /** The router's blocker: `state === 'blocked'` while a leave waits for the user's answer. */
  blocker: Blocker;
  /** Lets the next navigation through (after a save, or once the user chose to leave). */
  allow: () => void;
}

/**
 * Asks before a changed form is left (issue 11): any in-app navigation (navbar, links, Back and
 * Forward) is held by the history's blocker (`lib/history.ts`) until the user answers, and reload or closing the tab
 * gets the browser's own question (`beforeunload`). `dirty` says whether there is typing to lose.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);

  const shouldBlock = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string; search: string };
      nextLocation: { pathname: string; search: string };
      // The search counts too: /create-story?type=audio and /create-story are different forms.
    }) =>
      dirtyRef.current &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allow = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allow };
}
