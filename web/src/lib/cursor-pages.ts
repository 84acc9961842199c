import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** A page of a list the server pages by `next_cursor` (null on the last page). */
export interface CursorPage {
  next_cursor: string | null;
}

/**
 * Query options for a list paged by cursor ("Load more"): the first page, then the next by the last
 * page's `next_cursor`. Always fresh on arrival (admin lists change under the reader).
 */
export function cursorPagesOptions<K extends QueryKey, P extends CursorPage>(
  queryKey: K,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<P>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}
