import { accountText, success, validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { loginAs, registerVerifiedUser, waitForDeletionCode } from '../support/users.ts';
import { alert, field, heading } from './accounts-support.ts';
import { browserTestsEnabled, pathOf, signIn, url, useBrowser } from './browser.ts';

describe.runIf(browserTestsEnabled)('Accounts: profile (browser)', () => {
  const browser = useBrowser();

  it('shows the account; changes the password (wrong current one refused); logs out and in with the new one', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    await signIn(context, await loginAs(user, { localAddress: '127.0.9.1' }));
    const newPassword = `${user.password}-2`;

    await page.goto(url('/profile'));
    await heading(page, 'Your Profile');
    const account = page.getByRole('region', { name: 'Account' });
    expect(await account.locator('.avatar').textContent()).toBe(user.username[0]!.toUpperCase());
    expect(await account.locator('.avatar').evaluate((el) => el.getBoundingClientRect().width)).toBe(96);
    expect(await account.getByText(user.username, { exact: true }).isVisible()).toBe(true);
    expect(await account.getByText(user.email, { exact: true }).isVisible()).toBe(true);
    expect(await account.locator('.badge').textContent()).toBe('✓ Verified');
    const voice = page.getByRole('region', { name: 'Voice and Narration' });
    // Step 1 of the voice setup (test/browser/voice-narration.test.ts walks all three).
    await voice.getByRole('button', { name: 'Upload Voice Sample' }).waitFor();

    // A wrong current password: the server's message.
    const form = page.getByRole('form', { name: 'Change Password' });
    await field(form, 'Current Password').fill('not-my-password');
    await field(form, 'New Password').fill(newPassword);
    await field(form, 'Confirm New Password').fill(newPassword);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await alert(form, accountText.currentPasswordWrong);

    // The right one: the success note, which clears itself after 3 seconds; the fields are emptied.
    await field(form, 'Current Password').fill(user.password);
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Update Password' }).click();
    const saved = page.getByRole('status').filter({ hasText: success.profileUpdated });
    await saved.waitFor();
    expect(await field(form, 'New Password').inputValue()).toBe('');
    await saved.waitFor({ state: 'detached', timeout: 6_000 });

    // The change ended every other session, not this one: the page keeps the fresh tokens, so a reload (or
    // the next call) is still signed in.
    await page.reload();
    await heading(page, 'Your Profile');
    await account.getByText(user.username, { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/profile');

    // Logout, then the new password logs in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await heading(page, 'Welcome Back');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([
      null,
      null,
    ]);
    await field(page, 'Username or Email').fill(user.username);
    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(browser.pageErrors).toEqual([]);
  });

  it('deletes the account with the mailed code (a wrong code is refused), then is logged out for good', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    await signIn(context, await loginAs(user, { localAddress: '127.0.9.2' }));

    await page.goto(url('/profile'));
    await heading(page, 'Your Profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('cannot be undone');
    await dialog.getByRole('button', { name: 'Send Deletion Code' }).click();
    await dialog.getByRole('status').filter({ hasText: success.deletionCodeSent }).waitFor();
    const code = await waitForDeletionCode(user.email);

    // Not 6 characters: refused before the server is asked. A wrong code: the server's message.
    await field(dialog, 'Deletion code').fill(code.slice(0, 5));
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await alert(dialog, validation.deleteCode);
    const wrong = code === '000000' ? '111111' : '000000';
    await field(dialog, 'Deletion code').fill(wrong);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await alert(dialog, accountText.deleteCodeInvalid);

    // The right code: the toast, home, logged out.
    await field(dialog, 'Deletion code').fill(code);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByRole('status', { name: 'Notifications' }).getByText(success.accountDeleted).waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The account is gone: logging in fails with the login error.
    await page.goto(url('/login'));
    await field(page, 'Username or Email').fill(user.username);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await alert(page, accountText.invalidCredentials);
    expect(pathOf(page)).toBe('/login');
    expect(browser.pageErrors).toEqual([]);
  });
});
