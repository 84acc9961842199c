import * as z from 'zod/mini';
import {
  DIRECT_UPLOAD_MAX_BYTES,
  IMAGE_MAX_SIDE_PIXELS,
  PROFILE_IMAGE_MAX_BYTES,
  SECURE_URLS_MAX_PATHS,
  STORY_AUDIO_MAX_SECONDS,
  VOICE_SAMPLE_MAX_BYTES,
} from './constants.ts';
import { mediaText } from './messages/media.ts';
import { photoText } from './messages/photos.ts';
import { validation } from './messages.ts';
import { STORY_PHOTO_MAX_BYTES } from './photo-limits.ts';
import { storyDescriptionField, storyTitleField } from './schemas/stories.ts';

/**
 * Media shared by the SPA and the handlers (docs/media.md): the kinds of upload, their limits and
 * types, the recorder's format, and the payloads of the upload, confirm and secure-url calls.
 */

/** What an upload is for; each kind has its own size cap, accepted types and destination. */
export const UPLOAD_KINDS = ['profile-image', 'story-audio', 'voice-sample', 'story-photo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** An audio story file: 25 MB holds about 13 minutes of the recorder's WAV or hours of mp3. */
export const STORY_AUDIO_MAX_BYTES = 25 * 1024 * 1024;
/** The longest recording the story recorder takes (10 minutes of 16 kHz mono WAV is 19.2 MB). */
export const STORY_RECORDING_MAX_SECONDS = 10 * 60;
/** A take shorter than this (Start, then Stop at once) holds nothing to keep: the recorder drops it and says so. */
export const RECORDING_MIN_SECONDS = 1;
/** The voice sample recorder stops at 2 minutes (3.8 MB), the spec's recommended maximum. */
export const VOICE_RECORDING_MAX_SECONDS = 2 * 60;
/**
 * Recordings are 16-bit PCM mono WAV at 16 kHz: 32,000 bytes a second, so 2 minutes is 3.84 MB (well
 * under the 10 MB sample cap) and speech keeps everything up to 8 kHz, where its intelligibility lies.
 */
export const RECORDING_SAMPLE_RATE = 16_000;
export const WAV_BYTES_PER_SECOND = RECORDING_SAMPLE_RATE * 2;

/** Presigned upload POSTs and media GETs stay valid this long. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
export const SECURE_URL_TTL_SECONDS = 15 * 60;
export { DIRECT_UPLOAD_MAX_BYTES, IMAGE_MAX_SIDE_PIXELS, STORY_AUDIO_MAX_SECONDS };

/** Declared types the browser may send per kind (the server checks the real type by magic bytes). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
  'audio/vnd.wave',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'video/mp4',
  'audio/ogg',
  'application/ogg',
  'audio/webm',
  'video/webm',
] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'm4a', 'mp4', 'ogg', 'oga', 'opus', 'webm'] as const;

/** What a file picker's `accept` lists for each family. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';
export const AUDIO_ACCEPT =
  'audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/ogg,audio/webm,.mp3,.wav,.m4a,.ogg,.webm';

export interface UploadKindRule {
  maxBytes: number;
  family: 'image' | 'audio';
  /** The spec's messages for a wrong type and a file that is too big. */
  typeMessage: string;
  sizeMessage: string;
}

export { mediaText };

export const uploadRules: Record<UploadKind, UploadKindRule> = {
  'profile-image': {
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    family: 'image',
    typeMessage: validation.imageType,
    sizeMessage: validation.imageSize,
  },
  'story-audio': {
    maxBytes: STORY_AUDIO_MAX_BYTES,
    family: 'audio',
    typeMessage: validation.audioType,
    sizeMessage: mediaText.storyAudioSize,
  },
  'voice-sample': {
    // The spec says "under 10 MB".
    maxBytes: VOICE_SAMPLE_MAX_BYTES - 1,
    family: 'audio',
    typeMessage: validation.audioType,
    sizeMessage: validation.audioSize,
  },
  // A photo of a story (docs/media.md, "Photos"): kept as uploaded, so bigger than a profile picture.
  'story-photo': {
    maxBytes: STORY_PHOTO_MAX_BYTES,
    family: 'image',
    typeMessage: validation.imageType,
    sizeMessage: photoText.photoSize,
  },
};

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The type to declare for a picked file: its own when the family accepts it, else one derived from the
 * extension (some systems give audio files no type), else undefined (not an accepted file).
 */
