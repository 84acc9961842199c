import type { VoiceEngine } from '../../adapters/voice/engine.ts';
import { getVoiceProfile } from '../../data/voice.ts';
import { intEnv } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { emitMetrics } from '../../lib/metrics.ts';
import { parseProviderVoiceName, providerVoiceName, providerVoiceOf, providerVoicePrefix } from './provider-voices.ts';

/** A voice younger than this is never swept: its clone may be between "created" and "stored". */
const GRACE_SECONDS = () => intEnv('VOICE_SWEEP_GRACE_SECONDS', 10 * 60);

/**
 * The periodic sweep (hourly: an EventBridge rule in AWS, a timer in local mode): every provider voice
 * named with this deployment's prefix that no profile points at (live, pending, or being made for the
 * profile's current request) is deleted. Voices of other deployments or made by hand are never touched.
 */
export async function sweepProviderVoices(engine: VoiceEngine): Promise<{ checked: number; deleted: number }> {
  if (!engine.findVoices) return { checked: 0, deleted: 0 };
  const voices = await engine.findVoices(providerVoicePrefix());
  const oldest = Date.now() / 1000 - GRACE_SECONDS();
  let deleted = 0;
  for (const voice of voices) {
    const owner = parseProviderVoiceName(voice.name);
    if (!owner) continue;
    if (voice.createdAtUnix !== undefined && voice.createdAtUnix > oldest) continue;
    const profile = await getVoiceProfile(owner.userId);
    const wanted =
      profile &&
      (providerVoiceOf(profile) === voice.id ||
        profile.pendingProviderVoiceId === voice.id ||
        profile.pendingRequestId === owner.requestId);
    if (wanted) continue;
    await engine.deleteVoice(voice.id);
    deleted++;
  }
  logger.info('provider voice sweep', { checked: voices.length, deleted });
  emitMetrics({
    directives: [{ dimensions: [], metrics: [{ name: 'VoiceOrphansDeleted', unit: 'Count' }] }],
    values: { VoiceOrphansDeleted: deleted },
  });
  return { checked: voices.length, deleted };
}

/**
 * Account or voice deletion: every provider voice named for this user and made before the deletion goes,
 * whatever the profile said (a voice made after it belongs to a new clone of the same user).
 */
export async function deleteUserProviderVoices(engine: VoiceEngine, userId: string, before: string): Promise<number> {
  if (!engine.findVoices) return 0;
  const until = Date.parse(before) / 1000;
  const voices = (await engine.findVoices(providerVoiceName(userId, '').trim())).filter(
    (v) =>
      parseProviderVoiceName(v.name)?.userId === userId && (v.createdAtUnix === undefined || v.createdAtUnix <= until),
  );
  for (const voice of voices) await engine.deleteVoice(voice.id);
  return voices.length;
}
