import { useEffect, useRef } from 'react';

/**
 * A removed item takes its Remove or Dismiss button — where the keyboard's focus was — with it, and the focus
 * would fall to the top of the page. Call `removing()` when the press starts; once the list's length has
 * changed, `targetRef` (the list's heading, with tabIndex -1) takes the focus instead.
 */
export function useFocusAfterRemoval<T extends HTMLElement = HTMLHeadingElement>(count: number) {
  const targetRef = useRef<T>(null);
  const pending = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list's length changes (an item left it).
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    targetRef.current?.focus();
  }, [count]);
  return {
    targetRef,
    /** The press that removes starts (or, with `false`, failed: nothing left the list). */
    removing: (starts = true) => {
      pending.current = starts;
    },
  };
}
