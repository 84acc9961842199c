import { accountText } from '@storyloom/shared/messages';
import { describe, expect, inject, it } from 'vitest';
import { newCredentials, waitForLinkToken } from '../support/users.ts';
import { field, heading, register } from './accounts-support.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';

/**
 * Local mode's email links keep the origin the user came from (docs/local-mode.md, "Links in emails"):
 * someone who opened the app at http://127.0.0.1:<port> (not the configured localhost base) gets the
 * verification link on 127.0.0.1, and following it from the local mailbox keeps them there.
 */
describe.runIf(browserTestsEnabled)('Email links in local mode (browser)', () => {
  const browser = useBrowser();

  it('registers at 127.0.0.1, follows the mailed link from the mailbox, is verified and logs in there', async () => {
    const { page } = browser;
    const at = `http://127.0.0.1:${new URL(inject('baseUrl')).port}`;
    expect(inject('baseUrl')).not.toContain('127.0.0.1');
    const user = newCredentials('lo');

    await register(page, `${at}/register`, user);
    await heading(page, 'Check Your Email!');

    const { mail } = await waitForLinkToken(user.email, '/verify-email');
    expect(mail.text).toContain(`${at}/verify-email?token=`);

    // The button inside the email, as the local mailbox shows it (a sandboxed frame).
    await page.goto(`${at}/_local/mailbox`);
    await page
      .locator('article')
      .filter({ hasText: user.email })
      .frameLocator('iframe')
      .getByRole('link', { name: 'Confirm my email' })
      .click();
    await heading(page, 'Email Verified!');
    expect(new URL(page.url()).origin).toBe(at);
    expect(await page.getByRole('main').textContent()).toContain(accountText.emailVerified);

    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await heading(page, 'Welcome Back');
    await field(page, 'Username or Email').fill(user.username);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(new URL(page.url()).origin).toBe(at);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    expect(browser.pageErrors).toEqual([]);
  });
});
