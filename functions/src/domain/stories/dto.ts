import { LIST_CONTENT_CHARS } from '@storyloom/shared/constants';
import type { CommentDto, ShareDto, StoryDto } from '@storyloom/shared/schemas/stories';
import { voiceText } from '@storyloom/shared/voice';
import type { StoryRecord } from '../../data/stories.ts';
import type { CommentRecord } from '../../data/story-comments.ts';
import type { StoryPhoto } from '../../data/story-photos.ts';
import type { ShareRecord } from '../../data/story-shares.ts';
import type { TranscriptRecord } from '../../data/transcripts.ts';
import { toCoverDto, toPhotoDtos } from '../photos/dto.ts';
import { toTranscriptDto } from '../transcripts/dto.ts';

/** What the caller of a story response is, relative to that story. */
export interface StoryView {
  /** Owner and admin see the share-link token; nobody else ever does. */
  seesLinkToken: boolean;
  permissions: { manage: boolean; comment: boolean; listen?: boolean };
  /** Only in the owner's single-story view. */
  shares?: readonly ShareRecord[];
  /** Only in single-story views (lists leave comments out: docs/stories.md). */
  comments?: readonly CommentRecord[];
  /** Single-story views: where older comments continue (`comments_next_cursor`), null when none. */
  commentsNextCursor?: string | null;
  /** Who reads, for each comment's `can_delete` (the writer and the story owner may delete). */
  viewerId?: string;
  /** The admin list adds `User { Username }`. */
  adminList?: boolean;
  sharedPermission?: ShareRecord['permission'];
  /** In lists the content is cut to LIST_CONTENT_CHARS (responses stay far under Lambda's 6 MB). */
  list?: boolean;
  /** Single-story views: the story's photos in order. */
  photos?: readonly StoryPhoto[];
  /** Single-story views: the transcript item, for the whole text (lists carry the story item's summary). */
  transcript?: TranscriptRecord;
}

/** A story as the API returns it (spec section 3, both spellings of the creation time). */
export function toStoryDto(story: StoryRecord, view: StoryView): StoryDto {
  const isOwner = view.viewerId !== undefined && view.viewerId === story.authorId;
  return {
    ID: story.id,
    title: story.title,
    content: view.list ? story.content.slice(0, LIST_CONTENT_CHARS) : story.content,
    ...(view.list ? { content_truncated: story.content.length > LIST_CONTENT_CHARS } : {}),
    version: story.version ?? 1,
    story_type: story.storyType,
    location: story.location ?? null,
    start_date: story.startDate ?? null,
    end_date: story.endDate ?? null,
    created_at: story.createdAt,
    CreatedAt: story.createdAt,
    updated_at: story.updatedAt,
    // Audio and narration arrive in later issues; the media key becomes a secure-url path then.
    audio_url: story.audioKey ?? null,
    // A voice id is its owner's alone: anyone else learns only who speaks (docs/voice.md).
    narration_voice_id: isOwner ? (story.narrationVoiceId ?? null) : null,
    narration_voice_label: narrationVoiceLabel(story),
    // Part of the story: whoever may read the story reads its transcript, nobody else (docs/stories.md).
    transcript:
      story.storyType === 'audio' ? toTranscriptDto(story.transcript, view.list ? undefined : view.transcript) : null,
    is_public: story.isPublic,
    is_private: !story.isPublic,
    allow_comments: story.allowComments,
    share_token: view.seesLinkToken ? (story.shareToken ?? null) : null,
    author: { id: story.authorId, username: story.authorUsername },
    comments: (view.comments ?? []).map((c) =>
      toCommentDto(c, view.viewerId !== undefined && (isOwner || c.authorId === view.viewerId)),
    ),
    ...(view.commentsNextCursor !== undefined ? { comments_next_cursor: view.commentsNextCursor } : {}),
    shared_with: (view.shares ?? []).map(toShareDto),
    permissions: view.permissions,
    ...(view.sharedPermission ? { shared_permission: view.sharedPermission } : {}),
    ...(view.adminList ? { User: { Username: story.authorUsername } } : {}),
    ...(view.photos ? { photos: toPhotoDtos(view.photos, isOwner) } : {}),
    cover_photo: toCoverDto(story),
  };
}

/** Who speaks a story's narration, said without the voice's id; null when it has none. */
export function narrationVoiceLabel(story: StoryRecord): string | null {
  if (story.storyType !== 'text' || !story.audioKey || !story.narrationVoiceId) return null;
  if (story.narrationVoiceOwn) return voiceText.narratedInStorytellersVoice;
  return story.narrationVoiceName ? voiceText.narratedByPremade(story.narrationVoiceName) : voiceText.narratedByAiVoice;
}

export function toShareDto(share: ShareRecord): ShareDto {
  return { id: share.id, permission: share.permission, SharedWith: { username: share.username } };
}

export function toCommentDto(comment: CommentRecord, canDelete: boolean): CommentDto {
  return {
    id: comment.id,
    text: comment.text,
    created_at: comment.createdAt,
    author: { id: comment.authorId, username: comment.authorUsername },
    can_delete: canDelete,
  };
}

/** Lists on public routes: no token, no shares, no comments, nothing to manage. */
export const publicListView: StoryView = {
  seesLinkToken: false,
  permissions: { manage: false, comment: false },
  list: true,
};
