import { startTransition, useEffect, useState } from 'react';

/**
 * `false` for the first commit when `later` is set, then `true` from a transition right after it: what it guards
 * renders in a second, interruptible pass instead of the same commit (and the same long task) as the rest.
 * Without `later`, `true` at once. For content that shows under something painted first (the listening page's
 * player opened over the story: docs/web.md, "Long tasks"); what shows later must not move what is already shown.
 */
export function useShownLater(later: boolean): boolean {
  const [shown, setShown] = useState(!later);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown;
}
