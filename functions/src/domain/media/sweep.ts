import { deleteMedia, listMedia } from '../../data/media.ts';

/** Pending uploads older than this are abandoned (the presigned POST lived 10 minutes). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Local mode's stand-in for the bucket's lifecycle rule (infra/lib/constructs/data-store.ts): deletes
 * pending uploads older than `olderThanMs`. It lists the whole users/ prefix, which is fine for a
 * local bucket and is why AWS uses the lifecycle rule instead. Returns how many it deleted.
 */
export async function sweepAbandonedUploads(
  olderThanMs = ABANDONED_UPLOAD_MS,
  opts: { now?: number; prefix?: string } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  let deleted = 0;
  for (const object of await listMedia(opts.prefix ?? 'users/')) {
    if (!/^users\/[^/]+\/uploads\//.test(object.key)) continue;
    if (object.lastModified && now - object.lastModified.getTime() < olderThanMs) continue;
    await deleteMedia(object.key);
    deleted++;
  }
  return deleted;
}
