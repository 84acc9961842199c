import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../lib/clients/s3.ts';
import { config } from '../lib/config.ts';
import { currentRequestOrigin } from '../lib/request-origin.ts';

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

/**
 * The media layout (docs/media.md). Every object of a user sits under users/<userId>/; story media
 * under the story's own folder there, so deleting a story deletes one prefix.
 */
export const mediaKeys = {
  /** A pending upload: kept only until it is confirmed (then copied to its place) or swept. */
  pendingUpload: (userId: string, kind: string, uploadId: string) => `users/${userId}/uploads/${kind}/${uploadId}`,
  pendingUploadsPrefix: (userId: string) => `users/${userId}/uploads/`,
  avatar: (userId: string, id: string, ext: string) => `users/${userId}/avatar/${id}.${ext}`,
  avatarPrefix: (userId: string) => `users/${userId}/avatar/`,
  storyPrefix: (ownerId: string, storyId: string) => `users/${ownerId}/stories/${storyId}/`,
  storyAudio: (ownerId: string, storyId: string, id: string, ext: string) =>
    `users/${ownerId}/stories/${storyId}/audio/${id}.${ext}`,
  /** A story photo's folder: `original.<ext>` (owner only), `display.webp`, `thumbnail.webp` (docs/media.md). */
  storyPhotoPrefix: (ownerId: string, storyId: string, photoId: string) =>
    `users/${ownerId}/stories/${storyId}/photos/${photoId}/`,
  storyPhotoOriginal: (ownerId: string, storyId: string, photoId: string, ext: string) =>
    `users/${ownerId}/stories/${storyId}/photos/${photoId}/original.${ext}`,
  storyPhotoVariant: (ownerId: string, storyId: string, photoId: string, variant: 'display' | 'thumbnail') =>
    `users/${ownerId}/stories/${storyId}/photos/${photoId}/${variant}.webp`,
  /** The voice helper's samples (readable only by their owner). */
  voicePrefix: (userId: string) => `users/${userId}/voice/`,
} as const;

/** Size, type and age of an object; undefined when there is none. */
export async function headMedia(
  key: string,
): Promise<{ size: number; contentType?: string; lastModified?: Date } | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType, lastModified: head.LastModified };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey')
      return undefined;
    throw error;
  }
}

/** The first `bytes` bytes of an object (a ranged GET; the upload confirm asks for all of a file within its cap). */
export async function readMediaStart(key: string, bytes: number): Promise<Uint8Array> {
  const { Body } = await s3.send(
    new GetObjectCommand({ Bucket: config.mediaBucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return Body ? await Body.transformToByteArray() : new Uint8Array();
}

/** Copies an object to its final key with the checked content type, and no pending tag. */
export async function copyMedia(from: string, to: string, contentType: string): Promise<void> {
  await s3.send(
    new CopyObjectCommand({
      Bucket: config.mediaBucket,
      CopySource: `${config.mediaBucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
      TaggingDirective: 'REPLACE',
    }),
  );
}

export async function putMedia(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, Body: body, ContentType: contentType }));
}

export async function deleteMedia(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: key }));
}

/** Every object under a prefix with its age (the local sweep of abandoned uploads). */
export async function listMedia(prefix: string): Promise<Array<{ key: string; lastModified?: Date }>> {
  const found: Array<{ key: string; lastModified?: Date }> = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) found.push({ key: o.Key, lastModified: o.LastModified });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Tag on pending uploads: the bucket's lifecycle rule expires tagged objects after a day (infra/lib). */
export const PENDING_TAG = { key: 'storyloom-pending', value: 'true' } as const;

/**
 * A presigned POST for one upload: the server's key, the exact content type, a size range, the pending
 * tag, valid for `expiresSeconds`.
 */
export function presignUpload(opts: {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresSeconds: number;
}): Promise<{ url: string; fields: Record<string, string> }> {
  const tagging = `<Tagging><TagSet><Tag><Key>${PENDING_TAG.key}</Key><Value>${PENDING_TAG.value}</Value></Tag></TagSet></Tagging>`;
  return createPresignedPost(presigner(), {
    Bucket: config.mediaBucket,
    Key: opts.key,
    Fields: { 'Content-Type': opts.contentType, tagging },
    Conditions: [['content-length-range', 1, opts.maxBytes]],
    Expires: opts.expiresSeconds,
  });
}

/**
 * A presigned GET of one object, valid for `expiresSeconds`. With `downloadName`, the browser saves it
 * under that name (a keepsake zip) instead of showing it.
 */
export function presignDownload(key: string, expiresSeconds: number, downloadName?: string): Promise<string> {
  const disposition = downloadName ? `attachment; filename="${downloadName.replace(/[^\w.-]/g, '_')}"` : undefined;
  return getSignedUrl(
    presigner(),
    new GetObjectCommand({ Bucket: config.mediaBucket, Key: key, ResponseContentDisposition: disposition }),
    { expiresIn: expiresSeconds },
  );
}

/** Local mode's presigning clients, one per origin the browser used (a handful: localhost, 127.0.0.1, a LAN name). */
const localPresigners = new Map<string, S3Client>();

/**
 * The client that signs URLs for browsers. In AWS: the bucket's own client. In local mode: URLs on the
 * origin the page was loaded from (the request's), under the local server's media path, signed with the
 * media-only key pair, so no URL a browser sees carries the stand-ins' key (docs/local-mode.md, "Media").
 */
function presigner(): S3Client {
  const local = config.localMedia;
  if (!local) return s3;
  const origin = currentRequestOrigin() ?? config.appUrl;
  let client = localPresigners.get(origin);
  if (!client) {
    client = new S3Client({
      region: config.region,
      endpoint: `${origin}${local.path}`,
      forcePathStyle: true,
      credentials: { accessKeyId: local.accessKeyId, secretAccessKey: local.secretAccessKey },
    });
    localPresigners.set(origin, client);
  }
  return client;
}
