import { fallback } from '@storyloom/shared/messages';
import type { ChangePasswordResponse } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useMutation } from '#web/lib/queries.ts';

/**
 * PUT /api/profile {current_password, new_password} -> {message: 'Profile updated successfully!', token,
 * refresh_token, expires_in}. The change ends every session, this one too, so the fresh tokens must replace
 * the stored ones (docs/accounts.md, "Sessions end when they should"); otherwise the next call is refused.
 */
export function changePassword(input: { current_password: string; new_password: string }) {
  return api.put<ChangePasswordResponse>('/api/profile', input, { fallback: fallback.updateProfile });
}

export function useChangePassword() {
  const { login } = useAuth();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      if (answer?.token) login(answer);
    },
  });
}
