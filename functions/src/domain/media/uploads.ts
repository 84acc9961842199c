import { randomUUID } from 'node:crypto';
import {
  AUDIO_MIME_TYPES,
  type CreateUploadInput,
  type CreateUploadResponse,
  IMAGE_MIME_TYPES,
  mediaText,
  UPLOAD_KEY_PATTERN,
  UPLOAD_URL_TTL_SECONDS,
  type UploadKind,
  uploadRules,
} from '@storyloom/shared/media';
import { copyMedia, deleteMedia, headMedia, mediaKeys, presignUpload, readMediaStart } from '../../data/media.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { measureUpload } from './measure.ts';
import { SNIFF_BYTES, type SniffedType, sniffUpload } from './sniff.ts';

/**
 * The one upload path for media (docs/media.md): the browser never sends a file through a Lambda.
 * 1. createUpload: a presigned POST for a key the server picks under users/<id>/uploads/<kind>/.
 * 2. The browser POSTs the file straight to S3.
 * 3. confirmUpload: the server reads the object's size and first bytes, checks the real type and
 *    size for the kind, and deletes the object when it is refused.
 * 4. The feature moves the checked object to its place with promoteUpload (copy, then delete).
 */
export async function createUpload(userId: string, input: CreateUploadInput): Promise<CreateUploadResponse> {
  const rule = uploadRules[input.kind];
  const contentType = input.content_type.toLowerCase().split(';')[0]?.trim() ?? '';
  const types: readonly string[] = rule.family === 'image' ? IMAGE_MIME_TYPES : AUDIO_MIME_TYPES;
  if (!types.includes(contentType)) throw new ValidationFailed(rule.typeMessage);
  if (input.size > rule.maxBytes) throw new ValidationFailed(rule.sizeMessage);
  if (input.size === 0) throw new ValidationFailed(rule.typeMessage);
  const key = mediaKeys.pendingUpload(userId, input.kind, randomUUID());
  const { url, fields } = await presignUpload({
    key,
    contentType,
    maxBytes: rule.maxBytes,
    expiresSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return {
    url,
    fields,
    key,
    max_bytes: rule.maxBytes,
    expires_at: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString(),
  };
}

/** A pending upload that passed the checks: where it is, how big, and what it really is. */
export interface ConfirmedUpload {
  key: string;
  size: number;
  type: SniffedType;
  /** The whole file as read for the checks (features that analyse it need not read it again). */
  bytes: Uint8Array;
  /** A picture's width and height from its header. */
  image?: { width: number; height: number };
}

/**
 * Checks a pending upload of the caller for `kind`. A key that is not the caller's, not of this kind
 * or not there is a 400; a file of the wrong type or size is deleted and refused with the kind's
 * message (the spec's texts). Exported for every feature that takes uploads (the voice sample too).
 */
export async function confirmUpload(userId: string, kind: UploadKind, key: string): Promise<ConfirmedUpload> {
  const match = UPLOAD_KEY_PATTERN.exec(key);
  if (!match || match[1] !== userId || match[2] !== kind) throw new ValidationFailed(mediaText.uploadKey);
  const head = await headMedia(key);
  if (!head) throw new ValidationFailed(mediaText.uploadNotFound);
  // A file within the kind's cap is read whole (one GET): its type by magic bytes, then its headers measured.
  const within = head.size > 0 && head.size <= uploadRules[kind].maxBytes;
  const bytes = within ? await readMediaStart(key, head.size) : new Uint8Array();
  const verdict = await sniffUpload(kind, bytes.subarray(0, SNIFF_BYTES), head.size);
  const measured = verdict.ok ? await measureUpload(kind, verdict.type, bytes) : verdict;
  if (!verdict.ok || !measured.ok) {
    const message = verdict.ok ? (measured as { message: string }).message : verdict.message;
    await deleteMedia(key);
    logger.info('upload refused', { userId, kind, size: head.size, reason: message });
    throw new ValidationFailed(message);
  }
  return { key, size: head.size, type: verdict.type, bytes, image: measured.image };
}

/** Moves a confirmed upload to its final key (with its real content type) and removes the pending object. */
export async function promoteUpload(upload: ConfirmedUpload, destinationKey: string): Promise<void> {
  await copyMedia(upload.key, destinationKey, upload.type.mime);
  await deleteMedia(upload.key);
}

/**
 * confirmUpload then promoteUpload in one call: what a feature usually wants. `destination` gets the
 * real extension ('wav', 'mp3', ...) and returns the final key.
 */
export async function acceptUpload(
  userId: string,
  kind: UploadKind,
  key: string,
  destination: (ext: string) => string,
): Promise<ConfirmedUpload & { finalKey: string }> {
  const upload = await confirmUpload(userId, kind, key);
  const finalKey = destination(upload.type.ext);
  await promoteUpload(upload, finalKey);
  return { ...upload, finalKey };
}
