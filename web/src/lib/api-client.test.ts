import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiUrl, DEFAULT_FALLBACK, errorText } from './api-client.ts';

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

function respond(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === '' ? null : body, { status, headers: { 'Content-Type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('calls /backend + the path, same-origin, JSON in and out', async () => {
    const fetchMock = respond(200, JSON.stringify({ message: 'ok' }));
    const body = await api.post<{ message: string }>('/contact', { name: 'A' });

    expect(body).toEqual({ message: 'ok' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/contact');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"name":"A"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('sends the stored token as a Bearer header', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ token: 'abc.def' }));
    const fetchMock = respond(200, '{}');
    await api.get('/api/profile');
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer abc.def' });
  });

  it("uses the server's error text, with the status and body", async () => {
    respond(409, JSON.stringify({ error: 'Username already taken' }));
    const error = await rejection(api.post('/register', {}, { fallback: 'Registration failed. Please try again.' }));
    expect(error).toMatchObject({
      status: 409,
      message: 'Username already taken',
      data: { error: 'Username already taken' },
    });
  });

  it('falls back to the caller text for an error without `error`, a non-JSON body, or no server', async () => {
    respond(500, JSON.stringify({ message: 'no error field' }));
    expect(await rejection(api.get('/x', { fallback: 'F1' }))).toMatchObject({ status: 500, message: 'F1' });

    respond(502, '<html>Bad gateway</html>', 'text/html');
    expect(await rejection(api.get('/x', { fallback: 'F2' }))).toMatchObject({ status: 502, message: 'F2' });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await rejection(api.get('/x'))).toMatchObject({ status: 0, message: DEFAULT_FALLBACK });
  });

  it('treats a 2xx HTML page (a misrouted call) as a failure, and an empty 2xx as undefined', async () => {
    respond(200, '<!doctype html><html></html>', 'text/html');
    expect(await rejection(api.get('/x', { fallback: 'F' }))).toMatchObject({ status: 200, message: 'F' });

    respond(204, '');
    expect(await api.delete('/api/stories/1')).toBeUndefined();
  });

  it('keeps a deliberate cancel an AbortError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    const fetchMock = respond(200, '{}');
    const form = new FormData();
    form.set('profile_image', new Blob(['x']), 'me.png');
    await api.post('/api/profile/image', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('builds query strings, leaving out empty values', () => {
    expect(apiUrl('/public/stories', { page: 2, limit: 10, q: undefined, x: null })).toBe(
      '/backend/public/stories?page=2&limit=10',
    );
    expect(apiUrl('verify-email', { token: 'a b&c' })).toBe('/backend/verify-email?token=a+b%26c');
  });

  it("errorText: an ApiError's text, else the screen's fallback (also for an ApiError without words)", () => {
    expect(errorText(new ApiError(404, 'Story not found', null), 'Failed')).toBe('Story not found');
    expect(errorText(new ApiError(500, ' ', null), 'Failed')).toBe('Failed');
    expect(errorText(new TypeError('x is undefined'), 'Failed')).toBe('Failed');
  });
});
