import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountText } from '@storyloom/shared/messages';
import type { LoginResponse } from '@storyloom/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';

/**
 * "There is always one admin" depends on every admin in the table, which the run's shared stack has
 * many of (other files make them concurrently). This file starts a local stack of its own, so it can
 * be the only admin there is, and drives it through the API as the app does.
 */
let stack: LocalStack;
let dataDir: string;
let registration: typeof import('@storyloom/functions/domain/accounts/registration');
let users: typeof import('@storyloom/functions/data/users');
let n = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storyloom-admins-'));
  stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
  registration = await import('@storyloom/functions/domain/accounts/registration');
  users = await import('@storyloom/functions/data/users');
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${stack.url}/backend${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function newAdmin(role: 'admin' | 'user' = 'admin') {
  const username = `adm${++n}${Date.now().toString(36)}`;
  const password = 'admin-password';
  const user = await registration.createUser({
    username,
    email: `${username}@example.com`,
    password,
    role,
    emailVerified: true,
  });
  const login = await call('POST', '/login', undefined, { username, password });
  return { ...user, token: (login.body as unknown as LoginResponse).token };
}

const demote = (actor: { token: string }, userId: string) =>
  call('PUT', '/api/admin/users/role', actor.token, { user_id: userId, role: 'user' });

const tokenOf = new Map<string, string>();

describe('there is always one admin', () => {
  it('the last admin can neither step down nor delete their account', async () => {
    const only = await newAdmin();
    tokenOf.set(only.id, only.token);
    const stepDown = await demote(only, only.id);
    expect(stepDown.status).toBe(400);
    expect(stepDown.body).toEqual({ error: accountText.lastAdmin });
    const leave = await call('POST', '/api/profile/request-delete-account', only.token);
    expect(leave.status).toBe(400);
    expect(leave.body).toEqual({ error: accountText.lastAdminDelete });
    expect((await users.getUser(only.id))?.role).toBe('admin');
  });

  it('of two admins demoting themselves at once, exactly one succeeds', async () => {
    const [only] = await users.listAdminIds(10);
    const other = await newAdmin();
    tokenOf.set(other.id, other.token);
    const results = await Promise.all([demote({ token: tokenOf.get(only!)! }, only!), demote(other, other.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body).toEqual({ error: accountText.lastAdmin });
    expect(await users.listAdminIds(10)).toHaveLength(1);
  });

  it('refuses the last admin’s deletion when the other admin stepped down before the code was confirmed', async () => {
    const [remaining] = await users.listAdminIds(10);
    const owner = tokenOf.get(remaining!)!;
    const helper = await newAdmin('user');
    expect((await call('PUT', '/api/admin/users/role', owner, { user_id: helper.id, role: 'admin' })).status).toBe(200);
    // With two admins, the remaining one may ask for a deletion code…
    expect((await call('POST', '/api/profile/request-delete-account', owner)).status).toBe(200);
    // …but the helper steps down before the code is confirmed.
    expect((await demote(helper, helper.id)).status).toBe(200);
    const confirm = await call('POST', '/api/profile/confirm-delete-account', owner, { token: await deletionCode() });
    expect(confirm.status).toBe(400);
    expect(confirm.body).toEqual({ error: accountText.lastAdminDelete });
    expect((await users.getUser(remaining!))?.role).toBe('admin');
    expect(await users.listAdminIds(10)).toEqual([remaining]);
  });
});

async function deletionCode(): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${stack.url}/_local/mailbox.json`);
    const mails = (await res.json()) as Array<{ subject: string; text: string }>;
    const mail = mails.find((m) => /deletion code/i.test(m.subject));
    const code = mail && /^(\d{6})$/m.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no deletion code mailed');
}
