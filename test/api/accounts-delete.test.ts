import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DELETE_CODE_MAX_ATTEMPTS } from '@storyloom/shared/constants';
import { accountText, success, validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import {
  apiAs,
  loginAs,
  registerAndLogin,
  type TestUser,
  waitForDeletionCode,
  waitForLinkToken,
} from '../support/users.ts';

useServerEnv();
const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
const { s3 } = await import('@storyloom/functions/lib/clients/s3');
const { config } = await import('@storyloom/functions/lib/config');

/** Every table item that mentions the user (id, username or email, in any case). A Scan: tests only. */
async function itemsMentioning(user: TestUser): Promise<Record<string, unknown>[]> {
  const needles = [user.id, user.username, user.email].map((s) => s.toLowerCase());
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (needles.some((n) => text.includes(n))) found.push(item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

async function mediaOf(userId: string): Promise<string[]> {
  const { Contents = [] } = await s3.send(
    new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: `users/${userId}/` }),
  );
  return Contents.map((o) => o.Key!);
}

async function requestCode(user: TestUser & { token: string }, seen: string[] = []): Promise<string> {
  const res = await apiAs(user, 'POST', '/api/profile/request-delete-account');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: success.deletionCodeSent });
  return waitForDeletionCode(user.email, seen);
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('account deletion', () => {
  it('refuses a wrong code, then deletes everything of the user with the right one', async () => {
    const user = await registerAndLogin();
    // Leave traces everywhere: media objects, a reset link, a pending verification link.
    for (const key of [`users/${user.id}/profile.png`, `users/${user.id}/voice/sample.wav`]) {
      await s3.send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, Body: 'x' }));
    }
    await api('POST', '/request-password-reset', { body: { email: user.email }, localAddress: '127.0.10.1' });
    await waitForLinkToken(user.email, '/reset-password');
    expect(await mediaOf(user.id)).toHaveLength(2);
    expect((await itemsMentioning(user)).length).toBeGreaterThan(0);

    const code = await requestCode(user);
    const wrong = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: wrongCodeFor(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: accountText.deleteCodeInvalid });

    const res = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: success.accountDeleted });
    expect(res.text).not.toContain(code);

    const login = await api('POST', '/login', {
      body: { username: user.username, password: user.password },
      localAddress: '127.0.10.2',
    });
    expect(login.status).toBe(401);
    // The old ID token is still signed and unexpired, but its user is gone.
    expect((await apiAs(user, 'GET', '/api/profile')).status).toBe(401);
    expect(await itemsMentioning(user)).toEqual([]);
    expect(await mediaOf(user.id)).toEqual([]);
  });

  it('frees the username and email for a new account', async () => {
    const user = await registerAndLogin();
    const code = await requestCode(user);
    expect((await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code })).status).toBe(200);
    const again = await api('POST', '/register', {
      body: { username: user.username, email: user.email, password: 'second-life' },
      localAddress: '127.0.10.3',
    });
    expect(again.status).toBe(201);
  });

  it(`voids the code after ${DELETE_CODE_MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const user = await registerAndLogin();
    const code = await requestCode(user);
    for (let i = 0; i < DELETE_CODE_MAX_ATTEMPTS; i++) {
      const res = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: wrongCodeFor(code) });
      expect(res.status).toBe(400);
    }
    const late = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: accountText.deleteCodeInvalid });
    await loginAs(user);

    // A new request gives a fresh code with fresh attempts; the old code stays void.
    const fresh = await requestCode(user, [code]);
    expect((await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code })).status).toBe(400);
    expect((await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: fresh })).status).toBe(200);
  });

  it('refuses a confirmation without any requested code', async () => {
    const user = await registerAndLogin();
    const res = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: accountText.deleteCodeInvalid });
  });

  it.each([
    ['no code', {}],
    ['a 5-digit code', { token: '12345' }],
    ['a 7-digit code', { token: '1234567' }],
  ])('rejects %s with the spec message', async (_label, body) => {
    const user = await registerAndLogin();
    const res = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: validation.deleteCode });
  });

  it('does not let one user use another user’s code', async () => {
    const alice = await registerAndLogin();
    const bob = await registerAndLogin();
    const code = await requestCode(alice);
    const res = await apiAs(bob, 'POST', '/api/profile/confirm-delete-account', { token: code });
    expect(res.status).toBe(400);
    expect((await apiAs(alice, 'GET', '/api/profile')).status).toBe(200);
  });

  it('is 401 without a token', async () => {
    expect((await api('POST', '/api/profile/request-delete-account')).status).toBe(401);
    expect((await api('POST', '/api/profile/confirm-delete-account', { body: { token: '123456' } })).status).toBe(401);
  });
});
