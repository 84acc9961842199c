import { randomUUID } from 'node:crypto';
import { type CloneVoiceInput, VOICE_CONSENT_TEXT, type VoiceStatusDto, voiceText } from '@storyloom/shared/voice';
import { getVoiceProfile, updateVoiceProfile, type VoiceProfile } from '../../data/voice.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { intEnv } from '../../lib/env.ts';
import { Conflict, ValidationFailed } from '../../lib/errors.ts';
import { toVoiceStatus } from './status.ts';

/** A clone that has not finished in this long was abandoned (worker killed): a status read queues it again. */
export const CLONE_LEASE_SECONDS = intEnv('CLONE_LEASE_SECONDS', 15 * 60);
const MAX_CLONE_ATTEMPTS = 3;
export const inSeconds = (n: number) => new Date(Date.now() + n * 1000).toISOString();

/**
 * POST /api/voice/clone: queue the making of the user's voice from the sample on file. Before the
 * first clone the user must consent (stored with its time and its words). The work runs on the
 * media-jobs queue; the status call tells when it is done.
 */
export async function requestClone(userId: string, input: CloneVoiceInput): Promise<VoiceStatusDto> {
  const profile = await getVoiceProfile(userId);
  if (!profile?.sampleKey) throw new ValidationFailed(voiceText.noSample);
  if (!profile.consentAt && input.consent !== true) throw new ValidationFailed(voiceText.consentRequired);
  if (profile.cloneStatus === 'cloning') throw new Conflict(voiceText.cloneBusy);
  const requestId = randomUUID();
  const now = new Date().toISOString();
  const updated = await updateVoiceProfile(userId, {
    name: input.name,
    description: input.description,
    cloneStatus: 'queued',
    cloneError: undefined,
    cloneRequestId: requestId,
    cloneLeaseUntil: inSeconds(CLONE_LEASE_SECONDS),
    cloneAttempts: 0,
    ...(profile.consentAt ? {} : { consentAt: now, consentText: VOICE_CONSENT_TEXT }),
  });
  await enqueueMediaJob({ type: 'voice.clone', userId, requestId });
  return toVoiceStatus(updated);
}

/** A clone request whose lease ran out (worker killed, message lost) is queued again, or failed after its attempts. */
export async function recoverAbandonedClone(profile: VoiceProfile): Promise<VoiceProfile> {
  if (profile.cloneStatus !== 'queued' && profile.cloneStatus !== 'cloning') return profile;
  const now = new Date().toISOString();
  if (!profile.cloneRequestId || (profile.cloneLeaseUntil && profile.cloneLeaseUntil > now)) return profile;
  const condition = {
    expression:
      'cloneRequestId = :request AND cloneStatus = :status AND (attribute_not_exists(cloneLeaseUntil) OR cloneLeaseUntil < :now)',
    values: { ':request': profile.cloneRequestId, ':status': profile.cloneStatus, ':now': now },
  };
  if ((profile.cloneAttempts ?? 0) >= MAX_CLONE_ATTEMPTS) {
    return (
      (await updateVoiceProfile(
        profile.userId,
        { cloneStatus: 'failed', cloneError: voiceText.cloneFailed, cloneLeaseUntil: undefined },
        condition,
      )) ?? profile
    );
  }
  const requeued = await updateVoiceProfile(
    profile.userId,
    { cloneStatus: 'queued', cloneLeaseUntil: inSeconds(CLONE_LEASE_SECONDS) },
    condition,
  );
  if (!requeued) return profile;
  await enqueueMediaJob({ type: 'voice.clone', userId: profile.userId, requestId: profile.cloneRequestId });
  return requeued;
}