export function declaredType(kind: UploadKind, file: { name: string; type: string }): string | undefined {
  const rule = uploadRules[kind];
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  const types: readonly string[] = rule.family === 'image' ? IMAGE_MIME_TYPES : AUDIO_MIME_TYPES;
  if (types.includes(type)) return type;
  const ext = extensionOf(file.name);
  const byExt: Record<string, string> =
    rule.family === 'image'
      ? { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }
      : { mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', ogg: 'audio/ogg', webm: 'audio/webm' };
  // A file with a type of another family (text/plain named .jpg) is not accepted by its name alone.
  if (type && type !== 'application/octet-stream') return undefined;
  return byExt[ext];
}

/**
 * The client-side check of a picked file (type, then size), with the spec's messages; the server
 * checks again by content.
 */
export function checkPickedFile(kind: UploadKind, file: { name: string; type: string; size: number }): string | null {
  const rule = uploadRules[kind];
  if (!declaredType(kind, file)) return rule.typeMessage;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  if (file.size === 0) return mediaText.emptyFile;
  return null;
}

/** POST /api/media/uploads: ask for a presigned POST. */
export const createUploadSchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: mediaText.uploadKind }),
  content_type: z.string({ error: 'content_type is required' }).check(z.maxLength(100)),
  size: z.number({ error: 'size is required' }).check(z.int(), z.gte(0)),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

/** The answer: POST `fields` plus the file (last) as multipart to `url`, then confirm with `key`. */
export interface CreateUploadResponse {
  url: string;
  fields: Record<string, string>;
  key: string;
  max_bytes: number;
  expires_at: string;
}

/** Upload keys the server hands out: users/<userId>/uploads/<kind>/<uuid>. */
export const UPLOAD_KEY_PATTERN =
  /^users\/([A-Za-z0-9_-]{1,128})\/uploads\/(profile-image|story-audio|voice-sample|story-photo)\/([0-9a-f-]{36})$/;
const uploadKeyField = z.string({ error: mediaText.uploadKey }).check(z.maxLength(300, mediaText.uploadKey));

/** POST /api/profile/image (JSON form): confirm an uploaded picture. */
export const confirmImageSchema = z.object({ upload_key: uploadKeyField });

/** POST /api/stories/audio: an audio story from a confirmed upload. */
export const createAudioStorySchema = z.object({
  title: storyTitleField(validation.storyTitleCreate),
  description: storyDescriptionField(),
  upload_key: z.string({ error: mediaText.storyAudioMissing }).check(z.maxLength(300, mediaText.uploadKey)),
});
export type CreateAudioStoryInput = z.infer<typeof createAudioStorySchema>;

/** POST /api/profile/image */
export interface ProfileImageResponse {
  message: string;
  profile_image_url: string;
}

/** GET /api/storage/secure-url/{path}[?share_token=] */
export interface SecureUrlResponse {
  secure_url: string;
  /** Seconds the URL stays valid. */
  expires_in: number;
}

/** POST /api/storage/secure-urls: many paths at once (the SPA batches a page's media into one call). */
export const secureUrlsSchema = z.object({
  paths: z
    .array(z.string({ error: mediaText.secureUrlsPaths }).check(z.maxLength(1000, mediaText.secureUrlsPaths)), {
      error: mediaText.secureUrlsPaths,
    })
    .check(z.minLength(1, mediaText.secureUrlsPaths), z.maxLength(SECURE_URLS_MAX_PATHS, mediaText.secureUrlsPaths)),
  share_token: z.optional(z.string().check(z.maxLength(100))),
});
export type SecureUrlsInput = z.infer<typeof secureUrlsSchema>;

/**
 * The answer: one entry per distinct path asked, in the order asked; `null` where the single route
 * would answer 404 (not allowed, not there, or not a media path: the same for all, so nothing leaks).
 */
export interface SecureUrlsResponse {
  urls: Record<string, SecureUrlResponse | null>;
}

/** A media path is an object key (`users/...`) or, from older data, already a full URL: ./urls.ts (no zod there). */
export { isFullUrl } from './urls.ts';
