import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { accountText, serverText, validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { loginAs, newCredentials, registerVerifiedUser, waitForLinkToken } from '../support/users.ts';

useServerEnv();
const { putEmailToken } = await import('@storyloom/functions/data/account-tokens');
const { sha256, newLinkToken } = await import('@storyloom/functions/domain/accounts/secrets');
const { getUser } = await import('@storyloom/functions/data/users');
const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
const { config } = await import('@storyloom/functions/lib/config');

// Registration is limited per client address: this file registers from its own.
const from = '127.0.1.1';
const register = (body: unknown) => api('POST', '/register', { body, localAddress: from });

describe('POST /register', () => {
  it('creates an unverified account and mails a verification link that verifies it once', async () => {
    const creds = newCredentials();
    const res = await register(creds);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: accountText.registered });
    expect(res.text).not.toContain(creds.password);

    // Not verified yet: the right password gets the flag, the wrong one the plain 401.
    const early = await api('POST', '/login', { body: creds, localAddress: from });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ error: accountText.emailNotVerified, email_not_verified: true });
    const wrong = await api('POST', '/login', { body: { ...creds, password: 'wrong-password' }, localAddress: from });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: accountText.invalidCredentials });

    const { token, mail } = await waitForLinkToken(creds.email, '/verify-email');
    expect(mail.subject).toMatch(/confirm your email/i);
    expect(mail.text).toContain(`Hi ${creds.username},`);
    expect(mail.html).toContain(`/verify-email?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const verified = await api('GET', `/verify-email?token=${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: accountText.emailVerified });

    const used = await api('GET', `/verify-email?token=${token}`);
    expect(used.status).toBe(400);
    expect(used.body).toEqual({ error: accountText.verifyInvalid });

    // The Cognito attribute follows the record: the worker copies it (the public route calls no Cognito).
    const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    let session = await loginAs(creds, { localAddress: from });
    for (let tries = 0; claimsOf(session.token).email_verified !== true && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 200));
      session = await loginAs(creds, { localAddress: from });
    }
    expect(claimsOf(session.token).email_verified).toBe(true);
    const profile = await api('GET', '/api/profile', { token: session.token });
    expect(profile.body).toMatchObject({
      Username: creds.username,
      Email: creds.email,
      email_verified: true,
      role: 'user',
    });
  });

  it('stores only the hash of the link token', async () => {
    const creds = newCredentials();
    expect((await register(creds)).status).toBe(201);
    const { token } = await waitForLinkToken(creds.email, '/verify-email');
    const { Items = [] } = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `TOKEN#${sha256(token)}` },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(JSON.stringify(Items)).not.toContain(token);
  });

  it.each([
    ['no fields', {}, validation.fillAllFields],
    ['a blank username', { username: '  ', email: 'a@example.com', password: 'secret1' }, validation.fillAllFields],
    ['a missing email', { username: 'someone', password: 'secret1' }, validation.fillAllFields],
    ['a missing password', { username: 'someone', email: 'a@example.com' }, validation.fillAllFields],
    ['a 2-character username', { username: 'ab', email: 'a@example.com', password: 'secret1' }, validation.usernameMin],
    [
      'a username with an @',
      { username: 'ab@cd', email: 'a@example.com', password: 'secret1' },
      'Username may use only letters, numbers, dots, dashes and underscores',
    ],
    [
      'a 31-character username',
      { username: 'x'.repeat(31), email: 'a@example.com', password: 'secret1' },
      'Username must be at most 30 characters long',
    ],
    ['a malformed email', { username: 'someone', email: 'not-an-email', password: 'secret1' }, validation.validEmail],
    [
      'a 5-character password',
      { username: 'someone', email: 'a@example.com', password: '12345' },
      validation.passwordMin,
    ],
    [
      'a number for a username',
      { username: 12345, email: 'a@example.com', password: 'secret1' },
      validation.fillAllFields,
    ],
  ])('rejects %s with 400 and the reason', async (_label, body, error) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await api('POST', '/register', { rawBody: '{"username":', localAddress: from });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: serverText.malformedJson });
  });

  it('refuses a username or email taken in another letter case, and leaves the first account intact', async () => {
    const first = await registerVerifiedUser();
    const sameName = await register({ ...newCredentials(), username: first.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: accountText.usernameTaken });

    const sameEmail = await register({ ...newCredentials(), email: first.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ error: accountText.emailTaken });

    // The refused registrations released what they had reserved: their own name is free again.
    const retry = newCredentials();
    expect((await register({ ...retry, email: first.email })).status).toBe(409);
    expect((await register(retry)).status).toBe(201);

    // The first account still logs in by either spelling of its name.
    await loginAs({ username: first.username.toUpperCase(), password: first.password });
  });

  it('lets only one of two simultaneous registrations of a name win', async () => {
    const creds = newCredentials();
    const results = await Promise.all([register(creds), register({ ...newCredentials(), username: creds.username })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('POST /resend-verification', () => {
  it('mails a new working link; the older link still works until used', async () => {
    const creds = newCredentials();
    await register(creds);
    const first = await waitForLinkToken(creds.email, '/verify-email');

    const res = await api('POST', '/resend-verification', {
      body: { email: creds.email.toUpperCase() },
      localAddress: from,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: accountText.verificationSent });
    const second = await waitForLinkToken(creds.email, '/verify-email', [first.token]);
    expect(second.token).not.toBe(first.token);

    expect((await api('GET', `/verify-email?token=${second.token}`)).status).toBe(200);
    // Verifying again with the other link is harmless.
    expect((await api('GET', `/verify-email?token=${first.token}`)).status).toBe(200);
    await loginAs(creds);
  });

  it('answers an unknown email and a verified one exactly like an unverified one (mailing only the last: accounts-internals)', async () => {
    const verified = await registerVerifiedUser();
    const unverified = await registerVerifiedUser({ emailVerified: false });
    const unknown = `${newCredentials().username}@example.com`;
    const answers = [];
    for (const email of [unknown, verified.email, unverified.email]) {
      answers.push(await api('POST', '/resend-verification', { body: { email }, localAddress: '127.0.1.2' }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it.each([
    ['no email', {}, validation.enterEmail],
    ['a blank email', { email: ' ' }, validation.enterEmail],
    ['a malformed email', { email: 'nope' }, validation.validEmail],
  ])('rejects %s with 400', async (_label, body, error) => {
    const res = await api('POST', '/resend-verification', { body, localAddress: from });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('limits resends per email address, whether or not it has an account', async () => {
    const email = `${newCredentials().username}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', '/resend-verification', { body: { email }, localAddress: '127.0.1.3' });
      expect(res.status).toBe(200);
    }
    const limited = await api('POST', '/resend-verification', { body: { email }, localAddress: '127.0.1.4' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: accountText.tooManyEmails });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits resends per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const email = `${newCredentials().username}@example.com`;
      statuses.push((await api('POST', '/resend-verification', { body: { email }, localAddress: '127.0.1.5' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /verify-email', () => {
  it('rejects a bogus token, and a missing one', async () => {
    const bogus = await api('GET', `/verify-email?token=${newLinkToken()}`);
    expect(bogus.status).toBe(400);
    expect(bogus.body).toEqual({ error: accountText.verifyInvalid });
    const missing = await api('GET', '/verify-email');
    expect(missing.status).toBe(400);
    expect(typeof missing.body.error).toBe('string');
  });

  it('rejects an expired token (the table keeps expired items; reads check ttl)', async () => {
    const user = await registerVerifiedUser({ emailVerified: false });
    const token = newLinkToken();
    await putEmailToken('VERIFY', sha256(token), user.id, Math.floor(Date.now() / 1000) - 1);
    const res = await api('GET', `/verify-email?token=${token}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: accountText.verifyInvalid });
    expect((await getUser(user.id))?.emailVerified).toBe(false);
  });
});
