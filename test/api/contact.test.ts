import { serverText, validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { api, uniqueMarker } from '../support/http.ts';
import { waitForMail } from '../support/mailbox.ts';

describe('POST /contact', () => {
  it('stores the message and emails it to the operator', async () => {
    const marker = uniqueMarker('contact');
    const res = await api('POST', '/contact', {
      body: { name: 'Ada Lovelace', email: 'ada@example.com', message: `Hello ${marker}\nSecond line` },
      localAddress: '127.0.0.2',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: serverText.contactSent });

    const mail = await waitForMail((m) => m.text.includes(marker));
    expect(mail.to).toEqual(['hello@storyloom.local']);
    expect(mail.subject).toBe('Storyloom contact: Ada Lovelace');
    expect(mail.text).toContain('ada@example.com');
    expect(mail.html).toContain('<br>Second line');
  });

  it('escapes HTML in the operator email', async () => {
    const marker = uniqueMarker('xss');
    await api('POST', '/contact', {
      body: { name: '<b>Eve</b>', email: 'eve@example.com', message: `<script>alert(1)</script> ${marker}` },
      localAddress: '127.0.0.2',
    });
    const mail = await waitForMail((m) => m.text.includes(marker));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });

  it.each([
    ['no body fields', {}, validation.contactRequired],
    ['a blank name', { name: '  ', email: 'a@b.co', message: 'Hi' }, validation.contactRequired],
    ['a missing message', { name: 'A', email: 'a@b.co' }, validation.contactRequired],
    ['a malformed email', { name: 'A', email: 'not-an-email', message: 'Hi' }, validation.validEmail],
    ['a number for a name', { name: 42, email: 'a@b.co', message: 'Hi' }, validation.contactRequired],
    [
      'an overlong message',
      { name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) },
      'Message must be at most 5,000 characters',
    ],
  ])('rejects %s with 400 and the reason', async (_label, body, error) => {
    const res = await api('POST', '/contact', { body, localAddress: '127.0.0.3' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('rejects malformed JSON with 400, not a stack trace', async () => {
    const res = await api('POST', '/contact', { rawBody: '{"name": "A",', localAddress: '127.0.0.3' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: serverText.malformedJson });
  });

  it('rejects a JSON array or string body with 400', async () => {
    for (const rawBody of ['[1,2]', '"text"', 'null']) {
      const res = await api('POST', '/contact', { rawBody, localAddress: '127.0.0.3' });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('rejects oversize bodies with 413', async () => {
    const big = JSON.stringify({ name: 'A', email: 'a@b.co', message: 'x'.repeat(300 * 1024) });
    const res = await api('POST', '/contact', { rawBody: big, localAddress: '127.0.0.3' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: serverText.bodyTooLarge });

    const huge = await api('POST', '/contact', {
      rawBody: Buffer.alloc(7 * 1024 * 1024, 32),
      localAddress: '127.0.0.3',
    });
    expect(huge.status).toBe(413);
  });

  it('limits each client to a few messages per ten minutes', async () => {
    const from = '127.0.0.9';
    const body = { name: 'Busy', email: 'busy@example.com', message: 'Again' };
    for (let i = 0; i < 5; i++) {
      expect((await api('POST', '/contact', { body, localAddress: from })).status).toBe(200);
    }
    const limited = await api('POST', '/contact', { body, localAddress: from });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: serverText.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await api('POST', '/contact', { body, localAddress: '127.0.0.10' })).status).toBe(200);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/nope'],
    ['GET', '/contact'],
    ['DELETE', '/contact'],
    ['GET', '/api/does-not-exist'],
  ])('%s %s is a 404 with { error }', async (method, path) => {
    const res = await api(method, path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: serverText.routeNotFound });
  });
});
