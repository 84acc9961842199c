import { deleteItems } from '../../data/items.ts';
import { listPromptKeys, listQuestionKeysByAsker } from '../../data/prompts.ts';

/**
 * A deleted account's prompt data (user-data-purgers.ts): its answered, hidden and own questions and the
 * questions sent to it, and the questions it sent to others (they name the asker). Idempotent.
 */
export async function purgePromptData(userId: string): Promise<void> {
  await deleteItems(await listPromptKeys(userId));
  await deleteItems(await listQuestionKeysByAsker(userId));
}
