import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Focus `ref`'s element once what the last state change shows has rendered: after an await, a microtask or a
 * requestAnimationFrame can run before React renders the element (on a busy machine), and the focus stays
 * where it was — often on a button that has just gone. Each call counts, so the same alert shown again takes
 * the focus again.
 */
export function useFocusAfterRender<T extends HTMLElement>(ref: RefObject<T | null>): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.focus();
  }, [requests, ref]);
  return useCallback(() => setRequests((n) => n + 1), []);
}
