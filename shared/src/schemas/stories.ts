import * as z from 'zod/mini';
import {
  ADMIN_STORIES_PAGE_MAX,
  COMMENT_MAX,
  PUBLIC_PAGE_SIZE,
  PUBLIC_PAGE_SIZE_MAX,
  SHARE_PERMISSIONS,
  STORY_CONTENT_MAX,
  STORY_LOCATION_MAX,
  STORY_TITLE_MAX,
  USERNAME_MAX,
} from '../constants.ts';
import { textMessages } from '../messages/fields.ts';
import { storyMessages } from '../messages/stories.ts';
import { validation } from '../messages.ts';
import type { CoverPhotoDto, StoryPhotoDto } from '../photos.ts';
import type { TranscriptDto } from '../transcripts.ts';
import { controlCheck, hasVisibleText, isStorableText, stripBidi, withoutBidiControls } from './fields.ts';

/**
 * Story payloads (spec sections 3, 5, 7). Dates are calendar dates `YYYY-MM-DD` (from <input type="date">)
 * or null; the spec shows them as US dates.
 */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export { storyMessages };

const isRealDate = (s: string) => {
  if (!DATE_PATTERN.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A date or null; blank strings become null (the edit form sends "dates or null"). */
const dateField = z.optional(
  z.pipe(
    z.nullable(z.string({ error: storyMessages.date })),
    z.pipe(
      z.transform((v: string | null) => (v?.trim() ? v.trim() : null)),
      z.nullable(z.string().check(z.refine(isRealDate, storyMessages.date))),
    ),
  ),
);

/**
 * Titles and names: no control characters (no CR/LF that could reach a header), no NUL or broken
 * characters, and something visible once invisible characters are removed (else `blank`). Bidi controls
 * are stripped before (`stripBidi`, fields.ts).
 */
const oneLine = (blank: string) => [
  z.refine<string>(isStorableText, textMessages.unsupported),
  z.refine<string>(hasVisibleText, blank),
  controlCheck(false),
];

/** Optional text, trimmed (`''` clears it). Multi-line text (an audio description) keeps its line breaks. */
export const optionalTrimmed = (max: number, message: string, opts: { multiLine?: boolean } = {}) =>
  z.optional(
    z.pipe(
      z.nullable(z.string()),
      z.pipe(
        z.transform((v: string | null) => {
          const trimmed = withoutBidiControls(v ?? '').trim();
          return hasVisibleText(trimmed) ? trimmed : '';
        }),
        z
          .string()
          .check(
            z.maxLength(max, message),
            z.refine(isStorableText, textMessages.unsupported),
            controlCheck(opts.multiLine === true),
          ),
      ),
    ),
  );

/** A story title, trimmed, one line, visible (`required` is the spec's text for the screen that sends it). */
export const storyTitleField = (required: string) =>
  z.pipe(
    z.string({ error: required }),
    z
      .string()
      .check(
        stripBidi(),
        z.trim(),
        z.minLength(1, required),
        z.maxLength(STORY_TITLE_MAX, storyMessages.titleMax),
        ...oneLine(required),
      ),
  );

/** The optional description of an audio story (its `content`): trimmed, line breaks kept. */
export const storyDescriptionField = () =>
  optionalTrimmed(STORY_CONTENT_MAX, storyMessages.contentMax, { multiLine: true });

const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;

/** POST /api/stories (a text story). */
export const createStorySchema = z
  .object({
    title: storyTitleField(validation.storyTitleCreate),
    content: z.pipe(
      z.string({ error: validation.storyContentCreate }),
      z
        .string()
        .check(
          stripBidi(),
          z.trim(),
          z.minLength(1, validation.storyContentCreate),
          z.maxLength(STORY_CONTENT_MAX, storyMessages.contentMax),
          z.refine(isStorableText, textMessages.unsupported),
          z.refine(hasVisibleText, validation.storyContentCreate),
          controlCheck(true),
        ),
    ),
    location: optionalTrimmed(STORY_LOCATION_MAX, storyMessages.locationMax),
    start_date: dateField,
    end_date: dateField,
  })
  .check(z.refine(datesInOrder, storyMessages.dateOrder));
export type CreateStoryInput = z.infer<typeof createStorySchema>;

/**
 * PUT /api/stories/{id}. Content may be empty here because audio stories have an optional description;
 * the server requires it for text stories ('Story content is required for text stories').
 */
export const updateStorySchema = z
  .object({
    title: storyTitleField(validation.storyTitleEdit),
    content: storyDescriptionField(),
    location: optionalTrimmed(STORY_LOCATION_MAX, storyMessages.locationMax),
    start_date: dateField,
    end_date: dateField,
    /**
     * The `version` of the story the edit was based on (from the story the form loaded). An older one
     * than the stored story's is refused with 409 `{ error, current }`; leaving it out overwrites.
     */
    version: z.optional(
      z.number({ error: storyMessages.version }).check(z.int(storyMessages.version), z.gte(1, storyMessages.version)),
    ),
  })
  .check(z.refine(datesInOrder, storyMessages.dateOrder));
export type UpdateStoryInput = z.infer<typeof updateStorySchema>;

/** PUT /api/stories/{id}/privacy. is_private is the inverse of is_public; the server trusts is_public. */
export const privacySchema = z.object({
  is_public: z.boolean({ error: 'is_public must be true or false' }),
  is_private: z.optional(z.boolean({ error: 'is_private must be true or false' })),
  allow_comments: z.optional(z.boolean({ error: 'allow_comments must be true or false' })),
});
export type PrivacyInput = z.infer<typeof privacySchema>;

/** POST /api/stories/{id}/share. */
export const shareSchema = z.object({
  username: z.pipe(
    z.string({ error: validation.shareUsername }),
    z
      .string()
      .check(z.trim(), z.minLength(1, validation.shareUsername), z.maxLength(USERNAME_MAX, storyMessages.noSuchUser)),
  ),
  permission: z._default(z.enum(SHARE_PERMISSIONS, { error: storyMessages.permission }), 'read'),
});
export type ShareInput = z.infer<typeof shareSchema>;

/** A family comment on a story (the spec carries comments but shows no screen: docs/stories.md). */
export const commentSchema = z.object({
  text: z.pipe(
    z.string({ error: storyMessages.commentRequired }),
    z
      .string()
      .check(
        stripBidi(),
        z.trim(),
        z.minLength(1, storyMessages.commentRequired),
        z.maxLength(COMMENT_MAX, storyMessages.commentMax),
        z.refine(isStorableText, textMessages.unsupported),
        z.refine(hasVisibleText, storyMessages.commentRequired),
        controlCheck(true),
      ),
  ),
});

const intParam = (fallback: number, min: number, max: number, message: string) =>
  z.pipe(
    z.optional(z.string()),
    z.pipe(
      z.transform((v: string | undefined) =>
        v === undefined || v === '' ? fallback : /^\d+$/.test(v) ? Number(v) : Number.NaN,
      ),
      z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message)),
    ),
  );

