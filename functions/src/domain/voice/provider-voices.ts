import type { VoiceProviderProblem } from '@storyloom/shared/voice';
import { voiceText } from '@storyloom/shared/voice';
import { type VoiceEngine, VoiceEngineError } from '../../adapters/voice/engine.ts';
import { keys } from '../../data/keys.ts';
import { getVoiceProfile, listProviderVoiceProfiles, updateVoiceProfile, type VoiceProfile } from '../../data/voice.ts';
import { intEnv, optionalEnv } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { emitMetrics } from '../../lib/metrics.ts';

/**
 * The provider voice as a cache (docs/voice.md, "Clone lifecycle" and "Slots as a cache"). The stored sample
 * and consent are the truth; the voice at ElevenLabs is made from them, named so it can always be found
 * again (`<prefix> <userId> <requestId>`), stored on the profile the moment it exists, evicted when the
 * account's slots are full, made again when its owner next narrates, and swept when nothing points at it.
 */

/** Product + stage: one provider account may serve several deployments, each sweeps only its own voices. */
export const providerVoicePrefix = () =>
  optionalEnv('PROVIDER_VOICE_PREFIX') ?? `storyloom-${optionalEnv('STAGE') ?? 'local'}`;
export const providerVoiceName = (userId: string, requestId: string) =>
  `${providerVoicePrefix()} ${userId} ${requestId}`;

export function parseProviderVoiceName(name: string): { userId: string; requestId: string } | undefined {
  const [prefix, userId, requestId, ...rest] = name.split(' ');
  if (prefix !== providerVoicePrefix() || !userId || !requestId || rest.length > 0) return undefined;
  return { userId, requestId };
}

/** The owner's stable handle of a provider voice (never a provider id: it survives eviction and re-creation). */
export const ownVoiceHandle = (requestId: string) => `own-${requestId}`;

/** The voice at the provider now, if any. Profiles from before the cache kept the provider id in `voiceId`. */
export function providerVoiceOf(profile: VoiceProfile | undefined): string | undefined {
  if (profile?.engine !== 'elevenlabs') return undefined;
  if (profile.providerVoiceId) return profile.providerVoiceId;
  if (!profile.voiceEvictedAt && profile.voiceId && !profile.voiceId.startsWith('own-')) return profile.voiceId;
  return undefined;
}

/** A provider state that will not go away by retrying now: its own message, metric and alarm. */
export class ProviderProblemError extends VoiceEngineError {
  constructor(readonly problem: VoiceProviderProblem) {
    super(`ElevenLabs: ${problem}`, false, undefined, problem);
  }
}

export const problemMessage: Record<VoiceProviderProblem, string> = {
  voice_limit_reached: voiceText.voiceLimitReached,
  quota_exceeded: voiceText.quotaExceeded,
  requires_verification: voiceText.requiresVerification,
};

/** The provider problem an error stands for, if it is one of the three. */
export function providerProblemOf(error: unknown): VoiceProviderProblem | undefined {
  const code = error instanceof VoiceEngineError ? error.code : undefined;
  return code === 'voice_limit_reached' || code === 'quota_exceeded' || code === 'requires_verification'
    ? code
    : undefined;
}

/** One EMF line per occurrence: `VoiceProviderProblem` by `problem` (alarmed in infra/lib). */
export function reportProblem(problem: VoiceProviderProblem, context: Record<string, string>): void {
  logger.error('voice provider problem', { problem, ...context });
  emitMetrics({
    directives: [{ dimensions: ['problem'], metrics: [{ name: 'VoiceProviderProblem', unit: 'Count' }] }],
    values: { problem, VoiceProviderProblem: 1 },
  });
}

const inSeconds = (n: number) => new Date(Date.now() + n * 1000).toISOString();

export interface SampleInput {
  sample: Uint8Array;
  contentType: string;
  fileName: string;
}

/**
 * Makes the provider voice of one request, or finds it again: a voice stored as pending for this request, or
 * one carrying this request's name (the create answered but the answer was lost), is reused; else it is
 * created, evicting the least recently used idle clone when the slots are full. The id is stored as pending
 * at once (only while the profile's `pendingRequestId` is still this request). Undefined when the request
 * was replaced or the voice deleted meanwhile: the voice just made is deleted then.
 */
