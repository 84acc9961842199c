import { sendEmail } from '../../adapters/mailer.ts';
import { claimMarker, getFamilyMailSettings, releaseMarker } from '../../data/family-mail.ts';
import { keys } from '../../data/keys.ts';
import { getFamilyQuestion } from '../../data/prompts.ts';
import { getStory } from '../../data/stories.ts';
import { getShare } from '../../data/story-shares.ts';
import { getUser } from '../../data/users.ts';
import { logger } from '../../lib/logger.ts';
import { signLink } from './links.ts';
import { answeredEmail } from './templates.ts';

const ANSWERED_MARKER_TTL_SECONDS = 30 * 24 * 60 * 60;

export type AnsweredOutcome = 'sent' | 'already-sent' | 'nothing' | 'suppressed';

/**
 * Tells the person who asked a question that the story answering it is shared with them: once per
 * (story, asker) (a marker before sending, as the digest). Checked at send time like the digest: the
 * story is still there and still shared with them by name, both accounts exist, and the asker has not
 * turned family news off (this email is family news about their own question).
 */
export async function sendAnsweredEmail(storyId: string, askerId: string, promptId: string): Promise<AnsweredOutcome> {
  const [asker, settings, story, share] = await Promise.all([
    getUser(askerId),
    getFamilyMailSettings(askerId),
    getStory(storyId),
    getShare(storyId, askerId),
  ]);
  if (!asker?.emailVerified || !settings.digest || !story || !share) return 'nothing';
  const [owner, question] = await Promise.all([getUser(story.authorId), getFamilyQuestion(story.authorId, promptId)]);
  if (!owner || question?.askerId !== askerId) return 'nothing';
  const marker = keys.answeredSent(askerId, storyId);
  if (!(await claimMarker(marker, ANSWERED_MARKER_TTL_SECONDS))) return 'already-sent';
  try {
    const unsubscribeToken = await signLink({ userId: askerId, purpose: 'unsubscribe-digest' });
    const result = await sendEmail(
      answeredEmail({
        to: asker.email,
        storyteller: story.authorUsername,
        question: question.text,
        story: { id: story.id, title: story.title },
        unsubscribeToken,
      }),
    );
    logger.info('answered question mailed', { storyId, askerId, result });
    return result;
  } catch (error) {
    await releaseMarker(marker);
    throw error;
  }
}
