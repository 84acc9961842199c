import { getFamilyQuestion, readPromptState } from '../../data/prompts.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { queueNewsSafely, queueStoryNews } from './news.ts';

/**
 * A story was newly shared with someone by name (stories/sharing.ts). If it answers a question that
 * person asked the storyteller (the prompts feature marks it answered before the share is offered),
 * they are told at once by its own email (`family-mail.answered`); otherwise the story waits for their
 * next daily digest. Never fails the share.
 */
export async function queueShareNews(storyId: string, ownerId: string, recipientId: string): Promise<void> {
  await queueNewsSafely(async () => {
    const question = await questionAnsweredBy(ownerId, storyId, recipientId);
    if (question) await enqueueJob({ type: 'family-mail.answered', storyId, askerId: recipientId, promptId: question });
    else await queueStoryNews(storyId, [recipientId], 'shared');
  });
}

/** The id of a family question `askerId` sent `ownerId` that `storyId` answers, if any. */
async function questionAnsweredBy(ownerId: string, storyId: string, askerId: string): Promise<string | undefined> {
  const state = await readPromptState(ownerId);
  for (const [promptId, answer] of state.answered) {
    if (answer.storyId !== storyId || !promptId.startsWith('family.')) continue;
    const question = await getFamilyQuestion(ownerId, promptId);
    if (question?.askerId === askerId) return promptId;
  }
  return undefined;
}
