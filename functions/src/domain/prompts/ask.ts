import { randomBytes } from 'node:crypto';
import { promptText } from '@storyloom/shared/messages';
import { ASKER_DAILY_QUESTIONS, STORYTELLER_DAILY_QUESTIONS } from '@storyloom/shared/prompts/limits';
import type { AskQuestionInput, CanAskDto } from '@storyloom/shared/schemas/prompts';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import { listStoryIdsSharedWith, putFamilyQuestion } from '../../data/prompts.ts';
import { reserveRateSlots } from '../../data/rate-limit.ts';
import { getStories } from '../../data/stories.ts';
import { getUser } from '../../data/users.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { usernameOf } from '../stories/stories.ts';
import { hashed } from './subjects.ts';

/**
 * "Ask {storyteller} a question" (docs/family-loop.md, "Questions from the family"): only a person the
 * storyteller has shared a story with by name may ask. A link or public reader is not known to the
 * storyteller by name, so their questions reach them only through listening ("Your family asked").
 */

/** The story ids shared with the asker by name that the storyteller wrote (the first one found is enough). */
async function sharedByName(askerId: string, storytellerId: string): Promise<string | undefined> {
  const storyIds = await listStoryIdsSharedWith(askerId);
  for (let i = 0; i < storyIds.length; i += 100) {
    const found = (await getStories(storyIds.slice(i, i + 100))).find((s) => s.authorId === storytellerId);
    if (found) return found.id;
  }
  return undefined;
}

/** The storyteller, or the spec-style 404 when no such user exists. */
async function storyteller(storytellerId: string) {
  const user = await getUser(storytellerId);
  if (!user) throw new NotFound(storyMessages.userNotFound);
  return user;
}

/** GET /api/family-questions/{id}: whether the caller may ask this storyteller (the button shows only then). */
export async function canAsk(askerId: string, storytellerId: string): Promise<CanAskDto> {
  const teller = await storyteller(storytellerId);
  if (teller.id === askerId) return { can_ask: false, name: teller.username };
  return { can_ask: (await sharedByName(askerId, teller.id)) !== undefined, name: teller.username };
}

/**
 * POST /api/family-questions/{id}: sends the storyteller a question; it waits first in their list with the
 * asker's name. Checked in this order: the storyteller exists (404), is not the caller (400), has shared a
 * story with the caller by name (403); then the per-asker and per-storyteller daily limits (429), so nobody
 * without a share can use up a storyteller's quota.
 */
export async function askStoryteller(
  askerId: string,
  storytellerId: string,
  input: AskQuestionInput,
): Promise<{ message: string; id: string }> {
  const teller = await storyteller(storytellerId);
  if (teller.id === askerId) throw new ValidationFailed(promptText.askYourself);
  const storyId = await sharedByName(askerId, teller.id);
  if (!storyId) throw new Forbidden(promptText.askNotAllowed);
  const day = 24 * 60 * 60;
  await reserveRateSlots([
    {
      scope: 'ask-asker',
      subject: hashed(askerId),
      limit: ASKER_DAILY_QUESTIONS,
      windowSeconds: day,
      message: promptText.askerQuota,
    },
    {
      scope: 'ask-storyteller',
      subject: hashed(teller.id),
      limit: STORYTELLER_DAILY_QUESTIONS,
      windowSeconds: day,
      message: promptText.storytellerQuota,
    },
  ]);
  const now = Date.now();
  const id = `family.${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
  await putFamilyQuestion(teller.id, {
    id,
    text: input.text,
    askerId,
    askerName: await usernameOf(askerId),
    askedAt: new Date(now).toISOString(),
  });
  return { message: promptText.askSent(teller.username), id };
}
