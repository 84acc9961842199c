import { accountText, validation } from '@storyloom/shared/messages';
import { EMAIL_PATTERN, textMessages } from '@storyloom/shared/schemas/fields';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { apiAs, newCredentials, registerAndLogin } from '../support/users.ts';

/** Issue 11, "Input": one plain address, visible titles, text every store can keep, one-line headers. */
const notOnePlainAddress = [
  'a<victim@x.com>',
  'a<victim@x>',
  'Someone <someone@example.com>',
  '"quoted"@example.com',
  'a@example.com,b@example.com',
  'a@example.com b@example.com',
  'a\u200B@example.com',
  'a@example.com\r\nBcc: b@example.com',
  'a..b@example.com',
  '.a@example.com',
  'a@-example.com',
  'a@example',
];

describe('email addresses', () => {
  it.each(notOnePlainAddress)('refuses %j wherever an address is typed', async (email) => {
    const { username, password } = newCredentials();
    const register = await api('POST', '/register', {
      body: { username, email, password },
      localAddress: '127.0.41.1',
    });
    expect(register.status).toBe(400);
    expect(register.body).toEqual({ error: validation.validEmail });
    const reset = await api('POST', '/request-password-reset', { body: { email }, localAddress: '127.0.41.2' });
    expect(reset.status).toBe(400);
    const contact = await api('POST', '/contact', {
      body: { name: 'Someone', email, message: 'Hello' },
      localAddress: '127.0.41.3',
    });
    expect(contact.status).toBe(400);
  });

  it('accepts plain addresses, and compares them trimmed and lower-cased', async () => {
    for (const ok of ["o'brien+family@mail.example.co.uk", 'A.B-C_d@Example.COM'])
      expect(EMAIL_PATTERN.test(ok)).toBe(true);
    const { username, password, email } = newCredentials();
    const first = await api('POST', '/register', { body: { username, email, password }, localAddress: '127.0.41.4' });
    expect(first.status).toBe(201);
    const again = await api('POST', '/register', {
      body: { username: `${username}2`.slice(0, 30), email: `  ${email.toUpperCase()} `, password },
      localAddress: '127.0.41.4',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: accountText.emailTaken });
  });
});

describe('titles, names and text', () => {
  it('refuses a title that is blank once invisible characters are removed', async () => {
    const user = await registerAndLogin();
    for (const title of ['\u200B\u200B', '\u2800', '\u3164', '\u00A0\u2060', '\u202E']) {
      const res = await apiAs(user, 'POST', '/api/stories', { title, content: 'Real content' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: validation.storyTitleCreate });
    }
    const content = await apiAs(user, 'POST', '/api/stories', { title: 'A title', content: '\u200B \u200D' });
    expect(content.body).toEqual({ error: validation.storyContentCreate });
  });

  it('refuses NUL and unpaired surrogates', async () => {
    const user = await registerAndLogin();
    for (const body of [
      { title: 'Bad\u0000title', content: 'x' },
      { title: 'Fine', content: 'Broken \uD800 half' },
      { title: 'Broken \uDC00', content: 'x' },
    ]) {
      const res = await apiAs(user, 'POST', '/api/stories', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: textMessages.unsupported });
    }
    // A whole pair (an emoji) is fine.
    expect((await apiAs(user, 'POST', '/api/stories', { title: 'Grandpa 🎣', content: 'Fishing 🐟' })).status).toBe(
      201,
    );
  });

  it('keeps CR/LF out of one-line fields such as the contact name (it goes into a mail subject)', async () => {
    const res = await api('POST', '/contact', {
      body: { name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', message: 'Line one\nline two' },
      localAddress: '127.0.41.5',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: textMessages.lineBreak });
    const multiLine = await api('POST', '/contact', {
      body: { name: 'Eve', email: 'eve@example.com', message: 'Line one\nline two' },
      localAddress: '127.0.41.5',
    });
    expect(multiLine.status).toBe(200);
  });

  it('writes every mail header on one line, whatever reached the mailer', async () => {
    useServerEnv();
    const { headerValue } = await import('@storyloom/functions/adapters/mailer');
    expect(headerValue('Storyloom contact: Eve\r\nBcc: victim@example.com')).toBe(
      'Storyloom contact: Eve Bcc: victim@example.com',
    );
  });
});
