import { describe, expect, it } from 'vitest';
import { windowOf } from './rate-limit.ts';

const opts = { scope: 'login', subject: 'abc', limit: 3, windowSeconds: 900 };

describe('windowOf (fixed-window rate-limit math)', () => {
  it('puts every moment of a window on one counter and the next window on a new one', () => {
    const start = Date.UTC(2024, 0, 1, 12, 0, 0); // divisible by 900 s
    const first = windowOf({ ...opts, now: start });
    const last = windowOf({ ...opts, now: start + 899_999 });
    const next = windowOf({ ...opts, now: start + 900_000 });
    expect(last.key).toEqual(first.key);
    expect(next.key).not.toEqual(first.key);
    expect(first.key).toEqual({ pk: 'RATE#login#abc', sk: String(start / 1000) });
  });

  it('tells the client to retry when the window ends and keeps the counter one window longer', () => {
    const start = Date.UTC(2024, 0, 1, 12, 0, 0);
    const w = windowOf({ ...opts, now: start + 600_000 });
    expect(w.retryAfter).toBe(300);
    expect(w.ttl).toBe(start / 1000 + 1800);
    expect(windowOf({ ...opts, now: start }).retryAfter).toBe(900);
  });
});
