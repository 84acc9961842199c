import { createHash } from 'node:crypto';
import { serverText, validation } from '@storyloom/shared/messages';
import {
  type CreateStoryInput,
  type MyStoriesResponse,
  SHARED_PAGE_MAX,
  type SharedWithMeResponse,
  type StoryCommentsResponse,
  type StoryDto,
  storyMessages,
  type UpdateStoryInput,
} from '@storyloom/shared/schemas/stories';
import { decodeCursor, encodeCursor } from '../../data/cursor.ts';
import { keys } from '../../data/keys.ts';
import { consumeRateLimit } from '../../data/rate-limit.ts';
import {
  getStories,
  getStory,
  getStoryView,
  isStoryItem,
  listStoriesByAuthor,
  listStoryComments,
  putNewStory,
  type StoryRecord,
  toStoryRecord,
  updateStoryFields,
} from '../../data/stories.ts';
import { type CommentRecord, decodeCommentsCursor, toCommentRecord } from '../../data/story-comments.ts';
import { photosFromItems, type StoryPhoto } from '../../data/story-photos.ts';
import { isShareItem, listSharesWithUser, type ShareRecord, toShareRecord } from '../../data/story-shares.ts';
import { isTranscriptItem, type TranscriptRecord, toTranscriptRecord } from '../../data/transcripts.ts';
import { getUser } from '../../data/users.ts';
import { config } from '../../lib/config.ts';
import { AppError, Unauthorized, ValidationFailed } from '../../lib/errors.ts';
import { canComment, loadOwnedStory, type Relation, relationTo, storyNotFound } from './access.ts';
import { deleteStoryCompletely } from './deletion.ts';
import { toCommentDto, toStoryDto } from './dto.ts';
import { newStoryId } from './ids.ts';

/** The username of a signed-in caller (stories and comments keep it beside the user id). */
export async function usernameOf(userId: string): Promise<string> {
  const user = await getUser(userId);
  if (!user) throw new Unauthorized(serverText.unauthorized);
  return user.username;
}

/** New stories per author per hour (STORY_HOURLY_LIMIT, 60): a lifetime of memoirs fits, a flood does not. */
const STORY_QUOTA = {
  scope: 'story-create',
  limit: config.storyHourlyLimit,
  windowSeconds: 60 * 60,
  message: storyMessages.storyQuota,
};

/** POST /api/stories: a private text story with comments allowed (the privacy modal makes it public). */
export async function createStory(userId: string, input: CreateStoryInput): Promise<StoryDto> {
  await consumeRateLimit({ ...STORY_QUOTA, subject: hashed(userId) });
  const now = new Date().toISOString();
  const story: StoryRecord = {
    id: newStoryId(),
    authorId: userId,
    authorUsername: await usernameOf(userId),
    title: input.title,
    content: input.content,
    storyType: 'text',
    location: input.location || undefined,
    startDate: input.start_date ?? undefined,
    endDate: input.end_date ?? undefined,
    createdAt: now,
    updatedAt: now,
    isPublic: false,
    allowComments: true,
    version: 1,
  };
  await putNewStory(story);
  return toStoryDto(story, ownerView(story, [], []));
}

/**
 * A story with its shares and its newest comments (STORY_VIEW_COMMENTS), read strongly consistent;
 * `commentsNextCursor` pages back through older ones (GET /api/stories/{id}/comments).
 */
export interface StoryPartition {
  story: StoryRecord;
  shares: ShareRecord[];
  comments: CommentRecord[];
  commentsNextCursor: string | null;
  /** Its photos in order (docs/media.md, "Photos"). */
  photos: StoryPhoto[];
  /** An audio story's transcript item (the whole text), when it has one. */
  transcript?: TranscriptRecord;
}

export async function readStoryPartition(storyId: string): Promise<StoryPartition | undefined> {
  const { items, comments, commentsNext } = await getStoryView(storyId);
  const storyItem = items.find(isStoryItem);
  if (!storyItem) return undefined;
  return {
    story: toStoryRecord(storyItem),
    shares: items.filter(isShareItem).map(toShareRecord),
    comments: comments.map(toCommentRecord),
    commentsNextCursor: commentsNext ? encodeCursor(commentsNext) : null,
    photos: photosFromItems(items),
    transcript: transcriptOf(items),
  };
}

