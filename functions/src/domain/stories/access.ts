import { serverText } from '@storyloom/shared/messages';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import { getStory, type StoryRecord } from '../../data/stories.ts';
import { getShare, type ShareRecord } from '../../data/story-shares.ts';
import { getUserRole } from '../../data/users.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';

/**
 * Who the caller is to a story (docs/stories.md, "Authorization"). Checked in this order, so an owner
 * never pays for the share or role lookups.
 */
export type Relation =
  | { kind: 'owner' }
  | { kind: 'share'; share: ShareRecord }
  | { kind: 'public-reader' }
  | { kind: 'admin' }
  | { kind: 'none' };

export const storyNotFound = () => new NotFound(storyMessages.notFound);

export async function isAdmin(userId: string): Promise<boolean> {
  return (await getUserRole(userId)) === 'admin';
}

/**
 * The caller's relation to a story. `share` is the caller's share when the caller already read it
 * (the story view reads the whole partition); undefined means "look it up".
 */
export async function relationTo(story: StoryRecord, userId: string, share?: ShareRecord | null): Promise<Relation> {
  if (story.authorId === userId) return { kind: 'owner' };
  const found = share === undefined ? await getShare(story.id, userId) : share;
  if (found) return { kind: 'share', share: found };
  if (story.isPublic) return { kind: 'public-reader' };
  if (await isAdmin(userId)) return { kind: 'admin' };
  return { kind: 'none' };
}

/**
 * Readers allowed to comment: the owner, a `comment` share, any signed-in user on a public story;
 * only while the story allows comments. Admins moderate by deleting stories, not by commenting.
 */
export function canComment(story: StoryRecord, relation: Relation): boolean {
  if (!story.allowComments) return false;
  if (relation.kind === 'owner') return true;
  if (relation.kind === 'share' && relation.share.permission === 'comment') return true;
  return story.isPublic && relation.kind !== 'none';
}

/**
 * Loads a story its caller must own. Someone who can read it (a share, a public story, an admin)
 * learns nothing new from a 403; to anyone else a private story does not exist (404).
 */
export async function loadOwnedStory(storyId: string, userId: string): Promise<StoryRecord> {
  const story = await getStory(storyId);
  if (!story) throw storyNotFound();
  if (story.authorId === userId) return story;
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  throw new Forbidden(serverText.forbidden);
}
