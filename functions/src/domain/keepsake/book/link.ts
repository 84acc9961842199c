import { createHash, randomBytes } from 'node:crypto';
import type { ListenStoryDto } from '@storyloom/shared/book';
import { SECURE_URL_TTL_SECONDS } from '@storyloom/shared/media';
import { bookText } from '@storyloom/shared/messages/book';
import {
  type BookLinkRecord,
  getBookLink,
  listBookLinksOfUser,
  putBookLink,
  revokeBookLink,
} from '../../../data/book-links.ts';
import { presignDownload } from '../../../data/media.ts';
import { getStory } from '../../../data/stories.ts';
import { config } from '../../../lib/config.ts';
import { AppError, NotFound } from '../../../lib/errors.ts';
import { formatPeriod } from './period.ts';

/**
 * A book's listening link (docs/keepsake.md, "A printed book"): the token printed in every QR code
 * of one book. It plays only the stories printed in that book, only while the owner has not turned it
 * off, and only their audio: the link grants no reading of the story page or anything else.
 */
export function newBookLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashBookLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The listen page's address for a story of a book, as printed in its QR code. */
export function listenUrl(token: string, storyId: string): string {
  return `${config.appUrl}/listen/${token}/${storyId}`;
}

/** Stores the link of a new book (a retried build with the same token keeps the first one). */
export async function createBookLink(
  token: string,
  book: { bookId: string; ownerId: string; title: string; storyIds: readonly string[] },
): Promise<void> {
  await putBookLink({
    tokenHash: hashBookLinkToken(token),
    bookId: book.bookId,
    ownerId: book.ownerId,
    storyIds: [...book.storyIds],
    bookTitle: book.title,
    createdAt: new Date().toISOString(),
  });
}

/** The owner's links by book id (the book page shows each book's link state). */
export async function bookLinksOf(ownerId: string): Promise<Map<string, BookLinkRecord>> {
  return new Map((await listBookLinksOfUser(ownerId)).map((link) => [link.bookId, link]));
}

/** Turns a book's link off for good; 404 for a book that is not the caller's. Idempotent. */
export async function revokeBookLinkOf(ownerId: string, bookId: string): Promise<void> {
  const link = (await bookLinksOf(ownerId)).get(bookId);
  if (!link) throw new NotFound(bookText.bookNotFound);
  await revokeBookLink(link.tokenHash, new Date().toISOString());
}

/** 410: the link existed and was turned off, so the page can say so instead of "not found". */
export class LinkRevoked extends AppError {
  constructor() {
    super(410, bookText.listenRevoked);
  }
}

/**
 * GET /public/listen/{token}/{storyId}: the story's title and a short-lived secure URL of its audio,
 * for anyone holding the book's token, only for a story printed in that book that still has audio.
 */
export async function listenToBookStory(token: string, storyId: string): Promise<ListenStoryDto> {
  const link = await getBookLink(hashBookLinkToken(token));
  if (!link) throw new NotFound(bookText.listenNotFound);
  if (link.revokedAt) throw new LinkRevoked();
  if (!link.storyIds.includes(storyId)) throw new NotFound(bookText.listenNotFound);
  const story = await getStory(storyId);
  // A story deleted since, or one that is no longer the book owner's, is not played.
  if (!story || story.authorId !== link.ownerId) throw new NotFound(bookText.listenNotFound);
  if (!story.audioKey?.startsWith(`users/${link.ownerId}/stories/${storyId}/`))
    throw new NotFound(bookText.listenNoAudio);
  return {
    story_id: story.id,
    title: story.title,
    author: story.authorUsername,
    period: formatPeriod(story.startDate, story.endDate),
    location: story.location ?? null,
    book_title: link.bookTitle,
    audio: {
      secure_url: await presignDownload(story.audioKey, SECURE_URL_TTL_SECONDS),
      expires_in: SECURE_URL_TTL_SECONDS,
    },
    narrated: story.storyType === 'text',
  };
}
