import { commonFallback } from '@storyloom/shared/messages/common';
import { clearTokens, getRefreshToken, getToken, readTokenClaims, replaceToken } from './token-storage.ts';

/** Same origin in every home (DESIGN "One origin"): the backend lives under this prefix. */
export const API_BASE = '/backend';

/** Used only when a caller gives no fallback of its own; screens pass the spec's texts (section 8). */
export const DEFAULT_FALLBACK = commonFallback.request;

/**
 * A failed call. `message` is the server's `error` text when it sent one, else the caller's fallback,
 * so screens can show `error.message` as is. `status` is 0 when the server was not reached.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/**
 * What a screen shows for a failed call: the server's text (ApiError), else its own fallback — also for an
 * ApiError without words (a caller's blank fallback), so an alert never shows empty.
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** The text shown when the server gives no `error` field, or cannot be reached. */
  fallback?: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Abort with `AbortSignal.timeout(ms)` for a time-out (it becomes an ApiError), or a controller to cancel. */
  signal?: AbortSignal;
}

/** The JSON or FormData sent as the body; FormData goes as multipart. */
export type RequestBody = FormData | object | undefined;

/** Builds `/backend` + path + query: exported so media and link helpers share it. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function request<T>(
  method: string,
  path: string,
  body: RequestBody,
  opts: RequestOptions = {},
  isRetry = false,
): Promise<T> {
  const fallback = opts.fallback ?? DEFAULT_FALLBACK;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = isRetry ? getToken() : await freshToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(path, opts.query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: opts.signal,
    });
    text = await response.text();
  } catch (error) {
    // A deliberate cancel stays an AbortError so callers can ignore it; everything else is "not reached".
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, fallback, error);
  }

  // An ID token lasts an hour: a 401 on a call that carried one gets one refresh and one retry.
  if (response.status === 401 && token && !isRetry && (await renewRejectedToken(token))) {
    return request<T>(method, path, body, opts, true);
  }

  const data = parseJson(text);
  if (!response.ok) throw new ApiError(response.status, serverError(data) ?? fallback, data ?? text);
  if (text.trim() === '') return undefined as T;
  // A 2xx that is not JSON is a misrouted call (for example the SPA's index.html): not a success.
  if (data === undefined) throw new ApiError(response.status, fallback, text);
  return data as T;
}

/** A token this close to its `exp` is refreshed before use, so it cannot expire mid-call. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

type RefreshResult = { kind: 'refreshed'; token: string } | { kind: 'ended' } | { kind: 'unavailable' };

/** The refresh under way: concurrent callers share it, so one POST /refresh-token serves them all. */
let refreshing: Promise<RefreshResult> | null = null;
/** A refresh token the server refused: not offered again (each call would fail the same way). */
let refusedRefreshToken: string | null = null;

/**
 * Exchanges the stored refresh token for a new ID token (POST /refresh-token), one exchange at a
 * time. `ended` means the session cannot be renewed (no refresh token, or the server refused it);
 * `unavailable` means the server could not be asked right now (network, 5xx, 429).
 */
export function refreshSession(): Promise<RefreshResult> {
  refreshing ??= exchangeRefreshToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function exchangeRefreshToken(): Promise<RefreshResult> {
  const refreshToken = getRefreshToken();
  if (!refreshToken || refreshToken === refusedRefreshToken) return { kind: 'ended' };
  let response: Response;
  let data: unknown;
  try {
    // Plain fetch, not `request`: this call carries no ID token and must never refresh itself.
    response = await fetch(apiUrl('/refresh-token'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      credentials: 'same-origin',
    });
    data = parseJson(await response.text());
  } catch {
    return { kind: 'unavailable' };
  }
  if (response.ok && isRecord(data) && typeof data.token === 'string' && data.token !== '') {
    // A logout or another login while the exchange ran wins: never resurrect an ended session.
    if (getRefreshToken() !== refreshToken) return { kind: 'unavailable' };
    replaceToken(data.token);
    return { kind: 'refreshed', token: data.token };
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    refusedRefreshToken = refreshToken;
    return { kind: 'ended' };
  }
  return { kind: 'unavailable' };
}

/** The stored token, refreshed first when it is within {@link REFRESH_MARGIN_MS} of expiring. */
async function freshToken(): Promise<string | null> {
  const token = getToken();
  if (!token || !getRefreshToken()) return token;
  const exp = readTokenClaims(token)?.exp;
  if (exp === undefined || exp * 1000 - Date.now() > REFRESH_MARGIN_MS) return token;
  // If this fails the old token still goes out: it may have minutes left, and a 401 retries once more.
  const result = await refreshSession();
  return result.kind === 'refreshed' ? result.token : getToken();
}

/**
 * After `rejected` drew a 401: true when a different token is now stored (refreshed by this call or
 * a concurrent one) and the call should be retried. A session that cannot be renewed is cleared, so
 * the app shows the user as logged out; a refresh that merely failed to reach the server keeps it.
 */
async function renewRejectedToken(rejected: string): Promise<boolean> {
  const current = getToken();
  if (current !== rejected) return current !== null;
  const result = await refreshSession();
  if (result.kind === 'refreshed') return true;
  if (result.kind === 'ended' && getToken() === rejected) clearTokens({ expired: true });
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function serverError(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const { error } = data;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/**
 * The one API client. Paths are the spec's (`/login`, `/api/stories`), relative to `/backend`.
 * Sends the stored token as `Authorization: Bearer …`, refreshing it first when it is about to
 * expire, and once more (then retrying) when the server answers 401; resolves to the parsed JSON
 * body (undefined for an empty one) and rejects with {@link ApiError}.
 */
export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: RequestBody, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  put: <T>(path: string, body?: RequestBody, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  patch: <T>(path: string, body?: RequestBody, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
};
