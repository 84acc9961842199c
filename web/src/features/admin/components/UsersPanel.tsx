import { ROLES, type Role } from '@storyloom/shared/constants';
import { fallback } from '@storyloom/shared/messages';
import type { AdminUser } from '@storyloom/shared/schemas/auth';
import { useState } from 'react';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { formatLongDate } from '#web/lib/format.ts';
import { getUsers } from '../api/get-users.ts';
import { updateUserRole } from '../api/update-user-role.ts';
import { useCursorList } from '../hooks/use-cursor-list.ts';
import { AdminTable } from './AdminTable.tsx';
import { LoadMore } from './LoadMore.tsx';
import { ShortId } from './ShortId.tsx';

const roleLabel: Record<Role, string> = { user: 'User', admin: 'Admin' };

async function loadUsers(cursor: string | null, signal: AbortSignal) {
  const page = await getUsers(cursor, signal);
  return { items: page.users, next_cursor: page.next_cursor };
}

/** User Management (spec section 6): ID, Username, Email, Role (applied at once on change), Joined. */
export function UsersPanel() {
  const toast = useToast();
  const { user: me, refreshUser } = useAuth();
  const list = useCursorList<AdminUser>(loadUsers, fallback.adminUsers);
  const [saving, setSaving] = useState<string | null>(null);

  const changeRole = async (user: AdminUser, role: Role) => {
    if (role === user.role) return;
    setSaving(user.ID);
    try {
      const { message, user: updated } = await updateUserRole(user.ID, role);
      list.setItems((all) => all.map((u) => (u.ID === updated.ID ? updated : u)));
      toast.success(message);
      // Someone who just removed their own admin role should leave this page.
      if (me && updated.ID === me.ID) await refreshUser();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : fallback.adminRole);
    } finally {
      setSaving(null);
    }
  };

  if (list.status === 'loading') return <Spinner label="Loading users…" className="page-spinner" />;
  if (list.status === 'error') return <LoadError message={list.error ?? fallback.adminUsers} onRetry={list.reload} />;

  return (
    <>
      <AdminTable
        caption="Users"
        count={list.items.length}
        hasMore={list.hasMore}
        columns={['ID', 'Username', 'Email', 'Role', 'Joined']}
      >
        {list.items.map((user) => (
          <tr key={user.ID} data-user-id={user.ID}>
            <td>
              <ShortId id={user.ID} />
            </td>
            <td className="cell-strong">{user.Username}</td>
            <td className="cell-wrap">{user.Email}</td>
            <td>
              <select
                className="table-select"
                aria-label={`Role for ${user.Username}`}
                value={user.role}
                disabled={saving === user.ID}
                aria-busy={saving === user.ID}
                onChange={(event) => changeRole(user, event.target.value === 'admin' ? 'admin' : 'user')}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel[role]}
                  </option>
                ))}
              </select>
            </td>
            <td className="cell-nowrap">
              <time dateTime={user.CreatedAt}>{formatLongDate(user.CreatedAt)}</time>
            </td>
          </tr>
        ))}
      </AdminTable>
      {list.items.length === 0 && <p>No users yet.</p>}
      <LoadMore list={list} what="Users" />
    </>
  );
}
