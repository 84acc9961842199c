import { type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';

/**
 * What a story leaves outside its own partition, found for its deletion (docs/stories.md, "Deleting a
 * story"): cached answers (they quote its text, `IANSWER#<storyId>`) and listening sessions (by the
 * sessions-of-a-story index, gsi1). Both expire with `ttl` anyway; deleting them makes the story's
 * deletion leave nothing behind at once.
 */
export async function listInteractiveKeysOfStory(storyId: string): Promise<ItemKey[]> {
  const [answers, sessions] = await Promise.all([
    queryKeys({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.interactiveAnswerPartition(storyId) },
      ConsistentRead: true,
    }),
    queryKeys({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.sessionsOfStoryPartition(storyId) },
    }),
  ]);
  return [...answers, ...sessions];
}

/** Keys of the listening sessions of a signed-in user (owner or reader), on any story (account deletion). */
export function listSessionKeysOfUser(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionsOfUserPartition(userId) },
  });
}
