import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, REFRESH_MARGIN_MS } from './api-client.ts';
import { getRefreshToken, getToken, readTokenClaims, subscribeTokens } from './token-storage.ts';

/** A Map-backed stand-in for the browser's localStorage. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

const base64url = (value: string) => Buffer.from(value).toString('base64url');

/** An unsigned JWT-shaped token: the client only reads `exp` and `sub`, it never verifies. */
function jwt(claims: { exp: number; sub?: string; name?: string }): string {
  return `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify({ sub: 'user-1', ...claims }))}.sig`;
}

let sessions = 0;

/**
 * A stored session. Each gets its own refresh token: the client remembers a refused one for the
 * life of the module, as a page would.
 */
function useStoredSession(token?: string, withRefreshToken = true): string {
  const refreshToken = `refresh-${++sessions}`;
  const initial: Record<string, string> = {};
  if (token) initial.token = token;
  if (withRefreshToken) initial.refreshToken = refreshToken;
  vi.stubGlobal('localStorage', memoryStorage(initial));
  return refreshToken;
}

const inSeconds = (ms: number) => Math.floor((Date.now() + ms) / 1000);
const HOUR = 60 * 60 * 1000;

interface Call {
  path: string;
  authorization?: string;
  body?: string;
}

/**
 * A fake backend: `/backend/refresh-token` answers with `refreshReply`; any other path accepts only
 * the tokens in `accepted` (401 otherwise). Every request is recorded in order.
 */
