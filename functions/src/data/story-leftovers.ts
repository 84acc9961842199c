import { type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';

/**
 * What a story leaves outside its own partition, found for its deletion (docs/stories.md, "Deleting a
 * story"): its listening sessions, by the sessions-of-a-story index (gsi1). They expire with `ttl` anyway;
 * deleting them makes the story's deletion leave nothing behind at once.
 */
export function listInteractiveKeysOfStory(storyId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionsOfStoryPartition(storyId) },
  });
}

/** Keys of the listening sessions of a signed-in user (owner or reader), on any story (account deletion). */
export function listSessionKeysOfUser(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionsOfUserPartition(userId) },
  });
}
