import type { Role } from '@storyloom/shared/constants';
import { accountText } from '@storyloom/shared/messages';
import type { AdminUser, AdminUsersResponse } from '@storyloom/shared/schemas/auth';
import { setPoolAdmin } from '../../adapters/user-pool-admin.ts';
import { decodeCursor, encodeCursor } from '../../data/cursor.ts';
import { keys } from '../../data/keys.ts';
import {
  addAdmin,
  ensureAdminCounter,
  getUser,
  listUsers,
  reserveAdminLeave,
  setUserRole,
  type UserRecord,
} from '../../data/users.ts';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';

const toAdminUser = (user: UserRecord): AdminUser => ({
  ID: user.id,
  Username: user.username,
  Email: user.email,
  role: user.role,
  CreatedAt: user.createdAt,
});

/** GET /api/admin/users: one page, newest first; `next_cursor` fetches the next page. */
export async function listUsersForAdmin(limit: number, cursor?: string): Promise<AdminUsersResponse> {
  const page = await listUsers(limit, cursor ? decodeUsersCursor(cursor) : undefined);
  return { users: page.users.map(toAdminUser), next_cursor: page.next ? encodeCursor(page.next) : null };
}

/**
 * PUT /api/admin/users/role: the user record (what the API checks) and the Cognito admin group (what
 * tokens carry) together; if the group change fails the record is put back. There is always one admin:
 * a demotion first takes one off the admin counter, conditionally on another admin remaining
 * (data/users.ts), so two admins demoting themselves at once cannot both succeed.
 */
export async function changeUserRole(actorId: string, userId: string, role: Role): Promise<AdminUser> {
  const user = await getUser(userId);
  if (!user) throw new NotFound(accountText.userNotFound);
  if (user.role === role) return toAdminUser(user);
  const leaving = role !== 'admin';
  if (leaving) {
    if (!(await reserveAdminLeave())) throw new ValidationFailed(accountText.lastAdmin);
  } else {
    await ensureAdminCounter();
  }
  // Conditional on the role we read: of two racing changes, one moves the counter.
  if (!(await setUserRole(userId, role, user.role))) {
    if (leaving) await addAdmin();
    const now = await getUser(userId);
    if (!now) throw new NotFound(accountText.userNotFound);
    return toAdminUser(now);
  }
  if (!leaving) await addAdmin();
  try {
    await setPoolAdmin(userId, role === 'admin');
  } catch (error) {
    await setUserRole(userId, user.role);
    if (leaving) await addAdmin();
    else await reserveAdminLeave();
    throw error;
  }
  logger.info('role changed', { actorId, userId, role });
  return toAdminUser({ ...user, role });
}

/** A cursor of the admin user list (gsi1 'USERS' partition), or 400. */
function decodeUsersCursor(cursor: string): Record<string, string> {
  const key = decodeCursor(cursor, { index: 'gsi1', partition: keys.allUsersPartition() });
  if (!key) throw new ValidationFailed(accountText.invalidCursor);
  return key;
}
