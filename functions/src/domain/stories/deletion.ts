import { deleteItems } from '../../data/items.ts';
import { keys } from '../../data/keys.ts';
import { deleteMediaUnder } from '../../data/media.ts';
import { deleteShareLink } from '../../data/share-links.ts';
import { deleteStoryItem, getStory, listStoryIdsByAuthor, listStoryPartitionKeys } from '../../data/stories.ts';
import { listCommentKeysByUser } from '../../data/story-comments.ts';
import { listShareKeysWithUser } from '../../data/story-shares.ts';

/**
 * Deletes a story and everything of it: link, media, shares, comments, then the story item itself,
 * then whatever a concurrent share or comment slipped into the partition meanwhile. The story item
 * goes last so a crash midway leaves a story its owner can delete again (every step is repeatable).
 * Returns false when there was no story.
 */
export async function deleteStoryCompletely(storyId: string): Promise<boolean> {
  const story = await getStory(storyId);
  if (story?.shareToken) await deleteShareLink(story.shareToken);
  if (story) await deleteMediaUnder(keys.storyMediaPrefix(story.authorId, storyId));
  const storyKey = keys.story(storyId);
  const children = (await listStoryPartitionKeys(storyId)).filter((k) => k.sk !== storyKey.sk);
  await deleteItems(children);
  const deleted = await deleteStoryItem(storyId);
  // A link generated between the first read and the delete.
  if (deleted?.shareToken && deleted.shareToken !== story?.shareToken) await deleteShareLink(deleted.shareToken);
  const stragglers = await listStoryPartitionKeys(storyId);
  if (stragglers.length) await deleteItems(stragglers);
  return story !== undefined || deleted !== undefined;
}

/**
 * Account deletion, the stories part: the user's stories with everything of them, the shares they
 * received and the comments they left on other people's stories.
 */
export async function purgeUserStories(userId: string): Promise<void> {
  for (const storyId of await listStoryIdsByAuthor(userId)) await deleteStoryCompletely(storyId);
  await deleteItems(await listShareKeysWithUser(userId));
  await deleteItems(await listCommentKeysByUser(userId));
}