export async function makeProviderVoice(
  engine: VoiceEngine,
  profile: VoiceProfile,
  requestId: string,
  input: SampleInput,
): Promise<string | undefined> {
  const name = providerVoiceName(profile.userId, requestId);
  let voiceId: string | undefined;
  if (profile.pendingRequestId === requestId && profile.pendingProviderVoiceId) {
    if (await engine.hasVoice(profile.pendingProviderVoiceId)) voiceId = profile.pendingProviderVoiceId;
  }
  voiceId ??= (await engine.findVoices?.(name))?.find((v) => v.name === name)?.id;
  if (!voiceId) {
    const created = await createWithRoom(engine, profile.userId, name, input);
    if (created.requiresVerification) {
      await engine.deleteVoice(created.voiceId);
      throw new ProviderProblemError('requires_verification');
    }
    voiceId = created.voiceId;
  }
  const stored = await updateVoiceProfile(
    profile.userId,
    { pendingProviderVoiceId: voiceId },
    { expression: 'pendingRequestId = :request', values: { ':request': requestId } },
  );
  if (!stored) {
    logger.info('provider voice made for a request that is gone; deleted', { userId: profile.userId });
    await engine.deleteVoice(voiceId);
    return undefined;
  }
  return voiceId;
}

async function createWithRoom(
  engine: VoiceEngine,
  userId: string,
  name: string,
  input: SampleInput,
): Promise<{ voiceId: string; requiresVerification?: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await engine.clone({ name, ...input });
    } catch (error) {
      if (providerProblemOf(error) !== 'voice_limit_reached') throw error;
      if (attempt > 3 || !(await evictIdleVoice(engine, userId))) throw new ProviderProblemError('voice_limit_reached');
    }
  }
}

/** A narration holds its voice this long at most (the media worker's time-out is 15 min). */
const IN_USE_SECONDS = 20 * 60;

/**
 * Frees one slot: the asking user's own current voice first (an update replaces it anyway), else the least
 * recently used clone not speaking now. The profile forgets the voice (conditionally: not while in use)
 * before the provider deletes it, so nobody speaks with a deleted voice. False when no clone is idle.
 */
export async function evictIdleVoice(engine: VoiceEngine, askingUserId: string): Promise<boolean> {
  const own = await getVoiceProfile(askingUserId);
  const candidates = [...(own ? [own] : []), ...(await listProviderVoiceProfiles(25))];
  const now = new Date().toISOString();
  for (const candidate of candidates) {
    const voiceId = providerVoiceOf(candidate);
    if (!voiceId) continue;
    const evicted = await updateVoiceProfile(
      candidate.userId,
      { providerVoiceId: undefined, voiceEvictedAt: now, gsi1pk: undefined, gsi1sk: undefined },
      {
        expression:
          'attribute_exists(pk) AND (providerVoiceId = :voice OR voiceId = :voice) AND (attribute_not_exists(voiceInUseUntil) OR voiceInUseUntil < :now)',
        values: { ':voice': voiceId, ':now': now },
      },
    );
    if (!evicted) continue;
    await engine.deleteVoice(voiceId);
    logger.info('provider voice evicted (slots full)', { userId: candidate.userId, for: askingUserId });
    emitMetrics({
      directives: [{ dimensions: [], metrics: [{ name: 'VoiceEvicted', unit: 'Count' }] }],
      values: { VoiceEvicted: 1 },
    });
    return true;
  }
  return false;
}

/** Fields that make a provider voice the profile's live one (and list it for eviction). */
export function liveProviderVoice(userId: string, providerVoiceId: string) {
  const now = new Date().toISOString();
  return {
    providerVoiceId,
    pendingProviderVoiceId: undefined,
    pendingRequestId: undefined,
    pendingLeaseUntil: undefined,
    voiceEvictedAt: undefined,
    voiceLastUsedAt: now,
    ...keys.providerVoicesIndex(now, userId),
  };
}

