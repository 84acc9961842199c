import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** PUT /api/profile {current_password, new_password} -> {message: 'Profile updated successfully!'}. */
export function changePassword(input: {
  current_password: string;
  new_password: string;
}): Promise<{ message?: string } | undefined> {
  return api.put('/api/profile', input, { fallback: fallback.updateProfile });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
