import { exportText } from '@storyloom/shared/messages/keepsake';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/http.ts';
import { waitForExport } from '../support/keepsake.ts';
import { waitForMail } from '../support/mailbox.ts';
import { createStory } from '../support/stories.ts';
import { newCredentials, registerAndLogin, registerVerifiedUser, waitForLinkToken } from '../support/users.ts';

/**
 * Local mode's links in emails follow the origin the user came from (docs/local-mode.md, "Links in
 * emails"): a page opened at http://127.0.0.1:<port> gets links on 127.0.0.1, not on the configured
 * `localhost` base, so following one keeps the browser's storage and session. Only the app's own
 * loopback names on its own port count; any other `Origin` gets the configured base.
 */
const base = inject('baseUrl'); // http://localhost:<port>, the configured APP_URL
const port = new URL(base).port;

/** Registers from a client address of its own (registration is limited per address) with these headers. */
async function registerWith(headers: Record<string, string>, localAddress: string) {
  const creds = newCredentials('lo');
  const res = await api('POST', '/register', { body: creds, headers, localAddress });
  expect(res.status).toBe(201);
  return (await waitForLinkToken(creds.email, '/verify-email')).mail;
}

describe('links in emails (local mode)', () => {
  it('a registration from http://127.0.0.1 gets its verification link on 127.0.0.1', async () => {
    // The page's Origin counts even when the Host names localhost (both are this app).
    const mail = await registerWith({ origin: `http://127.0.0.1:${port}`, host: `localhost:${port}` }, '127.0.12.1');
    expect(mail.text).toContain(`http://127.0.0.1:${port}/verify-email?token=`);
    expect(mail.html).toContain(`href="http://127.0.0.1:${port}/verify-email?token=`);
    expect(mail.text).not.toContain(`localhost:${port}`);
  });

  it('without an Origin, the Host the browser used counts ([::1] too)', async () => {
    const mail = await registerWith({ host: `[::1]:${port}` }, '127.0.12.2');
    expect(mail.text).toContain(`http://[::1]:${port}/verify-email?token=`);
  });

  it('an Origin that is not this app gets the configured base, never its own', async () => {
    for (const [origin, address] of [
      ['https://evil.example', '127.0.12.3'],
      [`http://evil.example:${port}`, '127.0.12.4'],
      [`http://127.0.0.1:${Number(port) + 1}`, '127.0.12.5'],
      [`https://127.0.0.1:${port}`, '127.0.12.6'],
      ['null', '127.0.12.7'],
    ] as const) {
      const mail = await registerWith({ origin, host: `127.0.0.1:${port}` }, address);
      expect(mail.text, origin).toContain(`${base}/verify-email?token=`);
      expect(mail.text, origin).not.toContain('evil.example');
    }
  });

  it('a password reset asked for from 127.0.0.1 links there too', async () => {
    const user = await registerVerifiedUser();
    const res = await api('POST', '/request-password-reset', {
      body: { email: user.email },
      headers: { origin: `http://127.0.0.1:${port}` },
      localAddress: '127.0.12.8',
    });
    expect(res.status).toBe(200);
    const { mail } = await waitForLinkToken(user.email, '/reset-password');
    expect(mail.text).toContain(`http://127.0.0.1:${port}/reset-password?token=`);
  });

  it('a mail the worker sends after a job the request queued in turn (the ready zip) keeps it too', async () => {
    const owner = await registerAndLogin();
    await createStory(owner, { title: 'A short one' });
    const res = await api('POST', '/api/keepsake/export', {
      token: owner.token,
      body: {},
      headers: { origin: `http://127.0.0.1:${port}` },
    });
    expect(res.status).toBe(202);
    expect((await waitForExport(owner)).status).toBe('done');
    const mail = await waitForMail((m) => m.to.includes(owner.email) && m.subject === exportText.email.subject);
    expect(mail.text).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/keepsake/export/download/`));
  });
});
