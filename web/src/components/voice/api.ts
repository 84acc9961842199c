import { VOICE_UPLOAD_TIMEOUT_MS } from '@storyloom/shared/constants';
import { fallback } from '@storyloom/shared/messages';
import {
  type AvailableVoiceDto,
  type CloneVoiceInput,
  NARRATION_FINAL,
  type NarrationDto,
  type UploadSampleResponse,
  type VoiceStatusDto,
} from '@storyloom/shared/voice';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';
import { uploadMedia } from '#web/lib/upload.ts';

/**
 * Server state of the voice calls (docs/voice.md): the profile's voice section and the story's
 * narration panel. Work runs on the server's queue: the status queries poll while it is not final.
 */
export const voiceKeys = {
  all: ['voice'] as const,
  status: ['voice', 'status'] as const,
  available: ['voice', 'available'] as const,
  narration: (storyId: string) => ['narration', storyId] as const,
};

const POLL_MS = 1000;

export function useVoiceStatus() {
  return useQuery({
    queryKey: voiceKeys.status,
    queryFn: ({ signal }) => api.get<VoiceStatusDto>('/api/voice/status', { signal, fallback: fallback.loadProfile }),
    refetchInterval: (query) => {
      const status = query.state.data?.clone_status;
      return status === 'queued' || status === 'cloning' ? POLL_MS : false;
    },
  });
}

export function useAvailableVoices(enabled = true) {
  return useQuery({
    queryKey: voiceKeys.available,
    queryFn: ({ signal }) =>
      api.get<{ voices: AvailableVoiceDto[] }>('/api/voice/available', { signal }).then((r) => r.voices),
    enabled,
  });
}

/** Uploads a sample straight to S3 (the media upload path), then has the server check and keep it. */
export function useUploadSample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      sample,
      name,
      onProgress,
      first,
    }: {
      sample: Blob;
      name: string;
      onProgress?: (f: number) => void;
      /** The first upload has the spec's 30-second time-out (section 9). */
      first?: boolean;
    }) => {
      const signal = first ? AbortSignal.timeout(VOICE_UPLOAD_TIMEOUT_MS) : undefined;
      const uploadKey = await uploadMedia('voice-sample', sample, {
        fallback: fallback.uploadVoice,
        name,
        onProgress,
        signal,
      });
      return api.post<UploadSampleResponse>(
        '/api/voice/upload-sample',
        { upload_key: uploadKey },
        { fallback: fallback.uploadVoice, signal },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: voiceKeys.all }),
  });
}

export function useCloneVoice(update: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CloneVoiceInput) =>
      api.post<VoiceStatusDto>('/api/voice/clone', input, {
        fallback: update ? fallback.updateVoice : fallback.cloneVoice,
      }),
    onSuccess: (status) => {
      client.setQueryData(voiceKeys.status, status);
      void client.invalidateQueries({ queryKey: voiceKeys.all });
    },
  });
}

export function useDeleteVoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>('/api/voice'),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useNarration(storyId: string, enabled = true) {
  return useQuery({
    queryKey: voiceKeys.narration(storyId),
    queryFn: ({ signal }) => api.get<NarrationDto>(`/api/voice/narrate/${encodeURIComponent(storyId)}`, { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data && !NARRATION_FINAL.has(query.state.data.status) ? POLL_MS : false),
  });
}

/** Generate, Regenerate and Retry: the story and every list reload after it (spec section 4). */
export function useNarrate(storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (voiceId: string) =>
      api.post<NarrationDto>(
        `/api/voice/narrate/${encodeURIComponent(storyId)}`,
        { voice_id: voiceId },
        { fallback: fallback.generateNarration },
      ),
    onSuccess: (narration) => {
      client.setQueryData(voiceKeys.narration(storyId), narration);
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'narration' });
    },
  });
}

export function useRemoveNarration(storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.put<NarrationDto>(`/api/stories/${encodeURIComponent(storyId)}/remove-narration`, undefined, {
        fallback: fallback.removeNarration,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}
