// Types only from shared/interactive (its zod schemas stay out of the SPA's pages); texts from messages.
import type {
  AskedQuestionDto,
  InteractiveSessionDto,
  QuestionAnswerDto,
  ReadAlongDto,
} from '@storyloom/shared/interactive';
import { interactiveText } from '@storyloom/shared/messages/interactive';
import { api, apiUrl } from '#web/lib/api-client.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';
import { getToken } from '#web/lib/token-storage.ts';

/**
 * Who is listening, which decides the family of routes (docs/interactive.md): signed in on `/api` (the owner,
 * or a person the story is shared with by name: `owner` false), a share link's (or public story's) listener
 * on `/shared`.
 */
export type ListenTarget = { kind: 'account'; storyId: string; owner: boolean } | { kind: 'shared'; token: string };

const base = (target: ListenTarget) => (target.kind === 'account' ? '/api/interactive' : '/shared/interactive');
const subject = (target: ListenTarget) => (target.kind === 'account' ? target.storyId : target.token);

export function startSession(target: ListenTarget): Promise<InteractiveSessionDto> {
  return api.post<InteractiveSessionDto>(`${base(target)}/start/${encodeURIComponent(subject(target))}`, undefined, {
    fallback: interactiveText.startFailed,
  });
}

export function askQuestion(
  target: ListenTarget,
  sessionId: string,
  question: string,
  askedAt: number,
  follows: readonly number[] = [],
): Promise<QuestionAnswerDto> {
  return api.post<QuestionAnswerDto>(
    `${base(target)}/question/${sessionId}`,
    { question, asked_at: askedAt, ...(follows.length ? { follows } : {}) },
    { fallback: interactiveText.answerFailed, signal: AbortSignal.timeout(30_000) },
  );
}

/**
 * Asking a question: the pending state is the "Asking…" button, the error the overlay's alert. `follows`: the
 * sentences the previous answer cited, so "what year was that" is asked about them (docs/interactive.md).
 */
export function useAskQuestion(target: ListenTarget) {
  return useMutation({
    mutationFn: (input: { sessionId: string; question: string; askedAt: number; follows: readonly number[] }) =>
      askQuestion(target, input.sessionId, input.question, input.askedAt, input.follows),
  });
}

export function reportTime(target: ListenTarget, sessionId: string, seconds: number): Promise<unknown> {
  return api.put(`${base(target)}/time/${sessionId}`, { current_time: Math.max(0, Math.floor(seconds)) });
}

/**
 * Ends a session, also while the page goes away: `fetch` with `keepalive` outlives the page and, unlike
 * `sendBeacon` (POST only, no headers), can send the DELETE with the owner's token.
 */
export function endSession(target: ListenTarget, sessionId: string): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = target.kind === 'account' ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  void fetch(apiUrl(`${base(target)}/end/${sessionId}`), {
    method: 'DELETE',
    headers,
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/** The sentences of a narrated story and when the narration starts each (read-along). */
export const readAlongQueryOptions = (target: ListenTarget) =>
  queryOptions({
    queryKey: ['read-along', target.kind, subject(target)],
    queryFn: () => api.get<ReadAlongDto>(`${base(target)}/read-along/${encodeURIComponent(subject(target))}`),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function useReadAlong(target: ListenTarget | null) {
  return useQuery({
    ...readAlongQueryOptions(target ?? { kind: 'shared', token: '' }),
    enabled: target !== null,
  });
}

const askedKey = (storyId: string) => ['asked-questions', storyId] as const;

/** What listeners asked that the story did not answer (the owner's story page). */
export function useAskedQuestions(storyId: string) {
  return useQuery({
    queryKey: askedKey(storyId),
    queryFn: () => api.get<{ questions: AskedQuestionDto[] }>(`/api/interactive/questions/${storyId}`),
  });
}

export function useDismissAskedQuestion(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) => api.delete(`/api/interactive/questions/${storyId}/${questionId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: askedKey(storyId) }),
  });
}
