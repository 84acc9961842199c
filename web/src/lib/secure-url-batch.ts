import { SECURE_URLS_MAX_PATHS } from '@storyloom/shared/constants';
import type { SecureUrlResponse, SecureUrlsResponse } from '@storyloom/shared/media';
import { commonFallback } from '@storyloom/shared/messages/common';
import { mediaNotFound } from '@storyloom/shared/messages/reading';
import { ApiError, api } from './api-client.ts';

/**
 * Collects the secure-URL queries a render starts and asks for them together, one
 * POST /api/storage/secure-urls per share token and 50 paths, after the next paint: a page of
 * 20 avatars and 10 players makes one call instead of 30 (docs/infrastructure.md, "Secure URLs").
 * A path the server answers `null` for fails like the single route's 404.
 */
interface Waiting {
  resolve: (answer: SecureUrlResponse) => void;
  reject: (error: unknown) => void;
}

/** share token ('' for none) → path → everyone waiting for it. */
let pending = new Map<string, Map<string, Waiting[]>>();
let scheduled = false;

export function batchedSecureUrl(key: string, shareToken: string | null | undefined): Promise<SecureUrlResponse> {
  return new Promise((resolve, reject) => {
    const token = shareToken ?? '';
    const byPath = pending.get(token) ?? new Map<string, Waiting[]>();
    pending.set(token, byPath);
    byPath.set(key, [...(byPath.get(key) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      afterNextPaint(flush);
    }
  });
}

/**
 * After the frame that shows what asked (a macrotask: every query mounted by the same commit has asked by then).
 * The URLs start media downloads (a narration's audio, pictures): what the commit drew is painted first, never
 * behind them. Lighthouse counts every request started before the largest paint as holding it back (the listening
 * page's LCP went from 2.3 to 4.2 s on slow 4G when the audio started first: docs/web.md, "Long tasks").
 * A hidden tab paints nothing, and outside a browser there is no frame: a plain macrotask then.
 */
function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    setTimeout(fn, 0);
    return;
  }
  // requestAnimationFrame runs just before the frame is painted; the timeout it sets, just after.
  requestAnimationFrame(() => setTimeout(fn, 0));
}

function flush(): void {
  const batches = pending;
  pending = new Map();
  scheduled = false;
  for (const [token, byPath] of batches) {
    const paths = [...byPath.keys()];
    for (let i = 0; i < paths.length; i += SECURE_URLS_MAX_PATHS) {
      void ask(token, paths.slice(i, i + SECURE_URLS_MAX_PATHS), byPath);
    }
  }
}

async function ask(token: string, paths: string[], byPath: Map<string, Waiting[]>): Promise<void> {
  try {
    const { urls } = await api.post<SecureUrlsResponse>(
      '/api/storage/secure-urls',
      { paths, share_token: token || undefined },
      { fallback: commonFallback.secureAudio },
    );
    for (const path of paths) {
      const answer = urls[path];
      for (const w of byPath.get(path) ?? []) {
        if (answer) w.resolve(answer);
        else w.reject(new ApiError(404, mediaNotFound, { error: mediaNotFound }));
      }
    }
  } catch (error) {
    for (const path of paths) for (const w of byPath.get(path) ?? []) w.reject(error);
  }
}
