import { deleteItems } from '../../data/items.ts';
import { listAnswerKeysOfStory, listPromptKeys, listQuestionKeysByAsker } from '../../data/prompts.ts';

/**
 * A deleted account's prompt data (user-data-purgers.ts): its answered, hidden and own questions and the
 * questions sent to it, and the questions it sent to others (they name the asker). Idempotent.
 */
export async function purgePromptData(userId: string): Promise<void> {
  await deleteItems(await listPromptKeys(userId));
  await deleteItems(await listQuestionKeysByAsker(userId));
}

/**
 * A deleted story's answer marks (domain/stories/deletion.ts): the question it answered is open again, and
 * nothing names the story any more. Idempotent; readLiveState ignores a mark that a race left behind.
 */
export async function forgetAnswersOf(authorId: string, storyId: string): Promise<void> {
  await deleteItems(await listAnswerKeysOfStory(authorId, storyId));
}