function transcriptOf(items: Record<string, unknown>[]): TranscriptRecord | undefined {
  const item = items.find(isTranscriptItem);
  return item ? toTranscriptRecord(item) : undefined;
}

function ownerView(
  story: StoryRecord,
  shares: ShareRecord[],
  comments: CommentRecord[],
  commentsNextCursor?: string | null,
  photos: readonly StoryPhoto[] = [],
  transcript?: TranscriptRecord,
) {
  return {
    photos,
    transcript,
    seesLinkToken: true,
    permissions: { manage: true, comment: story.allowComments, listen: true },
    shares,
    comments,
    commentsNextCursor,
    viewerId: story.authorId,
  };
}

/** The single-story view for a caller with a known relation (never `none`). */
export function viewFor(partition: StoryPartition, relation: Relation, viewerId: string): StoryDto {
  const { story, shares, comments, commentsNextCursor, photos, transcript } = partition;
  if (relation.kind === 'owner') {
    return toStoryDto(story, ownerView(story, shares, comments, commentsNextCursor, photos, transcript));
  }
  return toStoryDto(story, {
    photos,
    transcript,
    seesLinkToken: relation.kind === 'admin',
    // Listening on the signed-in routes is for the owner and people shared with by name (docs/interactive.md).
    permissions: { manage: false, comment: canComment(story, relation), listen: relation.kind === 'share' },
    comments,
    commentsNextCursor,
    viewerId,
  });
}

/** GET /api/stories/{id}: the owner, a share, any signed-in user of a public story, an admin; 404 otherwise. */
export async function getStoryForUser(storyId: string, userId: string): Promise<StoryDto> {
  const partition = await readStoryPartition(storyId);
  if (!partition) throw storyNotFound();
  const myShare = partition.shares.find((s) => s.userId === userId) ?? null;
  const relation = await relationTo(partition.story, userId, myShare);
  if (relation.kind === 'none') throw storyNotFound();
  return viewFor(partition, relation, userId);
}

/** The owner's view after a change (shares and comments included). */
export async function ownerStoryView(storyId: string): Promise<StoryDto> {
  const partition = await readStoryPartition(storyId);
  if (!partition) throw storyNotFound();
  const { story, shares, comments, commentsNextCursor, photos, transcript } = partition;
  return toStoryDto(story, ownerView(story, shares, comments, commentsNextCursor, photos, transcript));
}

/**
 * GET /api/stories/{id}/comments?limit&cursor: older comments of a story its caller may read (the
 * story view carries the newest ones and `comments_next_cursor`). 404 for everyone else.
 */
