import type { PaginationDto, StoryDto } from '@storyloom/shared/schemas/stories';

/**
 * The discovery search (spec section 2): client-side, case-insensitive, over the loaded page, by
 * title, content, location or an audio story's transcript (its start, as lists carry it: docs/stories.md,
 * "Transcripts"). Surrounding spaces are ignored; a blank term matches everything.
 */
export function filterStories<T extends Pick<StoryDto, 'title' | 'content' | 'location' | 'transcript'>>(
  stories: readonly T[],
  term: string,
): T[] {
  const needle = term.trim().toLocaleLowerCase('en-US');
  if (!needle) return [...stories];
  return stories.filter((story) =>
    [story.title, story.content, story.location ?? '', story.transcript?.text ?? ''].some((field) =>
      field.toLocaleLowerCase('en-US').includes(needle),
    ),
  );
}

/** The page number in `?page=`: a whole number of at least 1, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The pagination texts (spec section 2): 'Page X of Y' and '(N stories total)'. */
export function paginationText(pagination: Pick<PaginationDto, 'page' | 'total' | 'total_pages'>): {
  position: string;
  total: string;
} {
  const pages = Math.max(1, pagination.total_pages);
  return {
    position: `Page ${pagination.page} of ${pages}`,
    total: `(${pagination.total} ${pagination.total === 1 ? 'story' : 'stories'} total)`,
  };
}

/** Pagination shows only with more than one page and no search under way (spec section 2). */
export function showPagination(pagination: Pick<PaginationDto, 'total_pages'>, term: string): boolean {
  return pagination.total_pages > 1 && term.trim() === '';
}

/** Where a discovery card leads: /shared/{share token, or the ID if there is none}. */
export function sharedKey(story: Pick<StoryDto, 'ID' | 'share_token'>): string {
  return story.share_token || story.ID;
}
