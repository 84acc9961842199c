import { listRecipientsWithPendingDigest, listWeeklySubscribers } from '../../data/family-mail.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { logger } from '../../lib/logger.ts';
import { isoWeek, isoWeekday, utcDay } from './calendar.ts';

/** No family mail goes before this UTC hour: a question at dawn is lost under the day's mail. */
export const SEND_FROM_HOUR_UTC = 8;

/**
 * The hourly run (EventBridge in AWS, a timer in local mode): from 08:00 UTC it queues one job per
 * storyteller whose weekday it is and one per recipient with news queued before today. It may run
 * many times a day: the jobs' markers make each send once per week / day, so a failed or missed
 * hour is simply caught up by the next.
 */
export async function runHourlyFamilyMail(now = new Date()): Promise<{ weekly: number; digests: number }> {
  if (now.getUTCHours() < SEND_FROM_HOUR_UTC) return { weekly: 0, digests: 0 };
  const week = isoWeek(now);
  const day = utcDay(now);
  const storytellers = await listWeeklySubscribers(isoWeekday(now));
  for (const userId of storytellers) await enqueueJob({ type: 'family-mail.weekly', userId, week });
  const recipients = await listRecipientsWithPendingDigest(day);
  for (const userId of recipients) await enqueueJob({ type: 'family-mail.digest', userId, day });
  logger.info('family mail run', { week, day, weekly: storytellers.length, digests: recipients.length });
  return { weekly: storytellers.length, digests: recipients.length };
}
