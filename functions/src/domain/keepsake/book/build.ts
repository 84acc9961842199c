import { PassThrough } from 'node:stream';
import { makeBookSchema } from '@storyloom/shared/book';
import { inBookOrder } from '@storyloom/shared/book-order';
import { bookText } from '@storyloom/shared/messages/book';
import { deleteItems } from '../../../data/items.ts';
import { keepsakeResultTagging } from '../../../data/keepsake-builds.ts';
import { keys } from '../../../data/keys.ts';
import { headMedia } from '../../../data/media.ts';
import { uploadMediaStream } from '../../../data/media-streams.ts';
import { getStories, listStoryIdsByAuthor, type StoryRecord } from '../../../data/stories.ts';
import { getUser } from '../../../data/users.ts';
import { type KeepsakeBuildContext, KeepsakeBuildError, type KeepsakeResult } from '../builder.ts';
import { bookLinksOf, createBookLink, hashBookLinkToken, listenUrl, newBookLinkToken } from './link.ts';
import { formatMadeOn, formatPeriod } from './period.ts';
import { type BookStory, BookWriter } from './render.ts';
import { storyPhotos, storyText } from './sources.ts';

/**
 * The book's builder (keepsake kind "book", run by the media worker, docs/keepsake.md "A printed book"):
 * the owner's chosen stories in date order, a new listening link for the stories with audio, then the
 * PDF streamed straight into the build's result object.
 */
export async function buildBook(ctx: KeepsakeBuildContext): Promise<KeepsakeResult> {
  const { build } = ctx;
  const parsed = makeBookSchema.safeParse(build.options ?? {});
  if (!parsed.success) throw new KeepsakeBuildError(bookText.optionsInvalid, false, bookText.optionsInvalid);
  const options = parsed.data;
  await ctx.progress(0, 1, bookText.steps.collecting);

  const ids = options.story_ids ?? (await listStoryIdsByAuthor(build.ownerId));
  // Only the owner's own stories, and only those still there (one deleted since the choice is left out).
  const stories = inBookOrder((await getStories(ids)).filter((story) => story.authorId === build.ownerId));
  if (stories.length === 0) throw new KeepsakeBuildError(bookText.nothingToPrint, false, bookText.nothingToPrint);
  const owner = await getUser(build.ownerId);
  const author = owner?.username ?? stories[0]?.authorUsername ?? '';

  const token = await newLinkFor(build.ownerId, build.id, options.title, stories);
  try {
    const chosen: BookStory[] = [];
    for (const story of stories) chosen.push(await toBookStory(story, token));

    const writer = new BookWriter({
      title: options.title,
      dedication: options.dedication,
      author,
      madeOn: formatMadeOn(new Date()),
      pageSize: options.page_size,
      stories: chosen,
    });
    const fileName = `${fileSlug(options.title)}.pdf`;
    const key = ctx.resultKey(fileName);
    // 1 MB of buffer between the writer and the upload; the writer waits for it to drain (render.ts).
    const output = new PassThrough({ highWaterMark: 1024 * 1024 });
    writer.pipeTo(output);
    const upload = uploadMediaStream(key, output, 'application/pdf', {
      signal: ctx.signal,
      tagging: keepsakeResultTagging,
    });
    // An upload that fails stops the writer (its output closes); a writer that fails ends the upload.
    upload.catch((error: unknown) => output.destroy(error as Error));
    try {
      await writer.write((done) => ctx.progress(done, chosen.length, bookText.steps.stories));
    } catch (error) {
      output.destroy(error as Error);
      await upload.catch(() => undefined);
      throw error;
    }
    await upload;
    await ctx.progress(chosen.length, chosen.length, bookText.steps.finishing);
    const head = await headMedia(key);
    return { key, fileName, sizeBytes: head?.size ?? 0 };
  } catch (error) {
    // A book that was not made leaves no link behind (its token was never handed out).
    await deleteItems([keys.bookLink(hashBookLinkToken(token))]).catch(() => undefined);
    throw error;
  }
}

/**
 * One listening link per book. A retried build prints a new token, so the link an earlier attempt
 * made (never handed out: its PDF was not finished) is removed first.
 */
async function newLinkFor(ownerId: string, bookId: string, title: string, stories: readonly StoryRecord[]) {
  const earlier = (await bookLinksOf(ownerId)).get(bookId);
  if (earlier) await deleteItems([keys.bookLink(earlier.tokenHash)]);
  const token = newBookLinkToken();
  const storyIds = stories.filter((story) => story.audioKey).map((story) => story.id);
  await createBookLink(token, { bookId, ownerId, title, storyIds });
  return token;
}

async function toBookStory(story: StoryRecord, token: string): Promise<BookStory> {
  return {
    id: story.id,
    title: story.title,
    period: formatPeriod(story.startDate, story.endDate),
    place: story.location,
    text: await storyText(story),
    listenUrl: story.audioKey ? listenUrl(token, story.id) : undefined,
    photos: await storyPhotos(story),
  };
}

/** A download name from the title: letters, digits and dashes only. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'book';
}