/** GET /public/stories?page&limit. */
export const pageQuerySchema = z.object({
  page: intParam(1, 1, 100_000, storyMessages.page),
  limit: intParam(PUBLIC_PAGE_SIZE, 1, PUBLIC_PAGE_SIZE_MAX, storyMessages.limit),
});

const cursorParam = z.optional(
  z.string().check(z.maxLength(2000, storyMessages.cursor), z.regex(/^[A-Za-z0-9_-]+$/, storyMessages.cursor)),
);

/** A page of a list: `limit` (default and maximum `max`) and the previous page's `next_cursor`. */
export const listPageQuerySchema = (fallback: number, max: number) =>
  z.object({
    limit: intParam(fallback, 1, max, storyMessages.listLimit(max)),
    cursor: cursorParam,
  });

/** GET /api/stories?limit&cursor (own stories; the first page also carries the first shared ones). */
export const MY_STORIES_PAGE_MAX = 100;
export const myStoriesQuerySchema = listPageQuerySchema(MY_STORIES_PAGE_MAX, MY_STORIES_PAGE_MAX);
/** GET /api/shared-with-me?limit&cursor, and `shared_stories` on the first page of GET /api/stories. */
export const SHARED_PAGE_MAX = 50;
export const sharedWithMeQuerySchema = listPageQuerySchema(SHARED_PAGE_MAX, SHARED_PAGE_MAX);
/** GET /public/author/{id}?limit&cursor */
export const AUTHOR_PAGE_MAX = 100;
export const authorQuerySchema = listPageQuerySchema(AUTHOR_PAGE_MAX, AUTHOR_PAGE_MAX);

