import { accountText, success, validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { loginAs, newCredentials, registerVerifiedUser, type TestUser, waitForLinkToken } from '../support/users.ts';

useServerEnv();
const { putEmailToken } = await import('@storyloom/functions/data/account-tokens');
const { getUser, replaceResetToken } = await import('@storyloom/functions/data/users');
const { sha256, newLinkToken } = await import('@storyloom/functions/domain/accounts/secrets');

const invalid = { valid: false, error: accountText.resetInvalid };

let clients = 0;
/** Asks for a reset link (each time from a client address of its own) and returns the mailed token. */
async function requestReset(user: TestUser, seen: string[] = []) {
  const localAddress = `127.0.8.${++clients}`;
  const res = await api('POST', '/request-password-reset', { body: { email: user.email }, localAddress });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: success.resetSent });
  return (await waitForLinkToken(user.email, '/reset-password', seen)).token;
}

describe('password reset', () => {
  it('mails a link that names the user, resets the password once, and only the new password works', async () => {
    const user = await registerVerifiedUser();
    const token = await requestReset(user);

    const valid = await api('GET', `/validate-reset-token?token=${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true, username: user.username });

    const newPassword = 'a-brand-new-secret';
    const reset = await api('POST', '/reset-password', { body: { token, new_password: newPassword } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: accountText.passwordReset });
    expect(reset.text).not.toContain(newPassword);

    const old = await api('POST', '/login', {
      body: { username: user.username, password: user.password },
      localAddress: '127.0.6.2',
    });
    expect(old.status).toBe(401);
    await loginAs({ username: user.username, password: newPassword });

    // Single use: validating and resetting again both fail.
    expect((await api('GET', `/validate-reset-token?token=${token}`)).body).toEqual(invalid);
    const again = await api('POST', '/reset-password', { body: { token, new_password: 'yet-another-one' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalid);
    await loginAs({ username: user.email, password: newPassword });
  });

  it('voids the older link when a new one is requested', async () => {
    const user = await registerVerifiedUser();
    const first = await requestReset(user);
    const second = await requestReset(user, [first]);
    expect((await api('GET', `/validate-reset-token?token=${first}`)).status).toBe(400);
    const res = await api('POST', '/reset-password', { body: { token: first, new_password: 'first-link-pw' } });
    expect(res.status).toBe(400);
    expect((await api('GET', `/validate-reset-token?token=${second}`)).body).toEqual({
      valid: true,
      username: user.username,
    });
  });

  it('lets only one of two simultaneous resets with the same link win', async () => {
    const user = await registerVerifiedUser();
    const token = await requestReset(user);
    const results = await Promise.all(
      ['race-password-1', 'race-password-2'].map((new_password) =>
        api('POST', '/reset-password', { body: { token, new_password } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('verifies the email of an unverified account, which the link has proved', async () => {
    const user = await registerVerifiedUser({ emailVerified: false });
    const token = await requestReset(user);
    expect((await api('POST', '/reset-password', { body: { token, new_password: 'proved-by-mail' } })).status).toBe(
      200,
    );
    await loginAs({ username: user.username, password: 'proved-by-mail' });
  });

  it('lifts the failed-login lock of the account', async () => {
    const user = await registerVerifiedUser();
    for (let i = 0; i < 10; i++) {
      await api('POST', '/login', {
        body: { username: user.username, password: 'wrong-one' },
        localAddress: '127.0.7.1',
      });
    }
    const locked = await api('POST', '/login', {
      body: { username: user.username, password: user.password },
      localAddress: '127.0.7.1',
    });
    expect(locked.status).toBe(429);
    const token = await requestReset(user);
    await api('POST', '/reset-password', { body: { token, new_password: 'unlocked-now' }, localAddress: '127.0.7.1' });
    await loginAs({ username: user.username, password: 'unlocked-now' }, { localAddress: '127.0.7.1' });
  });

  it('rejects an expired link (the table keeps expired items; reads check ttl)', async () => {
    const user = await registerVerifiedUser();
    const token = newLinkToken();
    await putEmailToken('RESET', sha256(token), user.id, Math.floor(Date.now() / 1000) - 1);
    await replaceResetToken(user.id, sha256(token));
    expect((await api('GET', `/validate-reset-token?token=${token}`)).body).toEqual(invalid);
    const res = await api('POST', '/reset-password', { body: { token, new_password: 'too-late-now' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid);
    await loginAs(user);
  });

  it('rejects a bogus link, and a missing token', async () => {
    const bogus = await api('GET', `/validate-reset-token?token=${newLinkToken()}`);
    expect(bogus.status).toBe(400);
    expect(bogus.body).toEqual(invalid);
    expect((await api('GET', '/validate-reset-token')).status).toBe(400);
    const reset = await api('POST', '/reset-password', { body: { token: 'made-up', new_password: 'whatever1' } });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual(invalid);
  });

  it.each([
    ['no fields', {}, accountText.resetInvalid],
    ['no password', { token: 'abc' }, validation.fillBothPasswords],
    ['a 5-character password', { token: 'abc', new_password: '12345' }, validation.passwordMin],
  ])('rejects %s with 400', async (_label, body, error) => {
    const res = await api('POST', '/reset-password', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('keeps the link valid when the new password is refused', async () => {
    const user = await registerVerifiedUser();
    const token = await requestReset(user);
    expect((await api('POST', '/reset-password', { body: { token, new_password: 'short' } })).status).toBe(400);
    expect((await api('GET', `/validate-reset-token?token=${token}`)).status).toBe(200);
    expect((await getUser(user.id))?.resetTokenHash).toBe(sha256(token));
  });
});

describe('POST /request-password-reset', () => {
  it('answers an unknown email exactly like a known one', async () => {
    const known = await registerVerifiedUser();
    const a = await api('POST', '/request-password-reset', { body: { email: known.email }, localAddress: '127.0.6.3' });
    const b = await api('POST', '/request-password-reset', {
      body: { email: `${newCredentials().username}@example.com` },
      localAddress: '127.0.6.3',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.text).toBe(b.text);
  });

  it.each([
    ['no email', {}, validation.enterEmail],
    ['a malformed email', { email: 'someone@nowhere' }, validation.validEmail],
  ])('rejects %s with 400', async (_label, body, error) => {
    const res = await api('POST', '/request-password-reset', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('limits requests per email address and per client', async () => {
    const email = `${newCredentials().username}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect(
        (await api('POST', '/request-password-reset', { body: { email }, localAddress: '127.0.6.10' })).status,
      ).toBe(200);
    }
    const perEmail = await api('POST', '/request-password-reset', { body: { email }, localAddress: '127.0.6.11' });
    expect(perEmail.status).toBe(429);
    expect(perEmail.body).toEqual({ error: accountText.tooManyEmails });

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const other = `${newCredentials().username}@example.com`;
      statuses.push(
        (await api('POST', '/request-password-reset', { body: { email: other }, localAddress: '127.0.6.12' })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
