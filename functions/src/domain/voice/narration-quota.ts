import { narrationQuotaText } from '@storyloom/shared/voice';
import {
  type RateLimit,
  type RateSlot,
  releaseRateSlots,
  reserveRateSlot,
  reserveRateUnits,
  windowOf,
} from '../../data/rate-limit.ts';
import { intEnv } from '../../lib/env.ts';

/**
 * The narration quota (docs/voice.md, "Quota"): every narration job is a paid synthesis billed per
 * character, so each user may start a few jobs an hour (regenerations and voice switches count: each is a
 * new job) and narrate so many characters a day. Both are fixed windows of atomic counters, reserved
 * before the job is queued and given back when no job was made after all.
 */
export const NARRATION_HOURLY_LIMIT = intEnv('NARRATION_HOURLY_LIMIT', 10);
/** One story of the longest allowed (STORY_CONTENT_MAX) fits in a day. */
export const NARRATION_DAILY_CHARACTERS = intEnv('NARRATION_DAILY_CHARACTERS', 100_000);

const HOUR = 3600;
const DAY = 24 * HOUR;

function jobsLimit(userId: string): RateLimit {
  const limit: RateLimit = {
    scope: 'narrate-jobs',
    subject: userId,
    limit: NARRATION_HOURLY_LIMIT,
    windowSeconds: HOUR,
  };
  return { ...limit, message: narrationQuotaText.jobs(NARRATION_HOURLY_LIMIT, windowOf(limit).retryAfter) };
}

function charactersLimit(userId: string): RateLimit {
  const limit: RateLimit = {
    scope: 'narrate-chars',
    subject: userId,
    limit: NARRATION_DAILY_CHARACTERS,
    windowSeconds: DAY,
  };
  return { ...limit, message: narrationQuotaText.characters(NARRATION_DAILY_CHARACTERS, windowOf(limit).retryAfter) };
}

/** Takes one job and `characters` from the user's quota, or throws TooManyRequests (nothing taken). */
export async function reserveNarrationQuota(userId: string, characters: number): Promise<RateSlot[]> {
  const job = await reserveRateSlot(jobsLimit(userId));
  try {
    return [job, await reserveRateUnits(charactersLimit(userId), characters)];
  } catch (error) {
    await releaseRateSlots([job]);
    throw error;
  }
}

/** Gives a reservation back (the same job was already queued: nothing new will be paid for). */
export const releaseNarrationQuota = (slots: readonly RateSlot[]) => releaseRateSlots(slots);
