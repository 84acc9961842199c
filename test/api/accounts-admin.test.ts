import { accountText, serverText } from '@storyloom/shared/messages';
import type { AdminRoleResponse, AdminUsersResponse } from '@storyloom/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { apiAs, createAdmin, loginAs, registerAndLogin, registerVerifiedUser } from '../support/users.ts';

useServerEnv();
const { listAdminIds } = await import('@storyloom/functions/data/users');

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('admin routes', () => {
  it('are 401 without a token and 403 for a non-admin', async () => {
    const user = await registerAndLogin();
    expect((await api('GET', '/api/admin/users')).status).toBe(401);
    expect((await api('PUT', '/api/admin/users/role', { body: { user_id: user.id, role: 'admin' } })).status).toBe(401);
    const list = await apiAs(user, 'GET', '/api/admin/users');
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ error: serverText.forbidden });
    const promote = await apiAs(user, 'PUT', '/api/admin/users/role', { user_id: user.id, role: 'admin' });
    expect(promote.status).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with ID, Username, Email, role and CreatedAt, page by page', async () => {
    const admin = { ...(await createAdmin()) };
    const { token } = await loginAs(admin);
    const older = await registerVerifiedUser();
    const newer = await registerVerifiedUser();

    const first = await api<AdminUsersResponse>('GET', '/api/admin/users?limit=1', { token });
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(1);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(Object.keys(first.body.users[0]!).sort()).toEqual(['CreatedAt', 'Email', 'ID', 'Username', 'role']);

    // Walk the pages until both new users have been seen; the newer one comes first.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page = await api<AdminUsersResponse>('GET', `/api/admin/users${query}`, { token });
      expect(page.status).toBe(200);
      seen.push(...page.body.users.map((u) => u.ID));
      cursor = page.body.next_cursor;
    } while (cursor && !(seen.includes(older.id) && seen.includes(newer.id)));
    expect(seen.indexOf(newer.id)).toBeLessThan(seen.indexOf(older.id));

    const all = await api<AdminUsersResponse>('GET', '/api/admin/users?limit=100', { token });
    const row = all.body.users.find((u) => u.ID === older.id);
    expect(row).toEqual({
      ID: older.id,
      Username: older.username,
      Email: older.email,
      role: 'user',
      CreatedAt: expect.any(String),
    });
  });

  it.each([['0'], ['101'], ['abc'], ['-1']])('rejects limit=%s with 400', async (limit) => {
    const admin = await createAdmin();
    const { token } = await loginAs(admin);
    expect((await api('GET', `/api/admin/users?limit=${limit}`, { token })).status).toBe(400);
  });

  it('rejects a forged cursor with 400', async () => {
    const admin = await createAdmin();
    const { token } = await loginAs(admin);
    const forged = Buffer.from(
      JSON.stringify({ pk: 'USER#x', sk: 'PROFILE', gsi1pk: 'STORIES', gsi1sk: 'x' }),
    ).toString('base64url');
    for (const cursor of [forged, 'not-base64-json']) {
      const res = await api('GET', `/api/admin/users?cursor=${cursor}`, { token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: accountText.invalidCursor });
    }
  });
});

describe('PUT /api/admin/users/role', () => {
  it('promotes a user (record and Cognito group) and demotes them again, at once', async () => {
    const admin = await createAdmin();
    const { token } = await loginAs(admin);
    const user = await registerAndLogin();

    const promote = await api<AdminRoleResponse>('PUT', '/api/admin/users/role', {
      token,
      body: { user_id: user.id, role: 'admin' },
    });
    expect(promote.status).toBe(200);
    expect(promote.body).toEqual({
      message: accountText.roleUpdated,
      user: { ID: user.id, Username: user.username, Email: user.email, role: 'admin', CreatedAt: expect.any(String) },
    });
    // The existing token works for admin routes at once (the record decides); a new token carries the group.
    expect((await apiAs(user, 'GET', '/api/admin/users')).status).toBe(200);
    expect(claimsOf((await loginAs(user)).token)['cognito:groups']).toEqual(['admin']);
    expect((await apiAs(user, 'GET', '/api/profile')).body.role).toBe('admin');

    const demote = await api('PUT', '/api/admin/users/role', { token, body: { user_id: user.id, role: 'user' } });
    expect(demote.status).toBe(200);
    expect((await apiAs(user, 'GET', '/api/admin/users')).status).toBe(403);
    expect(claimsOf((await loginAs(user)).token)['cognito:groups']).toBeUndefined();
  });

  it('lets an admin step down while another admin exists (the last-admin rule: accounts-admin-rules.test.ts)', async () => {
    const admin = await createAdmin();
    const { token } = await loginAs(admin);
    const other = await createAdmin();
    const stepDown = await api('PUT', '/api/admin/users/role', { token, body: { user_id: admin.id, role: 'user' } });
    expect(stepDown.status).toBe(200);
    expect((await api('GET', '/api/admin/users?limit=1', { token })).status).toBe(403);
    expect(await listAdminIds(1000)).toContain(other.id);
    expect(await listAdminIds(1000)).not.toContain(admin.id);
  });

  it.each([
    ['an unknown role', { role: 'owner' }, 400],
    ['no role', {}, 400],
    ['no user id', { user_id: undefined, role: 'user' }, 400],
    ['an unknown user', { user_id: '00000000-0000-4000-8000-000000000000', role: 'admin' }, 404],
  ])('rejects %s', async (_label, patch, status) => {
    const admin = await createAdmin();
    const { token } = await loginAs(admin);
    const user = await registerVerifiedUser();
    const res = await api('PUT', '/api/admin/users/role', { token, body: { user_id: user.id, ...patch } });
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
  });
});
