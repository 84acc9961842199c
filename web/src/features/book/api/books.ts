import type { BooksResponse, ListenStoryDto, MakeBookInput } from '@storyloom/shared/book';
import type { KeepsakeBuildDto, KeepsakeDownloadResponse, KeepsakeLatestResponse } from '@storyloom/shared/keepsake';
import { bookText } from '@storyloom/shared/messages/book';
import type { MyStoriesResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';

/** How often the page asks how the book is coming along while it is being made. */
const POLL_MS = 1500;

export const bookKeys = {
  all: ['book'] as const,
  stories: () => [...bookKeys.all, 'stories'] as const,
  latest: () => [...bookKeys.all, 'latest'] as const,
  list: () => [...bookKeys.all, 'list'] as const,
  listen: (token: string, storyId: string) => [...bookKeys.all, 'listen', token, storyId] as const,
};

/** Every story of the storyteller (all pages of GET /api/stories): the book's choices. */
async function getAllMyStories(signal?: AbortSignal): Promise<StoryDto[]> {
  const stories: StoryDto[] = [];
  let cursor: string | null = null;
  do {
    const page: MyStoriesResponse = await api.get<MyStoriesResponse>('/api/stories', {
      query: { cursor: cursor ?? undefined },
      signal,
      fallback: bookText.loadFailed,
    });
    stories.push(...page.stories);
    cursor = page.next_cursor;
  } while (cursor);
  return stories;
}

export function useBookStories() {
  return useQuery({ queryKey: bookKeys.stories(), queryFn: ({ signal }) => getAllMyStories(signal) });
}

const working = (build: KeepsakeBuildDto | null | undefined) =>
  build?.status === 'queued' || build?.status === 'running';

/** GET /api/keepsake/book/latest, polled while the book is being made (so a reload picks it up again). */
export function useLatestBook() {
  return useQuery({
    queryKey: bookKeys.latest(),
    queryFn: ({ signal }) =>
      api.get<KeepsakeLatestResponse>('/api/keepsake/book/latest', { signal, fallback: bookText.loadFailed }),
    refetchInterval: (query) => (working(query.state.data?.build) ? POLL_MS : false),
  });
}

/** GET /api/keepsake/books: the storyteller's books with their listening links. */
export function useBooks() {
  return useQuery({
    queryKey: bookKeys.list(),
    queryFn: ({ signal }) => api.get<BooksResponse>('/api/keepsake/books', { signal, fallback: bookText.loadFailed }),
  });
}

/** POST /api/keepsake/book: starts making a book (and a retry of a failed one). */
export function useMakeBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MakeBookInput) =>
      api.post<KeepsakeBuildDto>('/api/keepsake/book', input, { fallback: bookText.startFailed }),
    onSuccess: (build) => {
      client.setQueryData<KeepsakeLatestResponse>(bookKeys.latest(), { build });
      void client.invalidateQueries({ queryKey: bookKeys.list() });
    },
  });
}

/** DELETE /api/keepsake/books/{id}/link: the book's QR codes stop playing. */
export function useRevokeBookLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) =>
      api.delete<{ message: string }>(`/api/keepsake/books/${encodeURIComponent(bookId)}/link`, {
        fallback: bookText.revokeFailed,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookKeys.list() }),
  });
}

/** A fresh secure URL of a finished book (owner only). */
export function getBookDownload(bookId: string): Promise<KeepsakeDownloadResponse> {
  return api.get<KeepsakeDownloadResponse>(`/api/keepsake/book/builds/${encodeURIComponent(bookId)}/download`, {
    fallback: bookText.loadFailed,
  });
}

/** GET /public/listen/{token}/{storyId}: a printed story's audio, for anyone holding the book. */
export function useListenStory(token: string, storyId: string) {
  return useQuery({
    queryKey: bookKeys.listen(token, storyId),
    queryFn: ({ signal }) =>
      api.get<ListenStoryDto>(`/public/listen/${encodeURIComponent(token)}/${encodeURIComponent(storyId)}`, {
        signal,
        fallback: bookText.listenLoadFailed,
      }),
    retry: false,
  });
}
