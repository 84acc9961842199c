import { fallback, serverText } from '@storyloom/shared/messages';
import { SHARE_TOKEN_PATTERN, STORY_ID_PATTERN, storyMessages } from '@storyloom/shared/schemas/stories';
import { getShareLinkStoryId } from '../../data/share-links.ts';
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

/** Someone reading without an account: by a share link's token, or by a public story's id. */
export type Visitor = { kind: 'link'; token: string } | { kind: 'public' };

/** The story id and visitor a shared route's path names; undefined when it names nothing. */
export async function resolveShared(tokenOrId: string): Promise<{ storyId: string; visitor: Visitor } | undefined> {
  if (SHARE_TOKEN_PATTERN.test(tokenOrId)) {
    const storyId = await getShareLinkStoryId(tokenOrId);
    return storyId ? { storyId, visitor: { kind: 'link', token: tokenOrId } } : undefined;
  }
  return STORY_ID_PATTERN.test(tokenOrId) ? { storyId: tokenOrId, visitor: { kind: 'public' } } : undefined;
}

/** A link counts only while the story still holds its token (a revoke ends it at once); an id only while public. */
export function visitorMayRead(story: StoryRecord, visitor: Visitor): boolean {
  if (visitor.kind === 'link') return story.shareToken !== undefined && story.shareToken === visitor.token;
  return story.isPublic;
}

/** The story a shared route names and who reads it; anything else, a private story's id included, is the spec's 404. */
export async function loadSharedStory(tokenOrId: string): Promise<{ story: StoryRecord; visitor: Visitor }> {
  const named = await resolveShared(tokenOrId);
  const story = named ? await getStory(named.storyId) : undefined;
  if (!named || !story || !visitorMayRead(story, named.visitor)) throw new NotFound(fallback.sharedNotFound);
  return { story, visitor: named.visitor };
}

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
 * A story its signed-in caller may listen to interactively, and as whom: the owner, or a person it is shared
 * with by name (read or comment). Anyone else is refused as by loadOwnedStory (404, or 403 to a reader
 * without a share: a public story's reader listens on the shared routes).
 */
export async function loadListenableStory(
  storyId: string,
  userId: string,
): Promise<{ story: StoryRecord; listener: { kind: 'owner' | 'reader'; userId: string } }> {
  const story = await getStory(storyId);
  if (!story) throw storyNotFound();
  const relation = await relationTo(story, userId);
  if (relation.kind === 'owner') return { story, listener: { kind: 'owner', userId } };
  if (relation.kind === 'share') return { story, listener: { kind: 'reader', userId } };
  if (relation.kind === 'none') throw storyNotFound();
  throw new Forbidden(serverText.forbidden);
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
