import { fallback } from '@storyloom/shared/messages';
import type { RegisterInput } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /register {username, email, password} -> 201 {message}; the account still needs its email verified. */
export function registerAccount(input: RegisterInput): Promise<{ message?: string } | undefined> {
  return api.post('/register', input, { fallback: fallback.register });
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
