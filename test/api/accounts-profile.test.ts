import { accountText, success, validation } from '@storyloom/shared/messages';
import type { ProfileResponse } from '@storyloom/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { apiAs, loginAs, registerAndLogin } from '../support/users.ts';

describe('GET /api/profile', () => {
  it('returns exactly the spec fields of the signed-in user', async () => {
    const user = await registerAndLogin();
    const res = await apiAs<ProfileResponse>(user, 'GET', '/api/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      Username: user.username,
      Email: user.email,
      email_verified: true,
      profile_image_url: null,
      role: 'user',
      ID: user.id,
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.text).not.toContain(user.password);
  });

  it('is 401 without a token', async () => {
    expect((await api('GET', '/api/profile')).status).toBe(401);
  });
});

describe('PUT /api/profile (change password)', () => {
  it('refuses a wrong current password and keeps the old one', async () => {
    const user = await registerAndLogin();
    const res = await apiAs(user, 'PUT', '/api/profile', {
      current_password: 'not-my-password',
      new_password: 'new-secret-1',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: accountText.currentPasswordWrong });
    await loginAs(user);
  });

  it('changes the password with the right current one', async () => {
    const user = await registerAndLogin();
    const res = await apiAs(user, 'PUT', '/api/profile', {
      current_password: user.password,
      new_password: 'new-secret-2',
    });
    expect(res.status).toBe(200);
    // The tab carries on with fresh tokens (every other session ended: safety-sessions.test.ts).
    expect(Object.keys(res.body).sort()).toEqual(['expires_in', 'message', 'refresh_token', 'token']);
    expect(res.body.message).toBe(success.profileUpdated);
    expect(res.text).not.toContain('new-secret-2');
    const old = await api('POST', '/login', {
      body: { username: user.username, password: user.password },
      localAddress: '127.0.9.1',
    });
    expect(old.status).toBe(401);
    await loginAs({ username: user.username, password: 'new-secret-2' });
  });

  it.each([
    ['no fields', {}, validation.currentPasswordRequired],
    ['no current password', { new_password: 'new-secret-3' }, validation.currentPasswordRequired],
    ['a 5-character new password', { current_password: 'whatever', new_password: '12345' }, validation.newPasswordMin],
    ['no new password', { current_password: 'whatever' }, validation.newPasswordMin],
  ])('rejects %s with 400', async (_label, body, error) => {
    const user = await registerAndLogin();
    const res = await apiAs(user, 'PUT', '/api/profile', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('limits wrong current passwords per account (10 per 15 minutes)', async () => {
    const user = await registerAndLogin();
    for (let i = 0; i < 10; i++) {
      const res = await apiAs(user, 'PUT', '/api/profile', {
        current_password: `guess-${i}`,
        new_password: 'new-secret-4',
      });
      expect(res.status).toBe(400);
    }
    const res = await apiAs(user, 'PUT', '/api/profile', {
      current_password: user.password,
      new_password: 'new-secret-4',
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: accountText.tooManyLoginAttempts });
  });

  it('is 401 without a token', async () => {
    const res = await api('PUT', '/api/profile', { body: { current_password: 'a', new_password: 'bbbbbb' } });
    expect(res.status).toBe(401);
  });
});
