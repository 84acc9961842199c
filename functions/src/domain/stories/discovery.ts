import { fallback } from '@storyloom/shared/messages';
import {
  AUTHOR_PAGE_MAX,
  type AuthorPageResponse,
  type PublicStoriesResponse,
  SHARE_TOKEN_PATTERN,
  STORY_ID_PATTERN,
  type StoryCommentsResponse,
  type StoryDto,
  storyMessages,
} from '@storyloom/shared/schemas/stories';
import { encodeCursor } from '../../data/cursor.ts';
import { keys } from '../../data/keys.ts';
import { getShareLinkStoryId } from '../../data/share-links.ts';
import { countPublicStories, getStory, listPublicStoriesPage, listStoriesByAuthor } from '../../data/stories.ts';
import { getUser } from '../../data/users.ts';
import { NotFound } from '../../lib/errors.ts';
import { publicListView, toStoryDto } from './dto.ts';
import { commentsPage, cursorKey, readStoryPartition } from './stories.ts';

/**
 * GET /public/stories?page&limit: public stories newest first, with the total from the public counter.
 * The counter and the page are read in parallel (2 requests for page 1; deeper pages add a keys-only skip).
 */
export async function listPublicStories(page: number, limit: number): Promise<PublicStoriesResponse> {
  const [total, stories] = await Promise.all([countPublicStories(), listPublicStoriesPage(page, limit)]);
  return {
    stories: stories.map((s) => toStoryDto(s, publicListView)),
    pagination: { page, limit, total, total_pages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/**
 * GET /public/author/{id}?limit&cursor: the author and a page of their public stories, newest first,
 * from the sparse public-by-author index: the author's private stories are never read.
 */
export async function getAuthorPage(
  authorId: string,
  page: { limit: number; cursor?: string } = { limit: AUTHOR_PAGE_MAX },
): Promise<AuthorPageResponse> {
  const user = /^[\w.@+:-]{1,128}$/.test(authorId) ? await getUser(authorId) : undefined;
  if (!user) throw new NotFound(storyMessages.authorNotFound);
  const startKey = page.cursor ? cursorKey(page.cursor, 'gsi4', keys.publicByAuthorPartition(authorId)) : undefined;
  const { stories, next } = await listStoriesByAuthor(authorId, { publicOnly: true, limit: page.limit, startKey });
  return {
    author: { id: user.id, username: user.username, profile_image_url: user.profileImageUrl ?? null },
    stories: stories.map((s) => toStoryDto(s, publicListView)),
    next_cursor: next ? encodeCursor(next) : null,
  };
}

/**
 * GET /shared/{shareToken}: the story behind a live share link, or a public story by its id (the
 * discovery card's fallback), with its comments. A public route: the caller is not looked at, so the
 * answer is the same for everyone (and the same in AWS, where public routes carry no token claims).
 * Everything else, including a private story's id, is the spec's 404.
 */
export async function getSharedStory(tokenOrId: string): Promise<StoryDto> {
  const notFound = () => new NotFound(fallback.sharedNotFound);
  let storyId: string | undefined;
  let byToken = false;
  if (SHARE_TOKEN_PATTERN.test(tokenOrId)) {
    storyId = await getShareLinkStoryId(tokenOrId);
    byToken = true;
  } else if (STORY_ID_PATTERN.test(tokenOrId)) {
    storyId = tokenOrId;
  }
  if (!storyId) throw notFound();
  const partition = await readStoryPartition(storyId);
  if (!partition) throw notFound();
  const { story, comments, commentsNextCursor } = partition;
  // A link counts only while the story still holds its token: a revoke ends it at once.
  const allowed = byToken ? story.shareToken === tokenOrId : story.isPublic;
  if (!allowed) throw notFound();
  return toStoryDto(story, {
    seesLinkToken: false,
    permissions: { manage: false, comment: false },
    comments,
    commentsNextCursor,
  });
}

/**
 * GET /shared/{shareToken}/comments?limit&cursor: older comments of the story behind a live link (or a
 * public story by id), for whoever may open it; the spec's 404 otherwise, exactly as /shared/{token}.
 */
export async function listSharedStoryComments(
  tokenOrId: string,
  page: { limit: number; cursor?: string },
): Promise<StoryCommentsResponse> {
  const notFound = () => new NotFound(fallback.sharedNotFound);
  const byToken = SHARE_TOKEN_PATTERN.test(tokenOrId);
  const storyId = byToken
    ? await getShareLinkStoryId(tokenOrId)
    : STORY_ID_PATTERN.test(tokenOrId)
      ? tokenOrId
      : undefined;
  const story = storyId ? await getStory(storyId) : undefined;
  if (!story || !(byToken ? story.shareToken === tokenOrId : story.isPublic)) throw notFound();
  return commentsPage(story, page);
}
