import { IMAGE_MAX_SIDE_PIXELS, mediaText, STORY_AUDIO_MAX_SECONDS, type UploadKind } from '@storyloom/shared/media';
import { SAMPLE_MAX_SECONDS, voiceText } from '@storyloom/shared/voice';
import { imageSize } from 'image-size';
import { type AudioProblem, type MeasuredAudio, probeAudio } from '../../adapters/voice/audio/probe.ts';
import { logger } from '../../lib/logger.ts';
import type { SniffedType } from './sniff.ts';

/**
 * The second look at an upload, after its magic bytes (sniff.ts): media is measured from its headers
 * before anything decodes it (docs/media.md). Audio: sample rate, channels, frames and duration, and
 * that it holds no more than it declares (probe.ts). Pictures: width and height from the header
 * (`image-size`), at most 8,000 × 8,000, so no pixel of a 40,000 × 40,000 PNG is ever touched.
 */

/** The longest audio each kind takes. */
export const AUDIO_MAX_SECONDS: Record<Exclude<UploadKind, 'profile-image' | 'story-photo'>, number> = {
  'story-audio': STORY_AUDIO_MAX_SECONDS,
  'voice-sample': SAMPLE_MAX_SECONDS,
};

export type Measured =
  | { ok: true; audio?: MeasuredAudio; image?: { width: number; height: number } }
  | { ok: false; message: string };

/**
 * Whether a picture reaches its end marker: PNG its IEND chunk, GIF its trailer, JPEG an end-of-image
 * marker, WebP as many bytes as its RIFF header says. A file cut off in transfer is refused.
 */
function imageComplete(ext: string, bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (ext) {
    case 'png':
      return tail.includes('IEND', Math.max(0, tail.length - 64), 'latin1');
    case 'gif':
      return tail.lastIndexOf(0x3b) > 12;
    case 'jpg':
      return tail.includes(Buffer.from([0xff, 0xd9]), 4);
    case 'webp':
      return tail.length >= 12 && tail.readUInt32LE(4) + 8 <= tail.length;
    default:
      return false;
  }
}

function audioMessage(kind: UploadKind, problem: AudioProblem): string {
  if (problem === 'too-long') return kind === 'voice-sample' ? voiceText.sampleTooLong : mediaText.storyAudioTooLong;
  return problem === 'inconsistent' ? mediaText.audioInconsistent : mediaText.audioDamaged;
}

/** Judges a whole file whose type `sniffUpload` accepted as `type`. */
export async function measureUpload(kind: UploadKind, type: SniffedType, bytes: Uint8Array): Promise<Measured> {
  if (kind === 'profile-image' || kind === 'story-photo') {
    let size: { width?: number; height?: number };
    try {
      size = imageSize(bytes);
    } catch (error) {
      logger.info('image header unreadable', { kind, reason: (error as Error).message });
      return { ok: false, message: mediaText.imageDamaged };
    }
    const width = size.width ?? 0;
    const height = size.height ?? 0;
    // The size a header claims is judged first: a 20,000 × 20,000 header is "too large" whether or
    // not pixel data follows it (a bomb is usually just its header).
    if (width > IMAGE_MAX_SIDE_PIXELS || height > IMAGE_MAX_SIDE_PIXELS) {
      logger.info('image too large', { width, height });
      return { ok: false, message: mediaText.imageTooLarge };
    }
    if (!imageComplete(type.ext, bytes)) return { ok: false, message: mediaText.imageDamaged };
    if (width < 1 || height < 1) return { ok: false, message: mediaText.imageDamaged };
    return { ok: true, image: { width, height } };
  }
  const probe = await probeAudio(bytes, AUDIO_MAX_SECONDS[kind]);
  if (!probe.ok) {
    logger.info('audio refused from its headers', {
      kind,
      ext: type.ext,
      problem: probe.problem,
      reason: probe.detail,
    });
    return { ok: false, message: audioMessage(kind, probe.problem) };
  }
  return { ok: true, audio: probe.audio };
}