/** GET /api/admin/stories?limit&cursor: newest first; `cursor` is the previous page's `next_cursor`. */
export const adminStoriesQuerySchema = z.object({
  limit: intParam(ADMIN_STORIES_PAGE_MAX, 1, ADMIN_STORIES_PAGE_MAX, storyMessages.adminLimit),
  cursor: z.optional(
    z.string().check(z.maxLength(2000, storyMessages.cursor), z.regex(/^[A-Za-z0-9_-]+$/, storyMessages.cursor)),
  ),
});

/** Story ids are lower-case UUIDs (crypto.randomUUID). */
export const STORY_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Comment ids sort by time: 9 base-36 digits of the epoch milliseconds, then 16 hex digits. */
export const COMMENT_ID_PATTERN = /^[0-9a-z]{9}[0-9a-f]{16}$/;
/** Share ids name their story: `<storyId>.<12 base64url characters>`. */
export const SHARE_ID_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{12}$/;
/** Share-link tokens: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const pathId = (pattern: RegExp, message: string) =>
  z.string({ error: message }).check(z.maxLength(100, message), z.regex(pattern, message));

/** {id} of /api/stories/{id}/... and /api/admin/stories/{id}/... */
export const storyParamsSchema = z.object({ id: pathId(STORY_ID_PATTERN, storyMessages.storyId) });
/** /api/stories/{id}/comments/{commentId} */
export const commentParamsSchema = z.object({
  id: pathId(STORY_ID_PATTERN, storyMessages.storyId),
  commentId: pathId(COMMENT_ID_PATTERN, storyMessages.commentId),
});
/** /api/shares/{shareId} */
export const shareParamsSchema = z.object({ shareId: pathId(SHARE_ID_PATTERN, storyMessages.shareId) });
/** /api/shared-with-me/{storyId} */
export const sharedWithMeParamsSchema = z.object({ storyId: pathId(STORY_ID_PATTERN, storyMessages.storyId) });
/**
 * /shared/{shareToken}: a link token, or the id of a public story (the discovery card's fallback). Any
 * other value is a 404 with the spec's text, decided in the domain so a bad token and an expired one look alike.
 */
export const sharedParamsSchema = z.object({ shareToken: z.string() });
/** /public/author/{id}: user ids are Cognito usernames; anything else cannot be an author (404). */
export const authorParamsSchema = z.object({ id: z.string() });

/** PUT /api/admin/stories/{id}/privacy. */
export const adminPrivacySchema = z.object({ is_public: z.boolean({ error: 'is_public must be true or false' }) });

