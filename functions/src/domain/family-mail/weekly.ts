import { sendEmail } from '../../adapters/mailer.ts';
import {
  claimMarker,
  getFamilyMailSettings,
  getMarkedPrompt,
  markPrompt,
  releaseMarker,
} from '../../data/family-mail.ts';
import { keys } from '../../data/keys.ts';
import { getUser } from '../../data/users.ts';
import { logger } from '../../lib/logger.ts';
import { mailCertainlyNotSent } from '../../lib/mail-outcome.ts';
import { previousIsoWeek } from './calendar.ts';
import { signLink } from './links.ts';
import { nextPromptFor } from './prompt-source.ts';
import { weeklyPromptEmail } from './templates.ts';

/** Week markers outlive their week a little (a redelivery days later still finds them), then expire. */
const WEEK_MARKER_TTL_SECONDS = 21 * 24 * 60 * 60;

export type WeeklyOutcome = 'sent' | 'already-sent' | 'not-subscribed' | 'no-prompt' | 'suppressed' | 'maybe-sent';

/**
 * Sends a storyteller the week's question, once per ISO week: the week's marker is put (conditionally)
 * before anything is sent, so a job delivered twice, or the daily run and "send now" on one day, mail
 * once. A send SES certainly did not take (it refused, or no connection) gives the marker back, and the
 * queue's retry sends; a send whose outcome is unknown (a time-out after the request went out) keeps it:
 * SES may have mailed it, and a second copy is what this marker exists to prevent. Everything is read
 * at send time: a deleted account or a turned-off setting sends nothing.
 */
export async function sendWeeklyPrompt(userId: string, week: string): Promise<WeeklyOutcome> {
  const user = await getUser(userId);
  if (!user?.emailVerified) return 'not-subscribed';
  const settings = await getFamilyMailSettings(userId);
  if (settings.weeklyDay === null) return 'not-subscribed';
  const marker = keys.weeklySent(userId, week);
  if (!(await claimMarker(marker, WEEK_MARKER_TTL_SECONDS))) return 'already-sent';
  try {
    // Not last week's question again while another is left (an unanswered one comes back later).
    const lastWeek = await getMarkedPrompt(keys.weeklySent(userId, previousIsoWeek(week)));
    const prompt =
      (lastWeek ? await nextPromptFor(userId, { exclude: [lastWeek] }) : null) ?? (await nextPromptFor(userId));
    if (!prompt) {
      // Nothing left to ask: a later run this week may find a new family question.
      await releaseMarker(marker);
      return 'no-prompt';
    }
    await markPrompt(marker, prompt.id);
    const [answerToken, unsubscribeToken] = await Promise.all([
      signLink({ userId, purpose: 'answer-prompt', promptId: prompt.id }),
      signLink({ userId, purpose: 'unsubscribe-weekly' }),
    ]);
    const email = weeklyPromptEmail({
      to: user.email,
      username: user.username,
      question: prompt.text,
      askedBy: prompt.askedBy?.name,
      answerToken,
      unsubscribeToken,
    });
    let result: 'sent' | 'suppressed';
    try {
      result = await sendEmail(email);
    } catch (error) {
      if (mailCertainlyNotSent(error)) throw error;
      logger.warn('weekly question may have been mailed; not sent again this week', { userId, week, error });
      return 'maybe-sent';
    }
    logger.info('weekly question mailed', { userId, week, kind: prompt.kind, result });
    return result;
  } catch (error) {
    await releaseMarker(marker);
    throw error;
  }
}
