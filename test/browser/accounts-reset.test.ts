import { accountText, fallback, success } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { registerVerifiedUser, waitForLinkToken } from '../support/users.ts';
import { alert, field, heading } from './accounts-support.ts';
import { browserTestsEnabled, pathOf, url, useBrowser } from './browser.ts';

describe.runIf(browserTestsEnabled)('Accounts: forgot and reset password (browser)', () => {
  const browser = useBrowser();

  it('mails a link, greets the user, sets the new password; the used link and a bogus one are refused', async () => {
    const { page } = browser;
    const user = await registerVerifiedUser();
    const newPassword = `${user.password}-new`;

    // Ask for the link from the login screen.
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await heading(page, 'Forgot Your Password?');
    await field(page, 'Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await heading(page, 'Check Your Email');
    const confirmation = (await page.getByRole('main').textContent()) ?? '';
    expect(confirmation).toContain(success.resetSent);
    expect(confirmation).toContain('expires in 1 hour');
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    // Send Another Reset brings the form back with the address kept.
    await page.getByRole('button', { name: 'Send Another Reset' }).click();
    await heading(page, 'Forgot Your Password?');
    expect(await field(page, 'Email').inputValue()).toBe(user.email);

    // Follow the mailed link.
    const { token } = await waitForLinkToken(user.email, '/reset-password');
    await page.goto(url(`/reset-password?token=${token}`));
    await page.getByText(`Hi ${user.username}, choose a new password.`).waitFor();
    await heading(page, 'Reset Your Password');
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await heading(page, 'Password Reset Successful!');
    expect(await page.getByRole('main').textContent()).toContain(accountText.passwordReset);
    await page.getByRole('link', { name: 'Continue to Login' }).click();

    // The new password works.
    await heading(page, 'Welcome Back');
    await field(page, 'Username or Email').fill(user.username);
    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');

    // Logged out again, the spent link is refused, and so is a made-up one.
    await page.evaluate(() => localStorage.clear());
    await page.goto(url(`/reset-password?token=${token}`));
    await heading(page, 'Invalid Reset Link');
    await alert(page, fallback.resetInvalid);
    expect(await page.getByRole('main').textContent()).toContain('valid for 1 hour');
    expect(await page.getByRole('link', { name: 'Request New Reset' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');

    await page.goto(url('/reset-password?token=not-a-real-token'));
    await heading(page, 'Invalid Reset Link');
    await page.getByRole('link', { name: 'Request New Reset' }).click();
    await heading(page, 'Forgot Your Password?');
    expect(pathOf(page)).toBe('/forgot-password');
    expect(browser.pageErrors).toEqual([]);
  });
});
