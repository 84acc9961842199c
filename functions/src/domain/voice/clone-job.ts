import { randomUUID } from 'node:crypto';
import { PREVIEW_TEXT } from '@storyloom/shared/messages';
import { voiceText } from '@storyloom/shared/voice';
import { type VoiceEngine, VoiceEngineError } from '../../adapters/voice/engine.ts';
import { voiceEngine } from '../../adapters/voice/select.ts';
import { deleteMedia, putMedia } from '../../data/media.ts';
import { getVoiceProfile, readMediaBytes, updateVoiceProfile, voiceMedia } from '../../data/voice.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { logger } from '../../lib/logger.ts';
import { CLONE_LEASE_SECONDS, inSeconds } from './clone.ts';
import { isLastDelivery, type JobDelivery } from './job-context.ts';
import {
  liveProviderVoice,
  makeProviderVoice,
  ownVoiceHandle,
  problemMessage,
  providerProblemOf,
  providerVoiceName,
  providerVoiceOf,
  reportProblem,
} from './provider-voices.ts';

/** A final failure: the voice made for this request is deleted at the provider and forgotten. */
async function dropPendingVoice(engine: VoiceEngine, userId: string, requestId: string): Promise<void> {
  const profile = await getVoiceProfile(userId);
  const name = providerVoiceName(userId, requestId);
  const ids = new Set<string>();
  if (profile?.pendingRequestId === requestId && profile.pendingProviderVoiceId)
    ids.add(profile.pendingProviderVoiceId);
  // Made, but its answer lost before it could be stored: found by its name.
  for (const v of (await engine.findVoices?.(name).catch(() => [])) ?? []) if (v.name === name) ids.add(v.id);
  for (const id of ids) await engine.deleteVoice(id);
  if (ids.size > 0) {
    await updateVoiceProfile(
      userId,
      { pendingProviderVoiceId: undefined, pendingRequestId: undefined },
      { expression: 'pendingRequestId = :request', values: { ':request': requestId } },
    );
  }
}

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
      // The provider voice this request makes is stored under it (a redelivery finds and reuses it).
      pendingRequestId: job.requestId,
      ...(profile.pendingRequestId === job.requestId ? {} : { pendingProviderVoiceId: undefined }),
    },
    {
      expression: 'cloneRequestId = :request AND (cloneStatus <> :cloning OR cloneLeaseUntil < :now)',
      values: { ':request': job.requestId, ':cloning': 'cloning', ':now': new Date().toISOString() },
    },
  );
  if (!claimed) return;
  // A voice made for an abandoned earlier request is nobody's now.
  if (profile.pendingProviderVoiceId && profile.pendingRequestId !== job.requestId) {
    await enqueueMediaJob({ type: 'voice.delete-provider-voice', voiceId: profile.pendingProviderVoiceId });
  }
  const engine = await voiceEngine();
  try {
    const sampleKey = profile.sampleKey;
    const sample = sampleKey ? await readMediaBytes(sampleKey) : undefined;
    if (!sampleKey || !sample) throw new VoiceEngineError('The voice sample is gone', false);
    const input = {
      sample,
      contentType: profile.sampleContentType ?? 'application/octet-stream',
      fileName: sampleKey.split('/').pop() ?? 'sample',
    };
    let voiceId: string;
    let providerVoiceId: string | undefined;
    if (engine.kind === 'elevenlabs') {
      // Made (or found again) under this request's name and stored as pending at once (provider-voices.ts).
      const made = await makeProviderVoice(engine, claimed, job.requestId, input);
      if (!made) return;
      providerVoiceId = made;
      voiceId = ownVoiceHandle(job.requestId);
    } else {
      ({ voiceId } = await engine.clone({
        name: profile.name ?? 'My voice',
        description: profile.description,
        ...input,
      }));
    }
    const previewKey = voiceMedia.preview(job.userId, randomUUID());
    await putMedia(previewKey, (await engine.synthesize(providerVoiceId ?? voiceId, PREVIEW_TEXT)).mp3, 'audio/mpeg');
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
        providerProblem: undefined,
        ...(providerVoiceId
          ? liveProviderVoice(job.userId, providerVoiceId)
          : { providerVoiceId: undefined, gsi1pk: undefined, gsi1sk: undefined }),
      },
      owns,
    );
    if (!done) {
      // Replaced meanwhile (a newer request, or the voice was deleted): drop what we made, at the provider too.
      await deleteMedia(previewKey);
      if (providerVoiceId) await engine.deleteVoice(providerVoiceId);
      return;
    }
    if (profile.previewKey && profile.previewKey !== previewKey) await deleteMedia(profile.previewKey);
    // The sample the old voice was made from was kept for re-making it; the new voice has its own now.
    if (profile.clonedFromSampleKey && profile.clonedFromSampleKey !== sampleKey) {
      await deleteMedia(profile.clonedFromSampleKey);
    }
    // The voice this one replaces goes only now that the profile points at the new one (the existing job).
    const old = providerVoiceOf(profile);
    if (old && old !== providerVoiceId) await enqueueMediaJob({ type: 'voice.delete-provider-voice', voiceId: old });
  } catch (error) {
    const retryable = error instanceof VoiceEngineError ? error.retryable : true;
    const final = !retryable || isLastDelivery(delivery);
    const problem = providerProblemOf(error);
    logger.warn('voice clone failed', { userId: job.userId, retryable, final, reason: (error as Error).message });
    if (problem) reportProblem(problem, { userId: job.userId, during: 'clone' });
    if (final) {
      // Best effort: what cannot be deleted now is found by the sweep (its name says whose it is).
      await dropPendingVoice(engine, job.userId, job.requestId).catch((e: unknown) =>
        logger.warn('pending provider voice not deleted; left to the sweep', { reason: (e as Error).message }),
      );
    }
    await updateVoiceProfile(
      job.userId,
      final
        ? {
            cloneStatus: 'failed',
            cloneError: problem ? problemMessage[problem] : voiceText.cloneFailed,
            providerProblem: problem,
            cloneLeaseUntil: undefined,
          }
        : { cloneStatus: 'queued', cloneLeaseUntil: inSeconds(CLONE_LEASE_SECONDS) },
      owns,
    );
    if (retryable && (!final || isLastDelivery(delivery))) throw error;
  }
}
