import { ROLES, type Role } from '@storyloom/shared/constants';
import { adminUsersText, fallback } from '@storyloom/shared/messages';
import type { AdminUser } from '@storyloom/shared/schemas/auth';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { errorText } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { formatLongDate } from '#web/lib/format.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { useUpdateUserRole } from '../api/update-user-role.ts';
import { AdminTable } from './AdminTable.tsx';
import { ShortId } from './ShortId.tsx';

const roleLabel: Record<Role, string> = adminUsersText.roles;

/** User Management (spec section 6): ID, Username, Email, Role (applied at once on change), Joined. */
export function UsersPanel() {
  const toast = useToast();
  const { user: me, refreshUser } = useAuth();
  const list = useAdminUsers();
  const role = useUpdateUserRole();
  const items = list.data?.pages.flatMap((p) => p.users) ?? [];
  const saving = role.isPending ? role.variables.userId : null;

  const changeRole = (user: AdminUser, next: Role) => {
    if (next === user.role) return;
    role.mutate(
      { userId: user.ID, role: next },
      {
        onSuccess: async ({ message, user: updated }) => {
          toast.success(message);
          // Someone who just removed their own admin role should leave this page.
          if (me && updated.ID === me.ID) await refreshUser();
        },
        onError: (err) => toast.error(errorText(err, fallback.adminRole)),
      },
    );
  };

  if (list.isPending) return <Spinner label="Loading users…" className="page-spinner" />;
  if (list.isError && !list.isFetchNextPageError) {
    const message = errorText(list.error, fallback.adminUsers);
    return <LoadError message={message} onRetry={() => void list.refetch()} />;
  }

  return (
    <>
      <AdminTable
        caption={adminUsersText.caption}
        count={items.length}
        hasMore={list.hasNextPage}
        columns={adminUsersText.columns}
      >
        {items.map((user) => (
          <tr key={user.ID} data-user-id={user.ID}>
            <td>
              <ShortId id={user.ID} />
            </td>
            <td className="cell-strong">{user.Username}</td>
            <td className="cell-wrap">{user.Email}</td>
            <td>
              <select
                className="table-select"
                aria-label={adminUsersText.roleLabel(user.Username)}
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
      {items.length === 0 && <p>{adminUsersText.none}</p>}
      <LoadMore list={list} what="Users" fallback={fallback.adminUsers} />
    </>
  );
}
