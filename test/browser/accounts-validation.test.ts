import { accountText, fallback, success, validation } from '@storyloom/shared/messages';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alert, answer, field, focusedName, heading } from './accounts-support.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';

/**
 * Every validation message (spec section 5) and fallback text (section 8) of the account screens,
 * in the browser. Server answers that cannot be produced on demand are canned with `answer`, so
 * this file sends no mail and registers no one.
 */

/** Fills the labelled fields (empty string clears one), presses `button`, waits for the alert. */
async function submit(scope: Page | Locator, values: Record<string, string>, button: string, message: string) {
  for (const [label, value] of Object.entries(values)) await field(scope, label).fill(value);
  await scope.getByRole('button', { name: button, exact: true }).click();
  await alert(scope, message);
}

/** The one alert currently shown in `scope`. */
async function alerts(scope: Page | Locator): Promise<string[]> {
  return (await scope.getByRole('alert').allTextContents()).map((t) => t.trim());
}

const fakeUser = {
  ID: 'u-1',
  Username: 'grandma_rose',
  Email: 'rose@example.com',
  email_verified: false,
  profile_image_url: null,
  role: 'user',
  CreatedAt: '2024-05-01T10:00:00Z',
};

describe.runIf(browserTestsEnabled)('Accounts: validation and fallback texts (browser)', () => {
  const browser = useBrowser();

  it('login: required fields, editing clears the error, show/hide, busy state, server and fallback errors, resend', async () => {
    const { page } = browser;
    await page.goto(url('/login'));
    await heading(page, 'Welcome Back');
    const main = page.getByRole('main');

    await submit(main, {}, 'Sign In', validation.fillAllFields);
    expect(await focusedName(page)).toBe('username');
    expect(await field(page, 'Username or Email').getAttribute('aria-invalid')).toBe('true');
    await field(page, 'Username or Email').fill('rose');
    expect(await alerts(main)).toEqual([]);
    await submit(main, {}, 'Sign In', validation.fillAllFields);
    expect(await focusedName(page)).toBe('password');

    // Show/hide password.
    await field(page, 'Password').fill('secret1');
    expect(await field(page, 'Password').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field(page, 'Password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field(page, 'Password').getAttribute('type')).toBe('password');

    // While the call runs: disabled, 'Signing In…'. Then the server's error.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/backend/login', async (route) => {
      await held;
      await route.fulfill({ status: 401, json: { error: accountText.invalidCredentials } });
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    const busy = page.getByRole('button', { name: 'Signing In…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await alert(main, accountText.invalidCredentials);
    await page.unroute('**/backend/login');

    // No error text from the server: the spec's fallback.
    await answer(page, '/login', 502);
    await submit(main, {}, 'Sign In', fallback.login);

    // Unverified: the resend sub-view's checks and fallback.
    await answer(page, '/login', 403, { error: accountText.emailNotVerified, email_not_verified: true });
    await submit(main, {}, 'Sign In', accountText.emailNotVerified);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await heading(page, 'Resend Verification');
    await submit(main, { Email: '' }, 'Send Verification Email', validation.enterEmail);
    await submit(main, { Email: 'rose@example' }, 'Send Verification Email', validation.validEmail);
    expect(await focusedName(page)).toBe('email');
    await answer(page, '/resend-verification', 502);
    await submit(main, { Email: 'rose@example.com' }, 'Send Verification Email', fallback.resendOnLogin);
    await answer(page, '/resend-verification', 429, { error: accountText.tooManyEmails });
    await submit(main, {}, 'Send Verification Email', accountText.tooManyEmails);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await heading(page, 'Welcome Back');
    expect(browser.pageErrors).toEqual([]);
  });

  it('register: each rule in order, server and fallback errors; the success screen and its resend', async () => {
    const { page } = browser;
    await page.goto(url('/register'));
    await heading(page, 'Create Your Account');
    const main = page.getByRole('main');
    const good = { Username: 'rose', Email: 'rose@example.com', Password: 'secret1', 'Confirm Password': 'secret1' };

    const cases: [Record<string, string>, string, string][] = [
      [{ Username: '', Email: '', Password: '', 'Confirm Password': '' }, validation.fillAllFields, 'username'],
      [{ ...good, Username: 'ab', 'Confirm Password': '' }, validation.fillAllFields, 'confirmPassword'],
      [{ ...good, Username: 'ab' }, validation.usernameMin, 'username'],
      [{ ...good, Email: 'rose@example' }, validation.validEmail, 'email'],
      [{ ...good, Password: '12345', 'Confirm Password': '12345' }, validation.passwordMin, 'password'],
      [{ ...good, 'Confirm Password': 'secret2' }, validation.passwordsMismatch, 'confirmPassword'],
    ];
    for (const [values, message, focused] of cases) {
      await submit(main, values, 'Create Account', message);
      expect(await alerts(main), message).toEqual([message]);
      expect(await focusedName(page), message).toBe(focused);
    }

    await answer(page, '/register', 409, { error: accountText.usernameTaken });
    await submit(main, good, 'Create Account', accountText.usernameTaken);
    await answer(page, '/register', 502);
    await submit(main, {}, 'Create Account', fallback.register);

    await answer(page, '/register', 201, { message: accountText.registered });
    await main.getByRole('button', { name: 'Create Account' }).click();
    await heading(page, 'Check Your Email!');
    expect(await main.textContent()).toContain(accountText.registered);
    expect(await main.textContent()).toContain('rose@example.com');
    await answer(page, '/resend-verification', 502);
    await main.getByRole('button', { name: 'Resend Email' }).click();
    await alert(main, fallback.resendOnRegister);
    await answer(page, '/resend-verification', 200, { message: accountText.verificationSent });
    await main.getByRole('button', { name: 'Resend Email' }).click();
    await main.getByRole('status').filter({ hasText: accountText.verificationSent }).waitFor();
    expect(await alerts(main)).toEqual([]);
    await main.getByRole('link', { name: 'Go to Login' }).click();
    await heading(page, 'Welcome Back');
  });

  it('forgot password: required, shape, fallback', async () => {
    const { page } = browser;
    await page.goto(url('/forgot-password'));
    await heading(page, 'Forgot Your Password?');
    const main = page.getByRole('main');
    await submit(main, {}, 'Send Reset Link', validation.enterEmail);
    expect(await focusedName(page)).toBe('email');
    await submit(main, { Email: 'rose' }, 'Send Reset Link', validation.validEmail);
    await answer(page, '/request-password-reset', 502);
    await submit(main, { Email: 'rose@example.com' }, 'Send Reset Link', fallback.resetEmail);
  });

  it('verify email: no token, a refused link, and the fallback', async () => {
    const { page } = browser;
    await page.goto(url('/verify-email'));
    await heading(page, 'Verification Failed');
    await alert(page, fallback.verifyNoToken);
    expect(await page.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');

    await page.goto(url('/verify-email?token=made-up-token'));
    await alert(page, accountText.verifyInvalid);

    await answer(page, '/verify-email', 502);
    await page.goto(url('/verify-email?token=another'));
    await alert(page, fallback.verifyFailed);
  });

  it('reset password: no token, fallbacks, both fields, length, match, a link spent meanwhile', async () => {
    const { page } = browser;
    await page.goto(url('/reset-password'));
    await heading(page, 'Invalid Reset Link');
    await alert(page, fallback.resetNoToken);

    // A server failure while checking the link is not an invalid link (issue 11): it says so, and offers a retry.
    await answer(page, '/validate-reset-token', 502);
    await page.goto(url('/reset-password?token=abc'));
    await heading(page, 'Could Not Check Your Link');
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await answer(page, '/validate-reset-token', 400, { valid: false, error: fallback.resetInvalid });
    await page.goto(url('/reset-password?token=abc'));
    await heading(page, 'Invalid Reset Link');
    await alert(page, fallback.resetInvalid);

    await answer(page, '/validate-reset-token', 200, { valid: true, username: 'grandma_rose' });
    await page.goto(url('/reset-password?token=abc'));
    await page.getByText('Hi grandma_rose, choose a new password.').waitFor();
    const main = page.getByRole('main');
    const cases: [Record<string, string>, string, string][] = [
      [{}, validation.fillBothPasswords, 'password'],
      [{ 'New Password': 'secret1' }, validation.fillBothPasswords, 'confirmPassword'],
      [{ 'New Password': '12345', 'Confirm New Password': '12345' }, validation.passwordMin, 'password'],
      [
        { 'New Password': 'secret1', 'Confirm New Password': 'secret2' },
        validation.passwordsMismatch,
        'confirmPassword',
      ],
    ];
    for (const [values, message, focused] of cases) {
      await submit(main, values, 'Reset Password', message);
      expect(await focusedName(page), message).toBe(focused);
    }
    await answer(page, '/reset-password', 502);
    await submit(main, { 'Confirm New Password': 'secret1' }, 'Reset Password', fallback.resetFailed);
    await answer(page, '/reset-password', 400, { valid: false, error: accountText.resetInvalid });
    await main.getByRole('button', { name: 'Reset Password' }).click();
    await heading(page, 'Invalid Reset Link');
    await alert(page, accountText.resetInvalid);
  });

  it('profile: password rules, fallbacks, the deletion code, and a profile that fails to load', async () => {
    const { page, context } = browser;
    await signIn(context, { token: 'test-token' });
    await answer(page, '/api/profile', 200, fakeUser, 'GET');
    // The voice section asks for the voice status with the same (fake) token: no voice yet.
    await answer(
      page,
      '/api/voice/status',
      200,
      { voice_cloned: false, has_voice_sample: false, clone_status: 'none', engine: 'local' },
      'GET',
    );
    // So do the email settings and the download of everything (a 401 from the fake token would end the session).
    await answer(page, '/api/profile/family-mail', 200, { weekly_day: null, digest: true }, 'GET');
    await answer(page, '/api/keepsake/export/latest', 200, { build: null }, 'GET');
    await page.goto(url('/profile'));
    await heading(page, 'Your Profile');
    expect(await page.getByRole('region', { name: 'Account' }).locator('.badge').textContent()).toBe('! Not verified');

    const form = page.getByRole('form', { name: 'Change Password' });
    const cases: [Record<string, string>, string, string][] = [
      [{}, validation.currentPasswordRequired, 'current'],
      [{ 'Current Password': 'old-one', 'New Password': '12345' }, validation.newPasswordMin, 'next'],
      [{ 'New Password': 'secret1', 'Confirm New Password': 'secret2' }, validation.newPasswordsMismatch, 'confirm'],
    ];
    for (const [values, message, focused] of cases) {
      await submit(form, values, 'Update Password', message);
      expect(await focusedName(page), message).toBe(focused);
    }
    await answer(page, '/api/profile', 502, undefined, 'PUT');
    await submit(form, { 'Confirm New Password': 'secret1' }, 'Update Password', fallback.updateProfile);

    // Deletion: the fallbacks of both steps and the code rule.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await answer(page, '/api/profile/request-delete-account', 502);
    await dialog.getByRole('button', { name: 'Send Deletion Code' }).click();
    await alert(dialog, fallback.startDeletion);
    await answer(page, '/api/profile/request-delete-account', 200, { message: success.deletionCodeSent });
    await dialog.getByRole('button', { name: 'Send Deletion Code' }).click();
    await dialog.getByRole('status').filter({ hasText: success.deletionCodeSent }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('code');
    await submit(dialog, {}, 'Delete My Account', validation.deleteCode);
    await submit(dialog, { 'Deletion code': '1234567' }, 'Delete My Account', validation.deleteCode);
    await answer(page, '/api/profile/confirm-delete-account', 502);
    await submit(dialog, { 'Deletion code': '123456' }, 'Delete My Account', fallback.deleteAccount);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The profile cannot be loaded: the error, and a way to log out.
    await answer(page, '/api/profile', 502, undefined, 'GET');
    await page.reload();
    await heading(page, 'Your Profile');
    await alert(page, fallback.loadProfile);
    await page.getByRole('button', { name: 'Logout' }).click();
    await heading(page, 'Welcome Back');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
