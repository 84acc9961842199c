import * as z from 'zod/mini';
import { bookText } from './messages/book.ts';
import { textMessages } from './messages/fields.ts';
import { controlCheck, hasVisibleText, isStorableText, requiredText, stripBidi } from './schemas/fields.ts';
import { STORY_ID_PATTERN } from './schemas/stories.ts';

/** "Make a book" (issue #21, docs/keepsake.md "A printed book"): limits, request and answer shapes. */
export const BOOK_TITLE_MAX = 120;
export const BOOK_DEDICATION_MAX = 1000;
/** The most stories one book holds (the bench makes 200; a few hundred pages of contents would be absurd). */
export const BOOK_STORIES_MAX = 1000;
export const BOOK_PAGE_SIZES = ['letter', 'a5'] as const;
export type BookPageSizeName = (typeof BOOK_PAGE_SIZES)[number];
/** Book listening-link tokens: 32 random bytes, base64url (43 characters). */
export const BOOK_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/keepsake/books. `story_ids` omitted: every story of the storyteller. */
export const makeBookSchema = z.object({
  title: requiredText(bookText.titleRequired, BOOK_TITLE_MAX, 'The title'),
  dedication: z.optional(
    z.pipe(
      z.nullable(
        z
          .string()
          .check(
            stripBidi(),
            z.trim(),
            z.maxLength(BOOK_DEDICATION_MAX, bookText.dedicationTooLong(BOOK_DEDICATION_MAX)),
            z.refine(isStorableText, textMessages.unsupported),
            controlCheck(true),
          ),
      ),
      z.transform((v) => (v && hasVisibleText(v) ? v : undefined)),
    ),
  ),
  page_size: z.enum(BOOK_PAGE_SIZES, { error: bookText.pageSizeInvalid }),
  story_ids: z.optional(
    z
      .array(z.string().check(z.regex(STORY_ID_PATTERN, bookText.storyNotYours)), { error: bookText.storiesRequired })
      .check(
        z.minLength(1, bookText.storiesRequired),
        z.maxLength(BOOK_STORIES_MAX, bookText.storiesTooMany(BOOK_STORIES_MAX)),
      ),
  ),
});
export type MakeBookInput = z.infer<typeof makeBookSchema>;

/** /listen/{token}/{storyId}: anything else is simply not a book's story (404). */
export const listenParamsSchema = z.object({
  token: z.string().check(z.regex(BOOK_LINK_TOKEN_PATTERN, bookText.listenNotFound)),
  storyId: z.string().check(z.regex(STORY_ID_PATTERN, bookText.listenNotFound)),
});

/** GET /public/listen/{token}/{storyId}: what a logged-out listener gets for one story of a book. */
export interface ListenStoryDto {
  story_id: string;
  title: string;
  author: string;
  /** 'Jan 5, 1962 – Mar 3, 1965', or '' when the story has no dates. */
  period: string;
  location: string | null;
  book_title: string;
  /** A short-lived secure URL of the recording or narration. */
  audio: { secure_url: string; expires_in: number };
  narrated: boolean;
}

/** {id} of /api/keepsake/books/{id}/...: a build id; anything else is no book of the caller's (404). */
export const bookParamsSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, bookText.bookNotFound)),
});

/** One of the owner's books on the Make a book page, with its listening link's state. */
export interface BookSummaryDto {
  id: string;
  title: string;
  page_size: BookPageSizeName;
  /** Chosen stories (all of them when the storyteller kept the default). */
  story_count: number | null;
  created_at: string;
  /** The build's status as GET /api/keepsake/book/latest reports it. */
  status: 'queued' | 'running' | 'done' | 'failed';
  downloadable: boolean;
  /** `none`: the build has not made its link yet (or failed before). */
  link: 'live' | 'revoked' | 'none';
}

/** GET /api/keepsake/books: the caller's books, newest first. */
export interface BooksResponse {
  books: BookSummaryDto[];
}
