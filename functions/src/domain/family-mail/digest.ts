import { sendEmail } from '../../adapters/mailer.ts';
import {
  claimMarker,
  type DigestEntry,
  deleteDigestEntries,
  getFamilyMailSettings,
  listDigestEntries,
  releaseMarker,
} from '../../data/family-mail.ts';
import { keys } from '../../data/keys.ts';
import { getStory } from '../../data/stories.ts';
import { getShare } from '../../data/story-shares.ts';
import { getUser } from '../../data/users.ts';
import { logger } from '../../lib/logger.ts';
import { signLink } from './links.ts';
import { type DigestStory, digestEmail } from './templates.ts';

const DAY_MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;

export type DigestOutcome = 'sent' | 'already-sent' | 'nothing' | 'suppressed';

/**
 * Sends a recipient one digest for `day`: the stories queued before that day (with `includeToday`,
 * that day's too; "send now" in local mode). At most one a day (the day's marker is put before
 * sending). Every story is checked again now: it still exists, it is still shared with the recipient
 * by name, its author's account still exists. Anything else is dropped unmentioned, so nothing is
 * ever said about a story the recipient may not read.
 */
export async function sendDigest(recipientId: string, day: string, includeToday = false): Promise<DigestOutcome> {
  const due = (await listDigestEntries(recipientId)).filter((e) => (includeToday ? e.day <= day : e.day < day));
  if (due.length === 0) return 'nothing';
  const user = await getUser(recipientId);
  const settings = await getFamilyMailSettings(recipientId);
  if (!user?.emailVerified || !settings.digest) {
    await deleteDigestEntries(due);
    return 'nothing';
  }
  const marker = keys.digestSent(recipientId, day);
  if (!(await claimMarker(marker, DAY_MARKER_TTL_SECONDS))) return 'already-sent';
  try {
    const stories = await readableStories(recipientId, due);
    if (stories.length === 0) {
      await releaseMarker(marker);
      await deleteDigestEntries(due);
      return 'nothing';
    }
    const unsubscribeToken = await signLink({ userId: recipientId, purpose: 'unsubscribe-digest' });
    const result = await sendEmail(digestEmail({ to: user.email, stories, unsubscribeToken }));
    await deleteDigestEntries(due);
    logger.info('family digest mailed', { recipientId, day, stories: stories.length, result });
    return result;
  } catch (error) {
    await releaseMarker(marker);
    throw error;
  }
}

/** The entries' stories the recipient may read right now, oldest entry first. */
async function readableStories(recipientId: string, entries: readonly DigestEntry[]): Promise<DigestStory[]> {
  const sorted = [...entries].sort((a, b) => a.day.localeCompare(b.day) || a.storyId.localeCompare(b.storyId));
  const checked = await Promise.all(
    sorted.map(async (entry): Promise<DigestStory | undefined> => {
      const [story, share] = await Promise.all([getStory(entry.storyId), getShare(entry.storyId, recipientId)]);
      if (!story || !share || story.authorId === recipientId) return undefined;
      if (!(await getUser(story.authorId))) return undefined;
      return { id: story.id, title: story.title, author: story.authorUsername, reason: entry.reason };
    }),
  );
  return checked.filter((s): s is DigestStory => s !== undefined);
}
