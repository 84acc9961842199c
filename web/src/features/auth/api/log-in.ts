import { fallback } from '@storyloom/shared/messages';
import type { LoginInput, LoginResponse } from '@storyloom/shared/schemas/auth';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /login {username (or email), password} -> the session's tokens. */
export function logIn(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', input, { fallback: fallback.login });
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}

/** A 403 login whose body says the email is not verified yet: the screen offers a new link. */
export function isEmailNotVerified(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    typeof error.data === 'object' &&
    error.data !== null &&
    'email_not_verified' in error.data &&
    error.data.email_not_verified === true
  );
}
