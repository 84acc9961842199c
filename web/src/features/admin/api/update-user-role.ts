import type { Role } from '@storyloom/shared/constants';
import { fallback } from '@storyloom/shared/messages';
import type { AdminRoleResponse } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';

/** PUT /api/admin/users/role {user_id, role}: applied at once. */
export function updateUserRole(userId: string, role: Role): Promise<AdminRoleResponse> {
  return api.put<AdminRoleResponse>(
    '/api/admin/users/role',
    { user_id: userId, role },
    { fallback: fallback.adminRole },
  );
}