function fakeBackend(opts: { accepted: string[]; refreshReply: () => Promise<Response> | Response }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path: url, authorization: headers.Authorization, body: init?.body as string | undefined });
    if (url === '/backend/refresh-token') return opts.refreshReply();
    const token = headers.Authorization?.replace(/^Bearer /, '');
    return token && opts.accepted.includes(token)
      ? Response.json({ ok: true, token })
      : Response.json({ error: 'Please log in to continue' }, { status: 401 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshCalls: () => calls.filter((c) => c.path === '/backend/refresh-token') };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client session refresh', () => {
  const oldToken = jwt({ exp: inSeconds(HOUR), name: 'old' });
  const newToken = jwt({ exp: inSeconds(HOUR), name: 'new' });

  let refreshToken = '';
  beforeEach(() => {
    refreshToken = useStoredSession(oldToken);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a 401, refreshes once, stores the new token and retries the call with it', async () => {
    const backend = fakeBackend({ accepted: [newToken], refreshReply: () => Response.json({ token: newToken }) });
    const changes = vi.fn();
    const unsubscribe = subscribeTokens(changes);

    const body = await api.get<{ token: string }>('/api/profile');

    unsubscribe();
    expect(body.token).toBe(newToken);
    expect(backend.calls.map((c) => [c.path, c.authorization])).toEqual([
      ['/backend/api/profile', `Bearer ${oldToken}`],
      ['/backend/refresh-token', undefined],
      ['/backend/api/profile', `Bearer ${newToken}`],
    ]);
    expect(JSON.parse(backend.refreshCalls()[0]!.body!)).toEqual({ refresh_token: refreshToken });
    expect(getToken()).toBe(newToken);
    expect(getRefreshToken()).toBe(refreshToken);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh among concurrent calls that all got a 401', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const backend = fakeBackend({
      accepted: [newToken],
      refreshReply: async () => {
        await gate;
        return Response.json({ token: newToken });
      },
    });

    const pending = Promise.all([api.get('/api/a'), api.post('/api/b', { x: 1 }), api.get('/api/c')]);
    await vi.waitFor(() => expect(backend.refreshCalls()).toHaveLength(1));
    release();
    const results = await pending;

    expect(results).toHaveLength(3);
    expect(backend.refreshCalls()).toHaveLength(1);
    const retried = backend.calls.filter((c) => c.authorization === `Bearer ${newToken}`).map((c) => c.path);
    expect(retried.sort()).toEqual(['/backend/api/a', '/backend/api/b', '/backend/api/c']);
  });

  it('when the refresh token is refused, clears the session and surfaces the 401', async () => {
    const backend = fakeBackend({
      accepted: [],
      refreshReply: () => Response.json({ error: 'Your session has expired. Please log in again.' }, { status: 401 }),
    });
    const changes = vi.fn();
    const unsubscribe = subscribeTokens(changes);

    const error = await rejection(api.get('/api/profile', { fallback: 'F' }));

    unsubscribe();
    expect(error).toMatchObject({ status: 401, message: 'Please log in to continue' });
    expect(getToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(changes).toHaveBeenCalled();
    expect(backend.calls).toHaveLength(2);
  });

  it('without a stored refresh token, a 401 clears the token without asking the server', async () => {
    useStoredSession(oldToken, false);
    const backend = fakeBackend({ accepted: [], refreshReply: () => Response.json({ token: newToken }) });

    expect(await rejection(api.get('/api/profile'))).toMatchObject({ status: 401 });
    expect(backend.refreshCalls()).toHaveLength(0);
    expect(getToken()).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server (it may work next time)', async () => {
    const backend = fakeBackend({ accepted: [], refreshReply: () => new Response('Bad gateway', { status: 502 }) });

    expect(await rejection(api.get('/api/profile'))).toMatchObject({ status: 401 });
    expect(backend.refreshCalls()).toHaveLength(1);
    expect(getToken()).toBe(oldToken);
    expect(getRefreshToken()).toBe(refreshToken);
  });

  it('retries only once: a 401 with the fresh token is surfaced, not refreshed again', async () => {
    const backend = fakeBackend({ accepted: [], refreshReply: () => Response.json({ token: newToken }) });

    expect(await rejection(api.get('/api/profile'))).toMatchObject({ status: 401 });
    expect(backend.refreshCalls()).toHaveLength(1);
    expect(backend.calls).toHaveLength(3);
  });

  it('does not refresh for a 401 on a call that carried no token', async () => {
    useStoredSession(undefined);
    const backend = fakeBackend({ accepted: [], refreshReply: () => Response.json({ token: newToken }) });

    expect(await rejection(api.post('/login', { username: 'a', password: 'b' }))).toMatchObject({ status: 401 });
    expect(backend.refreshCalls()).toHaveLength(0);
  });

  it('refreshes before the call when the token is within the margin of its expiry', async () => {
    const expiring = jwt({ exp: inSeconds(REFRESH_MARGIN_MS - 60_000) });
    useStoredSession(expiring);
    const backend = fakeBackend({ accepted: [newToken], refreshReply: () => Response.json({ token: newToken }) });

    await api.get('/api/stories');

    expect(backend.calls.map((c) => [c.path, c.authorization])).toEqual([
      ['/backend/refresh-token', undefined],
      ['/backend/api/stories', `Bearer ${newToken}`],
    ]);
    expect(getToken()).toBe(newToken);
  });

  it('uses a token with time to spare as is', async () => {
    const backend = fakeBackend({ accepted: [oldToken], refreshReply: () => Response.json({ token: newToken }) });
    await api.get('/api/stories');
    expect(backend.refreshCalls()).toHaveLength(0);
  });

  it('sends an expiring token anyway when the early refresh fails', async () => {
    const expiring = jwt({ exp: inSeconds(60_000) });
    useStoredSession(expiring);
    const backend = fakeBackend({ accepted: [expiring], refreshReply: () => new Response('', { status: 503 }) });

    await api.get('/api/stories');

    expect(backend.calls.map((c) => [c.path, c.authorization])).toEqual([
      ['/backend/refresh-token', undefined],
      ['/backend/api/stories', `Bearer ${expiring}`],
    ]);
  });

  it('reads exp and sub from a JWT without verifying it, and null from anything else', () => {
    expect(readTokenClaims(jwt({ exp: 1234, sub: 'abc' }))).toEqual({ exp: 1234, sub: 'abc' });
    expect(readTokenClaims('test-token')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
  });
});
