import { randomUUID } from 'node:crypto';
import { mediaText, uploadRules } from '@storyloom/shared/media';
import { success } from '@storyloom/shared/messages';
import {
  SAMPLE_MAX_SECONDS,
  SAMPLE_MIN_SECONDS,
  SAMPLE_MIN_SPEECH_SECONDS,
  SAMPLE_RECOMMENDED_MAX_SECONDS,
  SAMPLE_RECOMMENDED_MIN_SECONDS,
  type UploadSampleResponse,
  voiceText,
} from '@storyloom/shared/voice';
import { withSlack } from '../../adapters/voice/audio/probe.ts';
import { analyseSampleAudio } from '../../adapters/voice/audio/sample-audio.ts';
import { heavyWork } from '../../adapters/voice/offload.ts';
import { deleteMedia, putMedia } from '../../data/media.ts';
import { getVoiceProfile, updateVoiceProfile, voiceMedia } from '../../data/voice.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { measureUpload } from '../media/measure.ts';
import { SNIFF_BYTES, type SniffedType, sniffUpload } from '../media/sniff.ts';
import { confirmUpload, promoteUpload } from '../media/uploads.ts';

/** What a sample is once checked: its real type and how long it lasts. */
export interface CheckedSample {
  type: SniffedType;
  duration: number;
}

/**
 * Checks a voice sample the way a listener would: the real type by magic bytes and the size (the
 * media helper's rules and the spec's texts), then the audio itself, decoded with npm packages
 * alone: too short, or no voice in it, is refused with a clear message.
 */
export async function checkSample(bytes: Uint8Array): Promise<CheckedSample> {
  const verdict = await sniffUpload('voice-sample', bytes.subarray(0, SNIFF_BYTES), bytes.length);
  if (!verdict.ok) throw new ValidationFailed(verdict.message);
  if (verdict.type.ext === 'm4a') throw new ValidationFailed(voiceText.sampleM4a);
  // Measured from its headers first: a file that lies or is too long never reaches a decoder.
  const measured = await measureUpload('voice-sample', verdict.type, bytes);
  if (!measured.ok) throw new ValidationFailed(measured.message);
  const declared = measured.audio?.seconds ?? SAMPLE_MAX_SECONDS;
  const limits = { maxSeconds: withSlack(Math.min(declared, SAMPLE_MAX_SECONDS)) };
  // Decoding and analysis are the heavy part: a worker thread in local mode, inline in a Lambda.
  const analysis = await (heavyWork()?.analyseSample(bytes, limits) ?? analyseSampleAudio(bytes, limits));
  if (!analysis.ok) {
    logger.info('voice sample unreadable', { problem: analysis.problem, reason: analysis.detail });
    throw new ValidationFailed(
      analysis.problem === 'over-cap' ? mediaText.audioInconsistent : voiceText.sampleUnreadable,
    );
  }
  const { stats } = analysis;
  if (stats.duration < SAMPLE_MIN_SECONDS) throw new ValidationFailed(voiceText.sampleTooShort);
  if (!stats.medianHz || stats.speechSeconds < SAMPLE_MIN_SPEECH_SECONDS)
    throw new ValidationFailed(voiceText.sampleSilent);
  return { type: verdict.type, duration: Math.round(stats.duration * 10) / 10 };
}

function lengthWarning(duration: number): string | null {
  return duration < SAMPLE_RECOMMENDED_MIN_SECONDS || duration > SAMPLE_RECOMMENDED_MAX_SECONDS
    ? voiceText.sampleLengthWarning
    : null;
}

/** Files the checked sample as the user's one sample (the previous one, if any, is deleted). */
async function keepSample(userId: string, key: string, sample: CheckedSample): Promise<UploadSampleResponse> {
  const before = await getVoiceProfile(userId);
  await updateVoiceProfile(userId, {
    sampleKey: key,
    sampleContentType: sample.type.mime,
    sampleDuration: sample.duration,
    sampleUploadedAt: new Date().toISOString(),
    cloneStatus: before?.cloneStatus ?? 'none',
  });
  // The sample the current voice was made from stays until a new voice replaces it: the provider voice is a
  // cache of it, made again from it after an eviction (docs/voice.md, "Slots as a cache").
  if (before?.sampleKey && before.sampleKey !== key && before.sampleKey !== before.clonedFromSampleKey) {
    await deleteMedia(before.sampleKey);
  }
  return {
    message: success.voiceUploaded,
    voice_sample_url: key,
    sample_duration: sample.duration,
    warning: lengthWarning(sample.duration),
  };
}

/** POST /api/voice/upload-sample, multipart `voice_sample`: a file small enough for one request. */
export async function uploadSampleBytes(userId: string, bytes: Uint8Array): Promise<UploadSampleResponse> {
  if (bytes.length > uploadRules['voice-sample'].maxBytes)
    throw new ValidationFailed(uploadRules['voice-sample'].sizeMessage);
  const sample = await checkSample(bytes);
  const key = voiceMedia.sample(userId, randomUUID(), sample.type.ext);
  await putMedia(key, bytes, sample.type.mime);
  return keepSample(userId, key, sample);
}

/**
 * POST /api/voice/upload-sample, JSON `{ upload_key }`: a sample the browser sent straight to S3
 * (POST /api/media/uploads, kind voice-sample). Refused samples are deleted: nothing is stored.
 */
export async function uploadSampleFromUpload(userId: string, uploadKey: string): Promise<UploadSampleResponse> {
  const upload = await confirmUpload(userId, 'voice-sample', uploadKey);
  let sample: CheckedSample;
  try {
    sample = await checkSample(upload.bytes);
  } catch (error) {
    await deleteMedia(upload.key);
    throw error;
  }
  const key = voiceMedia.sample(userId, randomUUID(), sample.type.ext);
  await promoteUpload(upload, key);
  return keepSample(userId, key, sample);
}
