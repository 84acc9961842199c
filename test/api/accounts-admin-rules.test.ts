import { accountText } from '@storyloom/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { createAdmin } from '../support/users.ts';

/**
 * "The last admin cannot demote themselves" depends on every admin in the table, which test files
 * running in parallel change. So the rule runs in-process against the real table and user pool, with
 * only the admins query answered by the test: no other file's admins are touched.
 */
const admins = vi.hoisted(() => ({ ids: [] as string[] }));
vi.mock('@storyloom/functions/data/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@storyloom/functions/data/users')>()),
  listAdminIds: async () => admins.ids,
}));

useServerEnv();
const { changeUserRole } = await import('@storyloom/functions/domain/accounts/admin');
const { getUser } = await import('@storyloom/functions/data/users');

describe('the last admin', () => {
  it('cannot demote themselves, and stays admin', async () => {
    const admin = await createAdmin();
    admins.ids = [admin.id];
    await expect(changeUserRole(admin.id, admin.id, 'user')).rejects.toMatchObject({
      status: 400,
      message: accountText.lastAdmin,
    });
    expect((await getUser(admin.id))?.role).toBe('admin');
  });

  it('can step down when another admin exists', async () => {
    const admin = await createAdmin();
    const other = await createAdmin();
    admins.ids = [admin.id, other.id];
    await expect(changeUserRole(admin.id, admin.id, 'user')).resolves.toMatchObject({ ID: admin.id, role: 'user' });
    expect((await getUser(admin.id))?.role).toBe('user');
  });

  it('can still demote another admin, and promote users', async () => {
    const admin = await createAdmin();
    const other = await createAdmin();
    admins.ids = [admin.id];
    await expect(changeUserRole(admin.id, other.id, 'user')).resolves.toMatchObject({ role: 'user' });
    await expect(changeUserRole(admin.id, other.id, 'admin')).resolves.toMatchObject({ role: 'admin' });
  });
});
