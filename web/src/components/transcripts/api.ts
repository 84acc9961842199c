// Types only from shared/transcripts (its zod schema stays out of the reading pages); texts from messages.
import { transcriptText } from '@storyloom/shared/messages/transcripts';
import type { TranscriptResponse } from '@storyloom/shared/transcripts';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';

/**
 * Transcript calls (docs/stories.md, "Transcripts"). The story page (features/stories) and the shared view
 * (features/discover) both show transcripts, and features may not import each other, so they live here.
 */
export const transcriptKeys = {
  detail: (storyId: string) => ['transcript', storyId] as const,
};

const path = (storyId: string) => `/api/stories/${encodeURIComponent(storyId)}/transcript`;

/** The owner's view: the transcript and the automatic transcription's state, polled while it runs. */
export function useTranscript(storyId: string) {
  return useQuery({
    queryKey: transcriptKeys.detail(storyId),
    queryFn: ({ signal }) => api.get<TranscriptResponse>(path(storyId), { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.job?.status;
      return status === 'queued' || status === 'transcribing' ? 2000 : false;
    },
  });
}

/** Saves a typed, pasted or corrected transcript; the story, its lists and its read-along are read again. */
export function useSaveTranscript(storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; version: string | null }) =>
      api.put<TranscriptResponse>(path(storyId), input, { fallback: transcriptText.saveFailed }),
    onSuccess: (saved) => {
      client.setQueryData(transcriptKeys.detail(storyId), saved);
      void client.invalidateQueries({ queryKey: ['stories'] });
      void client.invalidateQueries({ queryKey: ['read-along'] });
    },
  });
}
