import { useState } from 'react';
import { infiniteQueryOptions, type QueryKey, useInfiniteQuery } from '#web/lib/queries.ts';

/** A page of a list the server pages by `next_cursor` (null on the last page). */
export interface CursorPage {
  next_cursor: string | null;
}

/** What a "Load more" button needs of a paged list (an infinite query's result has all of it). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
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

/**
 * The rest of a list whose first page came inside another answer (the stories shared with the user
 * on the dashboard, the newest comments of a story): nothing is fetched until "Load more", then a page
 * from `start` per click. `pages` are the extra pages in order; `more` drives the LoadMore button.
 */
export function useMorePages<K extends QueryKey, P extends CursorPage>(
  queryKey: K,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<P>,
  start: string | null,
): { pages: P[]; more: MorePages } {
  const [requested, setRequested] = useState(false);
  const query = useInfiniteQuery({
    ...cursorPagesOptions([...queryKey, start] as const, fetchPage),
    initialPageParam: start,
    enabled: requested && start !== null,
  });
  const more: MorePages = query.data
    ? query
    : {
        hasNextPage: start !== null,
        isFetchingNextPage: query.isFetching,
        isFetchNextPageError: query.isError,
        error: query.error,
        fetchNextPage: () => setRequested(true),
      };
  return { pages: query.data?.pages ?? [], more };
}
