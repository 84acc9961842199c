import { fallback } from '@storyloom/shared/messages';
import type { AdminUser, AdminUsersResponse } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { cursorPagesOptions } from '#web/lib/cursor-pages.ts';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '#web/lib/queries.ts';

/** GET /api/admin/users, newest first; pass the previous page's `next_cursor` for more. */
export function getUsers(cursor: string | null, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return api.get<AdminUsersResponse>('/api/admin/users', {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: fallback.adminUsers,
  });
}

export const adminUsersKey = ['admin', 'users'] as const;

/** Every user, a page at a time ("Load More Users" fetches the next). */
export const adminUsersQueryOptions = () => cursorPagesOptions(adminUsersKey, getUsers);

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQueryOptions());
}

/** Replaces one user in the loaded pages with the server's answer. */
export function updateCachedUser(client: QueryClient, user: AdminUser): void {
  client.setQueryData<InfiniteData<AdminUsersResponse>>(adminUsersKey, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.map((u) => (u.ID === user.ID ? user : u)) })) }
      : data,
  );
}
