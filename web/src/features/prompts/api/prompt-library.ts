import { promptText } from '@storyloom/shared/messages';
import type { OwnQuestionInput, PromptDto, PromptLibraryDto } from '@storyloom/shared/schemas/prompts';
import { promptKeys } from '#web/components/prompts/api.ts';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';

/** GET /api/prompts: every question for "Browse all", marked answered or hidden. */
export function usePromptLibrary() {
  return useQuery({
    queryKey: promptKeys.browse,
    queryFn: ({ signal }) => api.get<PromptLibraryDto>('/api/prompts', { signal, fallback: promptText.loadFailed }),
  });
}

/** POST /api/prompts/own: a question the storyteller writes for themself. */
export function useAddOwnQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OwnQuestionInput) =>
      api.post<{ message: string; prompt: PromptDto }>('/api/prompts/own', input, { fallback: promptText.loadFailed }),
    onSuccess: () => client.invalidateQueries({ queryKey: promptKeys.all }),
  });
}