/**
 * The provider voice a narration in the owner's own voice speaks with: the live one, held as in use (not
 * evicted while it speaks), or made again from the stored sample and consent when it was evicted
 * (`onPreparing` lets the narration say "Preparing your voice…"). Throws a retryable error while another
 * job is making it, and a permanent one when the voice is no longer the owner's.
 */
export async function acquireOwnProviderVoice(
  engine: VoiceEngine,
  ownerId: string,
  handle: string,
  readSample: (key: string) => Promise<Uint8Array | undefined>,
  onPreparing: () => Promise<void>,
): Promise<string> {
  for (let round = 0; round < 3; round++) {
    const profile = await getVoiceProfile(ownerId);
    if (!profile || profile.voiceId !== handle) throw new VoiceEngineError('The voice is no longer the owner’s', false);
    const live = providerVoiceOf(profile);
    if (live) {
      const now = new Date().toISOString();
      const held = await updateVoiceProfile(
        ownerId,
        { voiceInUseUntil: inSeconds(IN_USE_SECONDS), voiceLastUsedAt: now, ...keys.providerVoicesIndex(now, ownerId) },
        { expression: 'providerVoiceId = :voice OR voiceId = :voice', values: { ':voice': live } },
      );
      if (held) return live;
      continue;
    }
    await onPreparing();
    const made = await recreate(engine, profile, readSample);
    if (made) return made;
  }
  throw new VoiceEngineError('The voice could not be held', true);
}

async function recreate(
  engine: VoiceEngine,
  profile: VoiceProfile,
  readSample: (key: string) => Promise<Uint8Array | undefined>,
): Promise<string | undefined> {
  const sampleKey = profile.clonedFromSampleKey ?? profile.sampleKey;
  if (!sampleKey || !profile.consentAt)
    throw new VoiceEngineError('No sample or consent to make the voice from', false);
  const requestId = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const now = new Date().toISOString();
  const claimed = await updateVoiceProfile(
    profile.userId,
    { pendingRequestId: requestId, pendingLeaseUntil: inSeconds(CLONE_SECONDS) },
    {
      expression:
        'voiceId = :handle AND attribute_not_exists(providerVoiceId) AND (attribute_not_exists(pendingLeaseUntil) OR pendingLeaseUntil < :now)',
      values: { ':handle': profile.voiceId, ':now': now },
    },
  );
  // Another narration is making it: SQS delivers this one again later, when it is there.
  if (!claimed) throw new VoiceEngineError('The voice is being prepared by another job', true);
  if (profile.pendingProviderVoiceId) await engine.deleteVoice(profile.pendingProviderVoiceId);
  const sample = await readSample(sampleKey);
  if (!sample) throw new VoiceEngineError('The voice sample is gone', false);
  const voiceId = await makeProviderVoice(engine, claimed, requestId, {
    sample,
    contentType: profile.sampleContentType ?? 'application/octet-stream',
    fileName: sampleKey.split('/').pop() ?? 'sample',
  });
  if (!voiceId) return undefined;
  const live = await updateVoiceProfile(
    profile.userId,
    { ...liveProviderVoice(profile.userId, voiceId), voiceInUseUntil: inSeconds(IN_USE_SECONDS) },
    {
      expression: 'pendingRequestId = :request AND voiceId = :handle',
      values: { ':request': requestId, ':handle': profile.voiceId },
    },
  );
  if (!live) {
    await engine.deleteVoice(voiceId);
    return undefined;
  }
  logger.info('provider voice made again on demand', { userId: profile.userId });
  return voiceId;
}

/** How long making a voice may take before its pending claim counts as abandoned. */
const CLONE_SECONDS = intEnv('CLONE_LEASE_SECONDS', 15 * 60);

/** Lets the voice be evicted again once the narration is done with it. */
export async function releaseProviderVoice(ownerId: string, voiceId: string): Promise<void> {
  await updateVoiceProfile(
    ownerId,
    { voiceInUseUntil: undefined },
    { expression: 'providerVoiceId = :voice OR voiceId = :voice', values: { ':voice': voiceId } },
  );
}