export async function listCommentsForUser(
  storyId: string,
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<StoryCommentsResponse> {
  const story = await getStory(storyId);
  if (!story) throw storyNotFound();
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  return commentsPage(story, page, userId);
}

/** A page of a story's comments as the API returns them (`can_delete` for the writer and the owner). */
export async function commentsPage(
  story: StoryRecord,
  page: { limit: number; cursor?: string },
  viewerId?: string,
): Promise<StoryCommentsResponse> {
  const startKey = page.cursor ? decodeCommentsCursor(page.cursor, story.id) : undefined;
  if (page.cursor && !startKey) throw new ValidationFailed(storyMessages.cursor);
  const { items, next } = await listStoryComments(story.id, { limit: page.limit, startKey });
  return {
    comments: items
      .map(toCommentRecord)
      .map((c) => toCommentDto(c, viewerId !== undefined && (c.authorId === viewerId || story.authorId === viewerId))),
    next_cursor: next ? encodeCursor(next) : null,
  };
}

/**
 * PUT /api/stories/{id}: the owner edits. Fields left out keep their value; null or blank clears the
 * optional ones. Audio stories edit only title and description (spec, "Edit story").
 */
export async function updateStory(storyId: string, userId: string, input: UpdateStoryInput): Promise<StoryDto> {
  const story = await loadOwnedStory(storyId, userId);
  const content = input.content ?? story.content;
  if (story.storyType === 'text' && !content) throw new ValidationFailed(validation.storyContentEdit);
  const isAudio = story.storyType === 'audio';
  const keep = <T>(value: T | undefined, current: T | undefined) =>
    value === undefined ? (current ?? null) : value || null;
  const edit = {
    title: input.title,
    content,
    location: isAudio ? (story.location ?? null) : keep(input.location, story.location),
    startDate: isAudio ? (story.startDate ?? null) : keep(input.start_date, story.startDate),
    endDate: isAudio ? (story.endDate ?? null) : keep(input.end_date, story.endDate),
  };
  if (edit.startDate && edit.endDate && edit.startDate > edit.endDate)
    throw new ValidationFailed(storyMessages.dateOrder);
  // Based on an older version than the stored one: another tab or device saved in between.
  if (input.version !== undefined && input.version !== (story.version ?? 1)) throw await versionConflict(storyId);
  const updated = await updateStoryFields(storyId, edit, {
    authorId: userId,
    updatedAt: new Date().toISOString(),
    // Conditional on the version read above, so a save racing this one cannot be overwritten unseen.
    version: { from: story.version },
  });
  if (!updated) {
    if (input.version !== undefined) throw await versionConflict(storyId);
    // No version sent (an older client): last write wins, as before versions existed.
    const again = await loadOwnedStory(storyId, userId);
    const retried = await updateStoryFields(storyId, edit, {
      authorId: userId,
      updatedAt: new Date().toISOString(),
      version: { from: again.version },
    });
    if (!retried) throw storyNotFound();
  }
  return ownerStoryView(storyId);
}

/** 409 with the stored story, so the screen can show both versions (404 when it is gone meanwhile). */
async function versionConflict(storyId: string): Promise<AppError> {
  const current = await ownerStoryView(storyId);
  return new AppError(409, storyMessages.versionConflict, { current });
}

/** DELETE /api/stories/{id}: the owner deletes the story and everything of it. */
export async function deleteStory(storyId: string, userId: string): Promise<void> {
  await loadOwnedStory(storyId, userId);
  await deleteStoryCompletely(storyId);
}

/** Rate-limit subjects are hashed: the counters hold no user ids, so an account deletion need not find them. */
function hashed(userId: string): string {
  return createHash('sha256').update(userId).digest('hex');
}

const ownListView = (story: StoryRecord) => ({
  ...ownerView(story, [], []),
  photos: undefined,
  shares: undefined,
  comments: undefined,
  list: true,
});

/**
 * GET /api/stories?limit&cursor: a page of the caller's stories, newest first, and on the first page the
 * first page of the stories shared with them (`shared_stories`, newest share first; more through
 * GET /api/shared-with-me). Lists carry no comments or shares: the story view has them.
 */
export async function listMyStories(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<MyStoriesResponse> {
  const startKey = page.cursor ? cursorKey(page.cursor, 'gsi1', keys.storiesByAuthorPartition(userId)) : undefined;
  const [own, shared] = await Promise.all([
    listStoriesByAuthor(userId, { limit: page.limit, startKey }),
    page.cursor ? undefined : listSharedWithMe(userId, { limit: SHARED_PAGE_MAX }),
  ]);
  return {
    stories: own.stories.map((story) => toStoryDto(story, ownListView(story))),
    next_cursor: own.next ? encodeCursor(own.next) : null,
    shared_stories: shared?.stories ?? [],
    shared_next_cursor: shared?.next_cursor ?? null,
  };
}

/** GET /api/shared-with-me?limit&cursor: a page of the stories shared with the caller, newest share first. */
export async function listSharedWithMe(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<SharedWithMeResponse> {
  const startKey = page.cursor ? cursorKey(page.cursor, 'gsi1', keys.sharedWithPartition(userId)) : undefined;
  const shares = await listSharesWithUser(userId, { limit: page.limit, startKey });
  const byId = new Map((await getStories(shares.shares.map((s) => s.storyId))).map((s) => [s.id, s]));
  return {
    stories: shares.shares.flatMap((share) => {
      const story = byId.get(share.storyId);
      // The share index lags a removed share or a deleted story by a moment in AWS.
      if (!story || story.authorId === userId) return [];
      const relation: Relation = { kind: 'share', share };
      return [
        toStoryDto(story, {
          seesLinkToken: false,
          permissions: { manage: false, comment: canComment(story, relation) },
          viewerId: userId,
          sharedPermission: share.permission,
          list: true,
        }),
      ];
    }),
    next_cursor: shares.next ? encodeCursor(shares.next) : null,
  };
}

/** A list's cursor back into the key it stands for; anything else is a 400. */
export function cursorKey(cursor: string, index: 'gsi1' | 'gsi4', partition: string) {
  const key = decodeCursor(cursor, { index, partition });
  if (!key) throw new ValidationFailed(storyMessages.cursor);
  return key;
}
