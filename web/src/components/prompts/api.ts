import { promptText } from '@storyloom/shared/messages/prompts';
import type { CanAskDto, FamilyQuestionsDto, PromptDto } from '@storyloom/shared/schemas/prompts';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';

/**
 * Server state of prompts and family questions used across features (docs/family-loop.md): the dashboard's
 * card and family list (stories), the answer screens (stories), "Ask {storyteller} a question" (the story
 * page and the author page). "Browse all" has its own calls in features/prompts.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  next: (exclude: readonly string[]) => ['prompts', 'next', exclude.join(',')] as const,
  one: (id: string) => ['prompts', 'one', id] as const,
  family: ['prompts', 'family'] as const,
  browse: ['prompts', 'browse'] as const,
  canAsk: (storytellerId: string) => ['family-questions', storytellerId] as const,
};

export interface NextPromptDto {
  prompt: PromptDto | null;
  cycled: boolean;
}

/** GET /api/prompts/next: the card's question, skipping the ones already shown (`exclude`). */
export function useNextPrompt(exclude: readonly string[]) {
  return useQuery({
    queryKey: promptKeys.next(exclude),
    queryFn: ({ signal }) =>
      api.get<NextPromptDto>('/api/prompts/next', {
        signal,
        fallback: promptText.loadFailed,
        query: exclude.length ? { exclude: exclude.join(',') } : undefined,
      }),
    // The previous question stays on the card while the next one loads: no empty flash.
    placeholderData: (previous) => previous,
  });
}

/** GET /api/prompts/{id}: the question an answer screen answers. */
export function usePrompt(id: string | null) {
  return useQuery({
    queryKey: promptKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<PromptDto>(`/api/prompts/${encodeURIComponent(id ?? '')}`, { signal, fallback: promptText.loadFailed }),
    enabled: id !== null,
  });
}

/** GET /api/prompts/family: "Questions from your family". */
export function useFamilyQuestions() {
  return useQuery({
    queryKey: promptKeys.family,
    queryFn: ({ signal }) =>
      api.get<FamilyQuestionsDto>('/api/prompts/family', { signal, fallback: promptText.loadFailed }),
  });
}

/**
 * POST /api/prompts/{id}/answered: the saved story answers the prompt. The lists and the card load again;
 * the answered question itself is not asked for again but given its answered state from the reply: a
 * listener's question is removed by answering it (a GET would be a 404), and the create screen that
 * answered it is still showing it while it moves on (Back within the cache's 30 s shows it answered).
 */
export function useMarkAnswered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ promptId, storyId }: { promptId: string; storyId: string }) =>
      api.post<{ message: string; prompt: PromptDto }>(
        `/api/prompts/${encodeURIComponent(promptId)}/answered`,
        { story_id: storyId },
        { fallback: promptText.loadFailed },
      ),
    onSuccess: ({ prompt }, { promptId, storyId }) => {
      const answered = promptKeys.one(promptId);
      client.setQueryData<PromptDto>(answered, { ...prompt, answered_story_id: storyId });
      // Not awaited: the screen moves on at once, and the lists it opens load their fresh copies.
      void client.invalidateQueries({
        queryKey: promptKeys.all,
        predicate: (query) => !sameKey(query.queryKey, answered),
      });
    },
  });
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

/** GET /api/family-questions/{id}: may the signed-in user ask this storyteller? */
export function useCanAsk(storytellerId: string, enabled = true) {
  return useQuery({
    queryKey: promptKeys.canAsk(storytellerId),
    queryFn: ({ signal }) =>
      api.get<CanAskDto>(`/api/family-questions/${encodeURIComponent(storytellerId)}`, {
        signal,
        fallback: promptText.askFailed,
      }),
    enabled,
  });
}

/** POST /api/family-questions/{id}: sends the storyteller a question. */
export function useAskQuestion(storytellerId: string) {
  return useMutation({
    mutationFn: (input: { text: string }) =>
      api.post<{ message: string; id: string }>(`/api/family-questions/${encodeURIComponent(storytellerId)}`, input, {
        fallback: promptText.askFailed,
      }),
  });
}

/** PUT /api/prompts/{id}/hidden: hides a question (or shows it again); the card and the lists follow. */
export function useHidePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api.put<{ message: string }>(
        `/api/prompts/${encodeURIComponent(id)}/hidden`,
        { hidden },
        { fallback: promptText.hideFailed },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: promptKeys.all }),
  });
}
