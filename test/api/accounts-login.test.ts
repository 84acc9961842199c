import { accountText, validation } from '@storyloom/shared/messages';
import type { LoginResponse } from '@storyloom/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { loginAs, newCredentials, registerVerifiedUser } from '../support/users.ts';

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /login', () => {
  it('logs in by username or email, in any letter case, and returns an ID token, a refresh token and its lifetime', async () => {
    const user = await registerVerifiedUser();
    for (const username of [user.username, user.email, user.email.toUpperCase(), user.username.toUpperCase()]) {
      const res = await api<LoginResponse>('POST', '/login', { body: { username, password: user.password } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['expires_in', 'refresh_token', 'token']);
      expect(res.body.expires_in).toBeGreaterThan(0);
      expect(claimsOf(res.body.token)).toMatchObject({
        'cognito:username': user.id,
        token_use: 'id',
        email_verified: true,
      });
      expect(res.text).not.toContain(user.password);
    }
  });

  it('gives a wrong password and an unknown user the same 401', async () => {
    const user = await registerVerifiedUser();
    const from = '127.0.2.1';
    const wrong = await api('POST', '/login', {
      body: { username: user.username, password: 'not-the-password' },
      localAddress: from,
    });
    const unknownName = await api('POST', '/login', {
      body: { username: `${user.username}x`, password: 'whatever1' },
      localAddress: from,
    });
    const unknownEmail = await api('POST', '/login', {
      body: { username: `x${user.email}`, password: 'whatever1' },
      localAddress: from,
    });
    for (const res of [wrong, unknownName, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: accountText.invalidCredentials });
    }
  });

  it('flags an unverified email only once the password is right', async () => {
    const user = await registerVerifiedUser({ emailVerified: false });
    const right = await api('POST', '/login', { body: { username: user.email, password: user.password } });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ error: accountText.emailNotVerified, email_not_verified: true });
    const wrong = await api('POST', '/login', {
      body: { username: user.email, password: 'nope-nope' },
      localAddress: '127.0.2.2',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: accountText.invalidCredentials });
  });

  it.each([
    ['no fields', {}],
    ['a blank username', { username: ' ', password: 'secret1' }],
    ['no password', { username: 'someone' }],
    ['an empty password', { username: 'someone', password: '' }],
  ])('rejects %s with 400', async (_label, body) => {
    const res = await api('POST', '/login', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: validation.fillAllFields });
  });

  it('locks a name for 15 minutes after 10 failures from one client, and keeps the owner and others open', async () => {
    const user = await registerVerifiedUser();
    const bystander = await registerVerifiedUser();
    const guesser = '127.0.3.1';
    for (let i = 0; i < 10; i++) {
      const res = await api('POST', '/login', {
        body: { username: user.username, password: `wrong-${i}` },
        localAddress: guesser,
      });
      expect(res.status).toBe(401);
    }
    const locked = await api('POST', '/login', {
      body: { username: user.username, password: user.password },
      localAddress: guesser,
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: accountText.tooManyLoginAttempts });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The lock is on the name typed: the same account by email is not locked (no username-to-email leak),
    // and the owner, from their own device, is not locked out by a stranger.
    const byEmail = await api('POST', '/login', {
      body: { username: user.email, password: 'wrong-again' },
      localAddress: guesser,
    });
    expect(byEmail.status).toBe(401);
    await loginAs(user, { localAddress: '127.0.3.50' });
    await loginAs(bystander, { localAddress: guesser });
  });

  it('locks a made-up name the same way, so a lock does not reveal which names exist', async () => {
    const username = newCredentials().username;
    for (let i = 0; i < 10; i++) {
      await api('POST', '/login', { body: { username, password: 'guess-guess' }, localAddress: '127.0.4.1' });
    }
    const res = await api('POST', '/login', {
      body: { username, password: 'guess-guess' },
      localAddress: '127.0.4.1',
    });
    expect(res.status).toBe(429);
  });

  it('allows at most 100 failures an hour on one account, from all clients and under both its names', async () => {
    const user = await registerVerifiedUser();
    const other = await registerVerifiedUser();
    // Five clients, each within its own limits (10 per name, 30 per client): 10 by username, 10 by email,
    // with the letter case varied. Together they reach the account's 100.
    const clients = [1, 2, 3, 4, 5].map((i) => `127.0.6.${i}`);
    const names = [user.username, user.email.toUpperCase()];
    const statuses = await Promise.all(
      clients.map(async (from) => {
        const seen: number[] = [];
        for (let i = 0; i < 20; i++) {
          const res = await api('POST', '/login', {
            body: { username: names[i % 2], password: `wrong-${i}` },
            localAddress: from,
          });
          seen.push(res.status);
        }
        return seen;
      }),
    );
    expect(statuses.flat().filter((s) => s === 401)).toHaveLength(100);
    // The 101st, from a client that never failed and with the right password, under either name: refused
    // without evaluating it, for up to an hour.
    for (const username of [user.username, user.email]) {
      const res = await api('POST', '/login', {
        body: { username, password: user.password },
        localAddress: '127.0.6.9',
      });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: accountText.tooManyLoginAttempts });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    }
    // Another account, from the same clients, is not touched.
    await loginAs(other, { localAddress: clients[0] });
  });

  it('limits failures per client address to 30 per 15 minutes, and counts no successes', async () => {
    const from = '127.0.5.1';
    const user = await registerVerifiedUser();
    // Successful logins are never counted.
    for (let i = 0; i < 3; i++) await loginAs(user, { localAddress: from });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await api('POST', '/login', {
        body: { username: `nobody${i}x${user.username}`, password: 'guess-guess' },
        localAddress: from,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Even the right password waits now, from this client; another client is unaffected.
    expect(
      (await api('POST', '/login', { body: { username: user.username, password: user.password }, localAddress: from }))
        .status,
    ).toBe(429);
    await loginAs(user, { localAddress: '127.0.5.2' });
  });
});

describe('POST /refresh-token', () => {
  it('gives a new ID token for the refresh token', async () => {
    const user = await registerVerifiedUser();
    const session = await loginAs(user);
    const res = await api<{ token: string; expires_in: number }>('POST', '/refresh-token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_in', 'token']);
    expect(claimsOf(res.body.token)['cognito:username']).toBe(user.id);
    const profile = await api('GET', '/api/profile', { token: res.body.token });
    expect(profile.status).toBe(200);
  });

  it('rejects a bogus or missing refresh token', async () => {
    const bogus = await api('POST', '/refresh-token', { body: { refresh_token: 'not-a-refresh-token' } });
    expect(bogus.status).toBe(401);
    expect(bogus.body).toEqual({ error: accountText.sessionExpired });
    const missing = await api('POST', '/refresh-token', { body: {} });
    expect(missing.status).toBe(400);
  });
});

describe('authenticated routes', () => {
  it('answer 401 without a token or with a forged one', async () => {
    const none = await api('GET', '/api/profile');
    expect(none.status).toBe(401);
    const forged = await api('GET', '/api/profile', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(forged.status).toBe(401);
  });

  it('accept the token with or without the Bearer prefix', async () => {
    const user = await registerVerifiedUser();
    const { token } = await loginAs(user);
    const bare = await api('GET', '/api/profile', { headers: { authorization: token } });
    expect(bare.status).toBe(200);
  });
});
