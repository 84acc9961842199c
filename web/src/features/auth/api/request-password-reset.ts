import { fallback } from '@storyloom/shared/messages';
import type { EmailOnlyInput } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /request-password-reset {email} -> {message}, the same whether or not the account exists. */
export function requestPasswordReset(input: EmailOnlyInput): Promise<{ message?: string } | undefined> {
  return api.post('/request-password-reset', input, { fallback: fallback.resetEmail });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
