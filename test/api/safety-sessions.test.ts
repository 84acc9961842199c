import { createSign } from 'node:crypto';
import { createRequire } from 'node:module';
import { accountText, success } from '@storyloom/shared/messages';
import type { ChangePasswordResponse, LoginResponse } from '@storyloom/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createAdmin, loginAs, registerVerifiedUser, waitForLinkToken } from '../support/users.ts';

/** Issue 11, "No one in": failed-login slots, sessions that end, tokens nobody else can mint. */
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const profileStatus = async (token: string) => (await api('GET', '/api/profile', { token })).status;
const refreshStatus = async (refresh_token: string) =>
  (await api('POST', '/refresh-token', { body: { refresh_token } })).status;

describe('failed-login limits under a burst', () => {
  it('evaluates at most 10 of 40 parallel wrong passwords; the owner still logs in from elsewhere', async () => {
    const user = await registerVerifiedUser();
    const guesser = '127.0.40.1';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api('POST', '/login', { body: { username: user.username, password: `guess-${i}` }, localAddress: guesser }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The right password from the guesser's client waits too; from the owner's device it works.
    const fromGuesser = await api('POST', '/login', {
      body: { username: user.username, password: user.password },
      localAddress: guesser,
    });
    expect(fromGuesser.status).toBe(429);
    await loginAs(user, { localAddress: '127.0.40.2' });
  });

  it('gives a right password its slot back, so successes never lock anyone', async () => {
    const user = await registerVerifiedUser();
    for (let i = 0; i < 15; i++) await loginAs(user, { localAddress: '127.0.40.3' });
  });
});

describe('sessions end when they should', () => {
  it('refuses an ID token and a refresh token issued before a password reset', async () => {
    const user = await registerVerifiedUser();
    const before = await loginAs(user);
    expect(await profileStatus(before.token)).toBe(200);
    const requested = await api('POST', '/request-password-reset', {
      body: { email: user.email },
      localAddress: '127.0.40.4',
    });
    expect(requested.status).toBe(200);
    const { token } = await waitForLinkToken(user.email, '/reset-password');
    const reset = await api('POST', '/reset-password', { body: { token, new_password: 'after-the-reset' } });
    expect(reset.status).toBe(200);

    expect(await profileStatus(before.token)).toBe(401);
    expect(await refreshStatus(before.refresh_token)).toBe(401);
    // A new login right away (same second) works.
    const after = await loginAs({ username: user.username, password: 'after-the-reset' });
    expect(await profileStatus(after.token)).toBe(200);
  });

  it('POST /logout ends every session of the user, on every device', async () => {
    const user = await registerVerifiedUser();
    const [phone, laptop] = [await loginAs(user), await loginAs(user)];
    const res = await api('POST', '/logout', { token: laptop.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: accountText.loggedOut });
    for (const session of [phone, laptop]) {
      expect(await profileStatus(session.token)).toBe(401);
      expect(await refreshStatus(session.refresh_token)).toBe(401);
    }
    expect((await api('POST', '/logout')).status).toBe(401);
    const again = await loginAs(user);
    expect(await profileStatus(again.token)).toBe(200);
  });

  it('a password change ends every other session; the tab that changed it carries on with fresh tokens', async () => {
    const user = await registerVerifiedUser();
    const other = await loginAs(user);
    const current = await loginAs(user);
    const res = await api<ChangePasswordResponse>('PUT', '/api/profile', {
      token: current.token,
      body: { current_password: user.password, new_password: 'changed-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(success.profileUpdated);
    expect(claimsOf(res.body.token)['cognito:username']).toBe(user.id);
    expect(res.body.expires_in).toBeGreaterThan(0);

    for (const old of [other, current]) {
      expect(await profileStatus(old.token)).toBe(401);
      expect(await refreshStatus(old.refresh_token)).toBe(401);
    }
    expect(await profileStatus(res.body.token)).toBe(200);
    const refreshed = await api<LoginResponse>('POST', '/refresh-token', {
      body: { refresh_token: res.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(await profileStatus(refreshed.body.token)).toBe(200);
  });
});

describe('tokens only the local identity stand-in can mint', () => {
  it('refuses an admin token signed with the key published in the cognito-local package', async () => {
    const admin = await createAdmin();
    const real = claimsOf((await loginAs(admin)).token);
    const published = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
      pem: string;
    };
    const now = Math.floor(Date.now() / 1000);
    const header = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' };
    const payload = { ...real, iat: now, auth_time: now, exp: now + 3600, 'cognito:groups': ['admin'] };
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const unsigned = `${encode(header)}.${encode(payload)}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(published.pem, 'base64url');
    const forged = `${unsigned}.${signature}`;

    expect((await api('GET', '/api/admin/users', { token: forged })).status).toBe(401);
    expect((await api('GET', '/api/profile', { token: forged })).status).toBe(401);
  });
});
