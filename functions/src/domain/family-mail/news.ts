import { type DigestReason, listShareRecipients, putDigestEntry } from '../../data/family-mail.ts';
import { logger } from '../../lib/logger.ts';
import { utcDay } from './calendar.ts';

/**
 * News for the family: a story shared with someone by name (stories/sharing.ts) or narrated while shared
 * (voice/narration-job.ts) waits in the recipient's digest. Nothing is mailed here, so a share never waits
 * for mail and a dozen shares in a day make one email.
 */
export async function queueStoryNews(
  storyId: string,
  recipientIds: readonly string[],
  reason: DigestReason,
  now = new Date(),
): Promise<void> {
  const day = utcDay(now);
  await Promise.all(recipientIds.map((recipientId) => putDigestEntry({ storyId, recipientId, reason, day })));
}

/** A narration finished: everyone the story is shared with by name hears of it. */
export async function queueNarrationNews(storyId: string): Promise<void> {
  await queueStoryNews(storyId, await listShareRecipients(storyId), 'narrated');
}

/**
 * Queues news without ever failing the caller (a share or a narration is done either way); a lost
 * entry is one line missing from a digest, which the log records.
 */
export async function queueNewsSafely(queue: () => Promise<void>): Promise<void> {
  try {
    await queue();
  } catch (error) {
    logger.warn('family news not queued', { error: (error as Error).name });
  }
}

/*
 * This file is all that sharing and the media worker import of the family mail: table writes only, so
 * their bundles carry no mail or secret calls (infra/lib/grants.ts checks bundles against grants).
 */
