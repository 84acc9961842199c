import {
  type AddPhotoInput,
  photoText,
  type StoryPhotoDto,
  type StoryPhotosResponse,
  type UpdatePhotoInput,
} from '@storyloom/shared/photos';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';
import { storyKeys, updateCachedStory } from './get-story.ts';

/** A story's photos (docs/media.md, "Photos"): the list, and the owner's changes. */
const base = (storyId: string) => `/api/stories/${encodeURIComponent(storyId)}`;
export const photoKeys = { list: (storyId: string) => ['stories', 'photos', storyId] as const };

/** While the worker makes variants, the list is asked again this often. */
const PROCESSING_POLL_MS = 1500;

/**
 * The story's photos, starting from the ones its view carried; asked again while any is processing, and
 * each answer is written into the cached story too (the gallery reads it there).
 */
export function useStoryPhotos(storyId: string, initial: readonly StoryPhotoDto[] | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: photoKeys.list(storyId),
    queryFn: async ({ signal }) => {
      const { photos } = await api.get<StoryPhotosResponse>(`${base(storyId)}/photos`, {
        signal,
        fallback: photoText.loadFailed,
      });
      updateCachedStory(client, storyId, (story) => ({ ...story, photos }));
      return photos;
    },
    initialData: initial ? [...initial] : undefined,
    refetchInterval: (query) => (query.state.data?.some((p) => p.status === 'processing') ? PROCESSING_POLL_MS : false),
  });
}

/** Every change answers the story's photos in order: the list and the story are updated from it. */
function usePhotoChange<I>(storyId: string, send: (input: I) => Promise<StoryPhotosResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ photos }) => {
      client.setQueryData(photoKeys.list(storyId), photos);
      updateCachedStory(client, storyId, (story: StoryDto) => ({ ...story, photos }));
      // Cards show the first photo: the lists may have a new cover.
      return client.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}

export const useAddPhoto = (storyId: string) =>
  usePhotoChange(storyId, (input: AddPhotoInput) =>
    api.post<StoryPhotosResponse>(`${base(storyId)}/photos`, input, { fallback: photoText.addFailed }),
  );

export const useUpdatePhoto = (storyId: string) =>
  usePhotoChange(storyId, ({ photoId, ...input }: UpdatePhotoInput & { photoId: string }) =>
    api.put<StoryPhotosResponse>(`${base(storyId)}/photos/${encodeURIComponent(photoId)}`, input, {
      fallback: photoText.saveFailed,
    }),
  );

export const useRemovePhoto = (storyId: string) =>
  usePhotoChange(storyId, (photoId: string) =>
    api.delete<StoryPhotosResponse>(`${base(storyId)}/photos/${encodeURIComponent(photoId)}`, {
      fallback: photoText.removeFailed,
    }),
  );

export const useReorderPhotos = (storyId: string) =>
  usePhotoChange(storyId, (photoIds: string[]) =>
    api.put<StoryPhotosResponse>(
      `${base(storyId)}/photo-order`,
      { photo_ids: photoIds },
      { fallback: photoText.orderFailed },
    ),
  );
