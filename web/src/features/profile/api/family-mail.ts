import { familyMailText } from '@storyloom/shared/messages/family-mail';
import type { FamilyMailSettings } from '@storyloom/shared/schemas/family-mail';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';

/** The family-loop email (docs/family-loop.md): settings on the profile and the pages its links open. */

const settingsKey = ['profile', 'family-mail'] as const;

/** GET /api/profile/family-mail -> {weekly_day, digest}. */
export function useFamilyMailSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () =>
      api.get<FamilyMailSettings>('/api/profile/family-mail', { fallback: familyMailText.settingsLoadFailed }),
  });
}

/** PUT /api/profile/family-mail -> {message, settings}. */
export function useSaveFamilyMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FamilyMailSettings) =>
      api.put<{ message: string; settings: FamilyMailSettings }>('/api/profile/family-mail', input, {
        fallback: familyMailText.settingsSaveFailed,
      }),
    onSuccess: (data) => {
      if (data) client.setQueryData(settingsKey, data.settings);
    },
  });
}

export type AnswerLinkResult = { needs_login: true } | { prompt_id: string };

/**
 * POST /api/family-mail/answer-link {token}: checked once per token and session (the key holds
 * whether the caller is signed in, so logging in asks again). Never retried: a refused link stays refused.
 */
export function useAnswerLink(token: string | null, signedIn: boolean, enabled: boolean) {
  return useQuery({
    queryKey: ['family-mail', 'answer-link', token, signedIn],
    queryFn: () =>
      api.post<AnswerLinkResult>('/api/family-mail/answer-link', { token }, { fallback: familyMailText.linkInvalid }),
    enabled: token !== null && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/family-mail/unsubscribe-link {token} -> {list}: what the link would stop (changes nothing). */
export function useUnsubscribeLink(token: string | null) {
  return useQuery({
    queryKey: ['family-mail', 'unsubscribe-link', token],
    queryFn: () =>
      api.post<{ list: 'weekly' | 'digest' }>(
        '/api/family-mail/unsubscribe-link',
        { token },
        { fallback: familyMailText.linkInvalid },
      ),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/family-mail/unsubscribe?token= -> {message, already}: the same call a mail provider makes. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ message: string; already: boolean }>('/api/family-mail/unsubscribe', undefined, {
        query: { token },
        fallback: familyMailText.linkInvalid,
      }),
  });
}
