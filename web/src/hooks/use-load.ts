import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '#web/lib/api-client.ts';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; error: ApiError } | { status: 'ready'; data: T };

export interface Load<T> {
  state: LoadState<T>;
  /** Loads again (a "Try Again" button). */
  reload: () => void;
  /** Replaces the loaded data after a change the server confirmed (no refetch needed). */
  setData: (update: (data: T) => T) => void;
}

/**
 * Loads data for a page: on mount, whenever `key` changes, and on `reload()`. A newer load cancels
 * the older one, so a slow answer for page 1 never replaces page 2. Any failure becomes an
 * ApiError whose message is ready to show (`fallback` when the error carried none).
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, fallback: string): Load<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` start a new load; `load` is read from a ref.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError = error instanceof ApiError ? error : new ApiError(0, fallbackRef.current, error);
        setState({ status: 'error', error: apiError });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback(
    (update: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s)),
    [],
  );
  return { state, reload, setData };
}
