import { randomUUID } from 'node:crypto';
import { type ProfileImageResponse, uploadRules } from '@storyloom/shared/media';
import { serverText, success } from '@storyloom/shared/messages';
import { deleteMedia, mediaKeys, putMedia } from '../../data/media.ts';
import { setProfileImageKey } from '../../data/profile-images.ts';
import { Unauthorized, ValidationFailed } from '../../lib/errors.ts';
import { measureUpload } from './measure.ts';
import { sniffUpload } from './sniff.ts';
import { acceptUpload } from './uploads.ts';

/** Points the user at the new picture and deletes the one it replaces (a picture is stored once). */
async function switchTo(userId: string, key: string): Promise<ProfileImageResponse> {
  const { exists, previous } = await setProfileImageKey(userId, key);
  if (!exists) {
    await deleteMedia(key);
    throw new Unauthorized(serverText.unauthorized);
  }
  if (previous && previous !== key && previous.startsWith(mediaKeys.avatarPrefix(userId))) await deleteMedia(previous);
  return { message: success.imageUpdated, profile_image_url: key };
}

/** POST /api/profile/image with `{ upload_key }`: the picture uploaded straight to S3. */
export async function setProfileImageFromUpload(userId: string, uploadKey: string): Promise<ProfileImageResponse> {
  const { finalKey } = await acceptUpload(userId, 'profile-image', uploadKey, (ext) =>
    mediaKeys.avatar(userId, randomUUID(), ext),
  );
  return switchTo(userId, finalKey);
}

/** POST /api/profile/image as multipart (field profile_image, spec section 7): small files only. */
export async function setProfileImageFromBytes(userId: string, bytes: Uint8Array): Promise<ProfileImageResponse> {
  if (bytes.length > uploadRules['profile-image'].maxBytes)
    throw new ValidationFailed(uploadRules['profile-image'].sizeMessage);
  const verdict = await sniffUpload('profile-image', bytes.subarray(0, 4100), bytes.length);
  if (!verdict.ok) throw new ValidationFailed(verdict.message);
  const measured = await measureUpload('profile-image', verdict.type, bytes);
  if (!measured.ok) throw new ValidationFailed(measured.message);
  const key = mediaKeys.avatar(userId, randomUUID(), verdict.type.ext);
  await putMedia(key, bytes, verdict.type.mime);
  return switchTo(userId, key);
}
