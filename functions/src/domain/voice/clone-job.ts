import { randomUUID } from 'node:crypto';
import { PREVIEW_TEXT } from '@storyloom/shared/messages';
import { voiceText } from '@storyloom/shared/voice';
import { VoiceEngineError } from '../../adapters/voice/engine.ts';
import { voiceEngine } from '../../adapters/voice/select.ts';
import { deleteMedia, putMedia } from '../../data/media.ts';
import { getVoiceProfile, readMediaBytes, updateVoiceProfile, voiceMedia } from '../../data/voice.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { logger } from '../../lib/logger.ts';
import { CLONE_LEASE_SECONDS, inSeconds } from './clone.ts';
import { isLastDelivery, type JobDelivery } from './job-context.ts';

/**
 * The clone job: make the voice at the engine, a preview of it (and of the engine's own voices, for
 * the local engine), then mark the profile ready. A redelivered or replaced request is skipped.
 */
export async function runClone(job: { userId: string; requestId: string }, delivery: JobDelivery): Promise<void> {
  const profile = await getVoiceProfile(job.userId);
  if (!profile || profile.cloneRequestId !== job.requestId || profile.cloneStatus === 'ready') return;
  const owns = { expression: 'cloneRequestId = :request', values: { ':request': job.requestId } };
  // Claim: not while another delivery of the same request is cloning under a live lease.
  const claimed = await updateVoiceProfile(
    job.userId,
    {
      cloneStatus: 'cloning',
      cloneLeaseUntil: inSeconds(CLONE_LEASE_SECONDS),
      cloneAttempts: (profile.cloneAttempts ?? 0) + 1,
    },
    {
      expression: 'cloneRequestId = :request AND (cloneStatus <> :cloning OR cloneLeaseUntil < :now)',
      values: { ':request': job.requestId, ':cloning': 'cloning', ':now': new Date().toISOString() },
    },
  );
  if (!claimed) return;
  try {
    const sampleKey = profile.sampleKey;
    const sample = sampleKey ? await readMediaBytes(sampleKey) : undefined;
    if (!sampleKey || !sample) throw new VoiceEngineError('The voice sample is gone', false);
    const engine = await voiceEngine();
    const { voiceId } = await engine.clone({
      name: profile.name ?? 'My voice',
      description: profile.description,
      sample,
      contentType: profile.sampleContentType ?? 'application/octet-stream',
      fileName: sampleKey.split('/').pop() ?? 'sample',
      replaces: profile.engine === engine.kind ? profile.voiceId : undefined,
    });
    const previewKey = voiceMedia.preview(job.userId, randomUUID());
    await putMedia(previewKey, (await engine.synthesize(voiceId, PREVIEW_TEXT)).mp3, 'audio/mpeg');
    const presetPreviews: Record<string, string> = { ...profile.presetPreviews };
    if (engine.kind === 'local') {
      for (const voice of await engine.listVoices()) {
        if (presetPreviews[voice.id]) continue;
        const key = voiceMedia.presetPreview(job.userId, voice.id);
        await putMedia(key, (await engine.synthesize(voice.id, PREVIEW_TEXT)).mp3, 'audio/mpeg');
        presetPreviews[voice.id] = key;
      }
    }
    const done = await updateVoiceProfile(
      job.userId,
      {
        voiceId,
        engine: engine.kind,
        clonedFromSampleKey: sampleKey,
        clonedAt: new Date().toISOString(),
        previewKey,
        presetPreviews,
        cloneStatus: 'ready',
        cloneError: undefined,
        cloneLeaseUntil: undefined,
      },
      owns,
    );
    if (!done) {
      // Replaced meanwhile (a newer request, or the voice was deleted): drop what we made.
      await deleteMedia(previewKey);
      return;
    }
    if (profile.previewKey && profile.previewKey !== previewKey) await deleteMedia(profile.previewKey);
    // A provider voice replaced by another engine's (a key added or removed) is left to its provider's deletion job.
    if (profile.voiceId && profile.engine === 'elevenlabs' && engine.kind !== 'elevenlabs') {
      await enqueueMediaJob({ type: 'voice.delete-provider-voice', voiceId: profile.voiceId });
    }
  } catch (error) {
    const retryable = error instanceof VoiceEngineError ? error.retryable : true;
    const final = !retryable || isLastDelivery(delivery);
    logger.warn('voice clone failed', { userId: job.userId, retryable, final, reason: (error as Error).message });
    await updateVoiceProfile(
      job.userId,
      final
        ? { cloneStatus: 'failed', cloneError: voiceText.cloneFailed, cloneLeaseUntil: undefined }
        : { cloneStatus: 'queued', cloneLeaseUntil: inSeconds(CLONE_LEASE_SECONDS) },
      owns,
    );
    if (retryable && (!final || isLastDelivery(delivery))) throw error;
  }
}
