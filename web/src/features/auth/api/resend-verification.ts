import type { EmailOnlyInput } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/**
 * POST /resend-verification {email} -> {message}, the same for any address. The login and register
 * screens each have their own fallback text (spec section 8), so the caller passes it.
 */
export function resendVerification(
  input: EmailOnlyInput,
  fallbackText: string,
): Promise<{ message?: string } | undefined> {
  return api.post('/resend-verification', input, { fallback: fallbackText });
}

export function useResendVerification(fallbackText: string) {
  return useMutation({ mutationFn: (input: EmailOnlyInput) => resendVerification(input, fallbackText) });
}
