import { deleteMedia, listMedia } from '../../data/media.ts';

/** Spoken answers live a day (the bucket's lifecycle rule on their tag; infra/lib/constructs/data-store.ts). */
export const ANSWER_AUDIO_MS = 24 * 60 * 60 * 1000;

/**
 * Local mode's stand-in for that lifecycle rule: deletes spoken answers older than `olderThanMs` under
 * users/<owner>/stories/<story>/answers/. Returns how many it deleted.
 */
export async function sweepExpiredAnswers(
  olderThanMs = ANSWER_AUDIO_MS,
  opts: { now?: number; prefix?: string } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  let deleted = 0;
  for (const object of await listMedia(opts.prefix ?? 'users/')) {
    if (!/^users\/[^/]+\/stories\/[^/]+\/answers\//.test(object.key)) continue;
    if (object.lastModified && now - object.lastModified.getTime() < olderThanMs) continue;
    await deleteMedia(object.key);
    deleted++;
  }
  return deleted;
}
