import type { BookPageSizeName, BookSummaryDto } from '@storyloom/shared/book';
import { listBuilds } from '../../../data/keepsake-builds.ts';
import { toBuildDto } from '../builds.ts';
import { bookLinksOf } from './link.ts';

/** How many of the newest books the page lists (each has its own link to turn off). */
const BOOKS_LISTED = 50;

/** GET /api/keepsake/books: the caller's books, newest first, each with its link's state. */
export async function listBooks(ownerId: string): Promise<BookSummaryDto[]> {
  const [builds, links] = await Promise.all([listBuilds(ownerId, 'book', BOOKS_LISTED), bookLinksOf(ownerId)]);
  return builds.map((build) => {
    const view = toBuildDto(build);
    const link = links.get(build.id);
    const options = build.options ?? {};
    return {
      id: build.id,
      title: typeof options.title === 'string' ? options.title : '',
      page_size: (options.page_size === 'letter' ? 'letter' : 'a5') satisfies BookPageSizeName,
      story_count: Array.isArray(options.story_ids) ? options.story_ids.length : null,
      created_at: build.createdAt,
      status: view.status,
      downloadable: view.downloadable,
      link: link ? (link.revokedAt ? 'revoked' : 'live') : 'none',
    };
  });
}
