import { REDIRECT_AFTER_AUTH_MS } from '@storyloom/shared/constants';
import { accountText } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { newCredentials, registerVerifiedUser, waitForLinkToken } from '../support/users.ts';
import { alert, field, focusedName, heading, register } from './accounts-support.ts';
import { browserTestsEnabled, pathOf, url, useBrowser } from './browser.ts';

describe.runIf(browserTestsEnabled)('Accounts: sign up, verify, log in (browser)', () => {
  const browser = useBrowser();

  it('registers, verifies from the mailed link, waits for the redirect and logs in with the email', async () => {
    const { page } = browser;
    const user = newCredentials('web');
    const verifyCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/backend/verify-email') verifyCalls.push(request.url());
    });

    // Register.
    await register(page, url('/register'), user);

    await heading(page, 'Check Your Email!');
    expect(await page.getByRole('main').textContent()).toContain(accountText.registered);
    expect(await page.getByRole('button', { name: 'Resend Email' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');

    // Verify through the link from the local mailbox.
    const { token } = await waitForLinkToken(user.email, '/verify-email');
    await page.goto(url(`/verify-email?token=${token}`));
    await heading(page, 'Email Verified!');
    const shownAt = Date.now();
    expect(await page.getByRole('main').textContent()).toContain(accountText.emailVerified);
    expect(await page.getByRole('link', { name: 'Continue to Login' }).isVisible()).toBe(true);

    // The automatic redirect, after about 3 seconds.
    await page.waitForURL((u) => u.pathname === '/login', { timeout: REDIRECT_AFTER_AUTH_MS + 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(REDIRECT_AFTER_AUTH_MS - 1_000);
    await heading(page, 'Welcome Back');
    expect(verifyCalls).toHaveLength(1);

    // Log in with the email address instead of the username.
    await field(page, 'Username or Email').fill(user.email);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).isVisible(),
    ).toBe(true);
    expect(browser.pageErrors).toEqual([]);
  });

  it('an unverified login offers a new link: Cancel returns, the sub-view is prefilled from an email, a mail arrives', async () => {
    const { page } = browser;
    const user = await registerVerifiedUser({ emailVerified: false });
    await page.goto(url('/login'));
    await heading(page, 'Welcome Back');

    // With the username typed: the sub-view opens empty, and Cancel comes back to the button.
    await field(page, 'Username or Email').fill(user.username);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await alert(page, accountText.emailNotVerified);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await heading(page, 'Resend Verification');
    expect(await field(page, 'Email').inputValue()).toBe('');
    expect(await focusedName(page)).toBe('email');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await heading(page, 'Welcome Back');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Resend Verification Email');

    // With the email typed: prefilled; sending returns to the login view with the confirmation.
    await field(page, 'Username or Email').fill(user.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await alert(page, accountText.emailNotVerified);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await heading(page, 'Resend Verification');
    expect(await field(page, 'Email').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send Verification Email' }).click();

    await heading(page, 'Welcome Back');
    await page.getByRole('status').filter({ hasText: accountText.verificationSent }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend Verification Email' }).count()).toBe(0);
    const { token } = await waitForLinkToken(user.email, '/verify-email');
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(pathOf(page)).toBe('/login');
  });
});
