import { fallback } from '@storyloom/shared/messages';
import {
  AUTHOR_PAGE_MAX,
  type AuthorPageResponse,
  type PublicStoriesResponse,
  type StoryCommentsResponse,
  type StoryDto,
  storyMessages,
} from '@storyloom/shared/schemas/stories';
import { encodeCursor } from '../../data/cursor.ts';
import { keys } from '../../data/keys.ts';
import { countPublicStories, listPublicStoriesPage, listStoriesByAuthor } from '../../data/stories.ts';
import { getUser } from '../../data/users.ts';
import { NotFound } from '../../lib/errors.ts';
import { loadSharedStory, resolveShared, visitorMayRead } from './access.ts';
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
  const named = await resolveShared(tokenOrId);
  const partition = named ? await readStoryPartition(named.storyId) : undefined;
  if (!named || !partition || !visitorMayRead(partition.story, named.visitor)) throw notFound();
  const { story, comments, commentsNextCursor, photos, transcript } = partition;
  return toStoryDto(story, {
    photos,
    transcript,
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
  const { story } = await loadSharedStory(tokenOrId);
  return commentsPage(story, page);
}
