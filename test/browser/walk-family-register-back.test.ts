import { describe, expect, inject, it } from 'vitest';
import { newCredentials } from '../support/users.ts';
import { field, heading } from './accounts-support.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { phoneContext } from './interactive-support.ts';

/**
 * A grandchild registering on a phone (the family's walk through the product) stops to read the privacy
 * policy from the footer and comes Back: what they typed is still there, except the passwords, which are
 * never kept. Once the account is made, the form starts empty again.
 */
describe.runIf(browserTestsEnabled)('Register, then Back from the privacy policy (browser)', () => {
  const browser = useBrowser();

  it('keeps the username and email (not the passwords) across Back, and forgets them after registering', async () => {
    const context = await phoneContext(browser.context.browser()!);
    try {
      const page = await context.newPage();
      const at = `http://127.0.0.1:${new URL(inject('baseUrl')).port}`;
      const user = newCredentials('rb');
      await page.goto(`${at}/register`);
      await heading(page, 'Create Your Account');
      await field(page, 'Username').fill(user.username);
      await field(page, 'Email').fill(user.email);
      await field(page, 'Password').fill(user.password);

      await page.getByRole('link', { name: 'Privacy Policy' }).tap();
      // The policy's page is on screen (the register form is gone), not only its address.
      await heading(page, 'Privacy Policy');
      await page.goBack();
      await heading(page, 'Create Your Account');
      expect(await field(page, 'Username').inputValue()).toBe(user.username);
      expect(await field(page, 'Email').inputValue()).toBe(user.email);
      expect(await field(page, 'Password').inputValue()).toBe('');
      expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage, ...localStorage })))).not.toContain(
        user.password,
      );

      await field(page, 'Password').fill(user.password);
      await field(page, 'Confirm Password').fill(user.password);
      await page.getByRole('button', { name: 'Create Account' }).tap();
      await heading(page, 'Check Your Email!');
      await page.goto(`${at}/register`);
      await heading(page, 'Create Your Account');
      expect(await field(page, 'Username').inputValue()).toBe('');
      expect(await field(page, 'Email').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });
});
