import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '#web/lib/api-client.ts';

export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

export interface CursorList<T> {
  items: T[];
  status: 'loading' | 'error' | 'ready';
  /** Why the first page failed (the spec's fallback when the server gave no text). */
  error: string | null;
  /** Why "Load more" failed; the rows already loaded stay. */
  moreError: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  reload: () => void;
  setItems: (update: (items: T[]) => T[]) => void;
}

/**
 * A list the server pages by `next_cursor` (the admin lists): the first page on mount, the next on
 * "Load more". Rows are appended, so the reader keeps their place.
 */
export function useCursorList<T>(
  load: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>,
  fallbackText: string,
): CursorList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<CursorList<T>['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const moreController = useRef<AbortController | null>(null);
  const messageOf = useCallback(
    (err: unknown) => (err instanceof ApiError ? err.message : fallbackText),
    [fallbackText],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the list; `load` is read from a ref.
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setError(null);
    loadRef.current(null, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems(page.items);
        setCursor(page.next_cursor);
        setStatus('ready');
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setItems([]);
        setError(messageOf(err));
        setStatus('error');
      },
    );
    return () => {
      controller.abort();
      moreController.current?.abort();
    };
  }, [attempt, messageOf]);

  const loadMore = useCallback(() => {
    if (!cursor || loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    setMoreError(null);
    loadRef.current(cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems((all) => [...all, ...page.items]);
        setCursor(page.next_cursor);
        setLoadingMore(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setMoreError(messageOf(err));
        setLoadingMore(false);
      },
    );
  }, [cursor, loadingMore, messageOf]);

  return {
    items,
    status,
    error,
    moreError,
    hasMore: cursor !== null,
    loadingMore,
    loadMore,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    setItems,
  };
}
