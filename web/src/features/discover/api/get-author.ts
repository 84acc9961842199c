import { fallback } from '@storyloom/shared/messages';
import type { AuthorPageResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '#web/lib/queries.ts';

/** GET /public/author/{id}: the author and their public stories. */
export function getAuthor(id: string, signal?: AbortSignal): Promise<AuthorPageResponse> {
  return api.get<AuthorPageResponse>(`/public/author/${encodeURIComponent(id)}`, {
    signal,
    fallback: fallback.loadAuthor,
  });
}

export const authorQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['discover', 'author', id], queryFn: ({ signal }) => getAuthor(id, signal) });

export function useAuthor(id: string) {
  return useQuery(authorQueryOptions(id));
}
