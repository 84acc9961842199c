import { useEffect, useRef, useState } from 'react';

export type TokenCall<T> = { status: 'pending' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown };

/**
 * Runs `call(token)` once per token and reports how it went. Email links are single use, and React
 * runs effects twice in development (StrictMode): the call is kept in a ref, so a second effect run
 * listens to the first call instead of spending the link again. `call` must be a stable function.
 */
export function useOncePerToken<T>(token: string | null, call: (token: string) => Promise<T>): TokenCall<T> {
  const started = useRef<{ token: string; promise: Promise<T> } | null>(null);
  const [result, setResult] = useState<{ token: string; outcome: TokenCall<T> } | null>(null);

  useEffect(() => {
    if (!token) return;
    if (started.current?.token !== token) started.current = { token, promise: call(token) };
    let active = true;
    started.current.promise.then(
      (data) => active && setResult({ token, outcome: { status: 'done', data } }),
      (error: unknown) => active && setResult({ token, outcome: { status: 'failed', error } }),
    );
    return () => {
      active = false;
    };
  }, [token, call]);

  return result && result.token === token ? result.outcome : { status: 'pending' };
}
