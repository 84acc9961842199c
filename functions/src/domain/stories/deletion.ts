import { deleteStoryNews } from '../../data/family-mail.ts';
import { deleteItems } from '../../data/items.ts';
import { keys } from '../../data/keys.ts';
import { deleteMediaUnder } from '../../data/media.ts';
import { deleteShareLink } from '../../data/share-links.ts';
import { deleteStoryItem, getStory, listStoryIdsByAuthor, listStoryPartitionKeys } from '../../data/stories.ts';
import { listCommentKeysByUser } from '../../data/story-comments.ts';
import { listInteractiveKeysOfStory } from '../../data/story-leftovers.ts';
import { listShareKeysWithUser } from '../../data/story-shares.ts';
import { forgetAnswersOf } from '../prompts/deletion.ts';

/**
 * Deletes a story and everything of it: link, media, shares, comments, narration, asked questions, then
 * the story item itself, then what outlives it by a moment: whatever a concurrent share, comment or
 * narration slipped in meanwhile, and its listening sessions (no new ones start once the
 * story is gone). The story item goes last of the first pass so a crash midway leaves a story its owner
 * can delete again (every step is repeatable). Returns false when there was no story.
 */
export async function deleteStoryCompletely(storyId: string): Promise<boolean> {
  const story = await getStory(storyId);
  if (story?.shareToken) await deleteShareLink(story.shareToken);
  const mediaPrefix = story ? keys.storyMediaPrefix(story.authorId, storyId) : undefined;
  if (mediaPrefix) await deleteMediaUnder(mediaPrefix);
  const storyKey = keys.story(storyId);
  const children = (await listStoryPartitionKeys(storyId)).filter((k) => k.sk !== storyKey.sk);
  // The family digest waiting in each reader's partition (and the answered-question mail's marker) name the
  // story: they go with it.
  await deleteStoryNews(readersOf(children), storyId);
  await deleteItems(children);
  const deleted = await deleteStoryItem(storyId);
  // A link generated between the first read and the delete.
  if (deleted?.shareToken && deleted.shareToken !== story?.shareToken) await deleteShareLink(deleted.shareToken);
  const [stragglers, interactive] = await Promise.all([
    listStoryPartitionKeys(storyId),
    listInteractiveKeysOfStory(storyId),
  ]);
  await deleteStoryNews(readersOf(stragglers), storyId);
  await deleteItems([...stragglers, ...interactive]);
  // The prompt it answered, if any, is open again (docs/family-loop.md); the mark sits in the author's partition.
  const authorId = story?.authorId ?? deleted?.authorId;
  if (authorId) await forgetAnswersOf(authorId, storyId);
  // A narration or spoken answer finished while the first pass ran.
  const finalPrefix = mediaPrefix ?? (deleted ? keys.storyMediaPrefix(deleted.authorId, storyId) : undefined);
  if (finalPrefix) await deleteMediaUnder(finalPrefix);
  return story !== undefined || deleted !== undefined;
}

/** The users a story is shared with by name, from its partition's share keys (`SHARE#<userId>`). */
function readersOf(storyKeys: readonly { sk: string }[]): string[] {
  const prefix = keys.storySharePrefix();
  return storyKeys.filter((k) => k.sk.startsWith(prefix)).map((k) => k.sk.slice(prefix.length));
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
