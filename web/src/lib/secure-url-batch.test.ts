import { SECURE_URLS_MAX_PATHS } from '@storyloom/shared/constants';
import type { SecureUrlsResponse } from '@storyloom/shared/media';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { batchedSecureUrl } from './secure-url-batch.ts';

/**
 * The batcher against a stand-in for POST /api/storage/secure-urls (fetch stubbed as in
 * api-client.test.ts): it answers every asked path with a URL naming it, except paths containing
 * "private" (null, as the server does for what the single route would 404) and any call whose share
 * token is "down" (a 503).
 */
const seen: Array<{ paths: string[]; share_token?: string }> = [];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { paths: string[]; share_token?: string };
      seen.push(body);
      if (body.share_token === 'down') {
        return new Response(JSON.stringify({ error: 'Service unavailable' }), { status: 503 });
      }
      const urls: SecureUrlsResponse['urls'] = {};
      for (const p of body.paths) {
        urls[p] = p.includes('private') ? null : { secure_url: `https://media.test/${p}`, expires_in: 900 };
      }
      return new Response(JSON.stringify({ urls }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

const memory = new Map<string, string>();
beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
  });
  serve();
});
afterEach(() => vi.unstubAllGlobals());

describe('batchedSecureUrl', () => {
  it('sends what one tick asks in one call, each path once, and answers every asker', async () => {
    const answers = await Promise.all([
      batchedSecureUrl('users/a/avatar/current', null),
      batchedSecureUrl('users/b/stories/s/audio/x.wav', undefined),
      batchedSecureUrl('users/a/avatar/current', null),
    ]);
    expect(seen).toEqual([{ paths: ['users/a/avatar/current', 'users/b/stories/s/audio/x.wav'] }]);
    expect(answers.map((a) => a.secure_url)).toEqual([
      'https://media.test/users/a/avatar/current',
      'https://media.test/users/b/stories/s/audio/x.wav',
      'https://media.test/users/a/avatar/current',
    ]);
  });

  it(`splits per share token and into calls of ${SECURE_URLS_MAX_PATHS} paths`, async () => {
    const many = Array.from({ length: SECURE_URLS_MAX_PATHS + 3 }, (_, i) => `users/u${i}/avatar/current`);
    await Promise.all([
      ...many.map((p) => batchedSecureUrl(p, null)),
      batchedSecureUrl('users/o/stories/s/a.wav', 'tok'),
    ]);
    expect(seen.map((c) => [c.paths.length, c.share_token])).toEqual([
      [SECURE_URLS_MAX_PATHS, undefined],
      [3, undefined],
      [1, 'tok'],
    ]);
  });

  it('fails a refused path like the single route (404) and a failed call only for its own paths', async () => {
    const results = await Promise.allSettled([
      batchedSecureUrl('users/a/private/x', null),
      batchedSecureUrl('users/a/avatar/current', null),
      batchedSecureUrl('users/o/stories/s/a.wav', 'down'),
    ]);
    expect(results[0]?.status).toBe('rejected');
    const refused = (results[0] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
    expect(results[1]).toEqual({
      status: 'fulfilled',
      value: { secure_url: 'https://media.test/users/a/avatar/current', expires_in: 900 },
    });
    const down = (results[2] as PromiseRejectedResult).reason;
    expect(down).toBeInstanceOf(ApiError);
    expect((down as ApiError).status).toBe(503);
  });
});
