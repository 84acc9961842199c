import type { Role } from '@storyloom/shared/constants';
import { fallback } from '@storyloom/shared/messages';
import type { AdminRoleResponse } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedUser } from './get-users.ts';

/** PUT /api/admin/users/role {user_id, role}: applied at once. */
export function updateUserRole(userId: string, role: Role): Promise<AdminRoleResponse> {
  return api.put<AdminRoleResponse>(
    '/api/admin/users/role',
    { user_id: userId, role },
    { fallback: fallback.adminRole },
  );
}

export function useUpdateUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => updateUserRole(userId, role),
    onSuccess: ({ user }) => updateCachedUser(client, user),
  });
}
