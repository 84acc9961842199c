import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { s3 } from '../lib/clients/s3.ts';
import { config } from '../lib/config.ts';

/** Parts of a streamed upload: S3's minimum part size; at most `queueSize` parts are held at once. */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Streams `body` into one object by multipart upload (`@aws-sdk/lib-storage`), so a result of any size
 * (a zip of every story, a book) is never whole in memory: at most `QUEUE_SIZE` parts of 5 MB are.
 * An aborted `signal` stops the upload and removes its parts.
 */
export async function uploadMediaStream(
  key: string,
  body: Readable,
  contentType: string,
  opts: { signal?: AbortSignal; tagging?: string } = {},
): Promise<void> {
  const upload = new Upload({
    client: s3,
    // The tag travels on CreateMultipartUpload (x-amz-tagging): no PutObjectTagging call afterwards.
    params: { Bucket: config.mediaBucket, Key: key, Body: body, ContentType: contentType, Tagging: opts.tagging },
    partSize: PART_BYTES,
    queueSize: QUEUE_SIZE,
    leavePartsOnError: false,
  });
  const abort = () => void upload.abort().catch(() => undefined);
  opts.signal?.addEventListener('abort', abort, { once: true });
  try {
    await upload.done();
  } finally {
    opts.signal?.removeEventListener('abort', abort);
  }
}

/** An object's bytes as a stream (piped into a zip or a book without holding the file). */
export async function readMediaStream(key: string): Promise<Readable> {
  const { Body } = await s3.send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
  if (!Body) throw new Error(`S3 returned no body for ${key}`);
  return Body as Readable;
}
