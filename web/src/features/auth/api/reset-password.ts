import { fallback } from '@storyloom/shared/messages';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /reset-password {token, new_password} -> {message}. */
export function resetPassword(input: {
  token: string;
  new_password: string;
}): Promise<{ message?: string } | undefined> {
  return api.post('/reset-password', input, { fallback: fallback.resetFailed });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** The link itself was refused (used, replaced or expired), as opposed to the new password. */
export function isInvalidResetLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    typeof error.data === 'object' &&
    error.data !== null &&
    'valid' in error.data &&
    error.data.valid === false
  );
}
