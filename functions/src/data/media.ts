import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '../lib/clients/s3.ts';
import { config } from '../lib/config.ts';

/**
 * Every media object of a user lives under this prefix of the media bucket (profile image, voice
 * samples, story audio), so deleting an account can remove them all without knowing each feature.
 */
export function userMediaPrefix(userId: string): string {
  return `users/${userId}/`;
}

/** Deletes every object under a prefix, a page (up to 1000) at a time. */
export async function deleteMediaUnder(prefix: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    // Always the first page: the objects listed before are gone, so no continuation token is needed.
    const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: prefix }));
    const objects = Contents.flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (objects.length === 0) return deleted;
    const { Errors = [] } = await s3.send(
      new DeleteObjectsCommand({ Bucket: config.mediaBucket, Delete: { Objects: objects, Quiet: true } }),
    );
    if (Errors.length > 0)
      throw new Error(`S3 could not delete ${Errors.length} objects under ${prefix}: ${Errors[0]?.Code}`);
    deleted += objects.length;
  }
}
