import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { OverlayState } from '#web/hooks/use-back-closes.ts';

const STORAGE_KEY = 'storyloom.scroll';

/** Scroll positions by history entry (`location.key`), kept across a reload of the tab like the browser's own. */
const positions: Record<string, number> = readPositions();

function readPositions(): Record<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * What React Router's `<ScrollRestoration>` does, which exists only with its data router
 * (app/router.tsx): Back and Forward return to where the page was scrolled, a new page starts at the
 * top (or at its `#hash`).
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const action = useNavigationType();
  // The entry being shown: scroll events (dispatched a frame later) are counted to it.
  const shownKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // A full or refused storage only loses the positions after a reload.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const remember = () => {
      positions[shownKey.current] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = positions[location.key];
    if (action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    // An entry pushed for the same page (a view that Back closes: hooks/use-back-closes.ts) keeps the page where it is.
    if (action === 'PUSH' && (location.state as OverlayState | null)?.overlay) return;
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, location.state, action]);
}