/** Story as the API returns it (spec section 3; both created_at and CreatedAt appear). */
export interface StoryDto {
  ID: string;
  title: string;
  content: string;
  /** In lists: true when `content` is only the first LIST_CONTENT_CHARS characters. */
  content_truncated?: boolean;
  /** 1 when created, +1 on each content edit; send it back with PUT /api/stories/{id} (409 when older). */
  version: number;
  story_type: 'text' | 'audio';
  location: string | null;
  start_date: string | null;
  end_date: string | null;
  created_at: string;
  CreatedAt: string;
  updated_at: string;
  audio_url: string | null;
  /** Only for the story's owner (whose voice it is, or a premade one); null for everyone else. */
  narration_voice_id: string | null;
  /** Who speaks the narration, for every reader ("Narrated in the storyteller's voice (AI)"); null without one. */
  narration_voice_label: string | null;
  /** Audio stories: the transcript (lists: its start), null while there is none (docs/stories.md, "Transcripts"). */
  transcript?: TranscriptDto | null;
  is_public: boolean;
  is_private: boolean;
  allow_comments: boolean;
  share_token: string | null;
  author: { id: string; username: string };
  /** Single-story views carry the newest comments (up to 100, oldest first among them) … */
  comments: CommentDto[];
  /** … and, when older ones exist, the cursor for GET /api/stories/{id}/comments (or /shared/{token}/comments). */
  comments_next_cursor?: string | null;
  shared_with: ShareDto[];
  /** What the caller may do: lets the SPA show or hide panels without guessing. */
  permissions: {
    manage: boolean;
    comment: boolean;
    /** Single-story views: may listen interactively on the signed-in routes (the owner, a share by name). */
    listen?: boolean;
  };
  /** Only in `shared_stories`: the permission the owner gave the caller. */
  shared_permission?: 'read' | 'comment';
  /** Admin list only. */
  User?: { Username: string };
  /** Single-story views: the story's photos in order (docs/media.md, "Photos"). */
  photos?: StoryPhotoDto[];
  /** The first ready photo's thumbnail, for cards; null when the story has none. */
  cover_photo?: CoverPhotoDto | null;
}

export interface CommentDto {
  id: string;
  text: string;
  created_at: string;
  author: { id: string; username: string };
  can_delete?: boolean;
}

export interface ShareDto {
  id: string;
  permission: 'read' | 'comment';
  SharedWith: { username: string };
}

export interface PaginationDto {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

/**
 * GET /api/stories: one page of the caller's own stories (newest first; `next_cursor` fetches the next)
 * and, on the first page, the first page of the stories shared with them (`shared_next_cursor` goes on
 * with GET /api/shared-with-me?cursor=).
 */
export interface MyStoriesResponse {
  stories: StoryDto[];
  next_cursor: string | null;
  shared_stories: StoryDto[];
  shared_next_cursor: string | null;
}

/** GET /api/shared-with-me: one page of the stories shared with the caller, newest share first. */
export interface SharedWithMeResponse {
  stories: StoryDto[];
  next_cursor: string | null;
}

/** GET /api/stories/{id}/comments and /shared/{token}/comments: older comments, a page at a time. */
export interface StoryCommentsResponse {
  /** Oldest first within the page; the next page (next_cursor) holds older ones still. */
  comments: CommentDto[];
  next_cursor: string | null;
}
/** ?limit&cursor of the comment pages. */
export const COMMENTS_PAGE_MAX = 100;
export const commentsQuerySchema = listPageQuerySchema(COMMENTS_PAGE_MAX, COMMENTS_PAGE_MAX);
/** /shared/{shareToken}/comments */
export const sharedCommentsParamsSchema = z.object({ shareToken: z.string() });

/** 409 of PUT /api/stories/{id}: the edit was based on an older version; `current` is the stored story. */
export interface StoryConflictResponse {
  error: string;
  current: StoryDto;
}

/** GET /public/stories */
export interface PublicStoriesResponse {
  stories: StoryDto[];
  pagination: PaginationDto;
}

/** GET /public/author/{id}: the author's public stories, newest first, a page at a time. */
export interface AuthorPageResponse {
  author: { id: string; username: string; profile_image_url: string | null };
  stories: StoryDto[];
  next_cursor: string | null;
}

/** POST /api/stories/{id}/share */
export interface ShareResponse {
  message: string;
  share: ShareDto;
}

/** POST /api/stories/{id}/share-link */
export interface ShareLinkResponse {
  message: string;
  share_url: string;
  share_token: string;
}

/** GET /api/admin/stories */
export interface AdminStoriesResponse {
  stories: StoryDto[];
  /** Pass as `?cursor=` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** POST /api/stories/{id}/comments */
export interface CommentResponse {
  message: string;
  comment: CommentDto;
}
