import { fallback } from '@storyloom/shared/messages';
import type { AdminUsersResponse } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';

/** GET /api/admin/users, newest first; pass the previous page's `next_cursor` for more. */
export function getUsers(cursor: string | null, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return api.get<AdminUsersResponse>('/api/admin/users', {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: fallback.adminUsers,
  });
}
