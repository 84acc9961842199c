import { accountText, success } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { loginAs, registerVerifiedUser, waitForDeletionCode } from '../support/users.ts';
import { alert, heading } from './accounts-support.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';

/**
 * A keyboard-only user deleting their account (the walk through the product) mistypes the emailed code:
 * the refusal is announced and the focus stays in the code field, selected, so typing the code again
 * replaces the wrong one and Enter deletes the account.
 */
describe.runIf(browserTestsEnabled)('Delete account by keyboard (browser)', () => {
  const browser = useBrowser();

  it('after a wrong code, typing the right one and Enter deletes the account', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    await signIn(context, await loginAs(user, { localAddress: '127.0.9.3' }));
    await page.goto(url('/profile'));
    await heading(page, 'Your Profile');
    await page.getByRole('button', { name: 'Delete Account' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('button', { name: 'Send Deletion Code' }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: success.deletionCodeSent }).waitFor();
    const code = await waitForDeletionCode(user.email);

    await page.keyboard.type(code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await alert(dialog, accountText.deleteCodeInvalid);
    const codeField = dialog.getByLabel('Deletion code', { exact: true });
    await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.type(code);
    expect(await codeField.inputValue()).toBe(code);
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Notifications' }).getByText(success.accountDeleted).waitFor();
    await page.waitForURL((u) => u.pathname === '/');
  });
});
