import { success } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { expectToast } from './stories-support.ts';

/**
 * A keyboard-only storyteller (the walk through the product) makes and revokes a share link: the button
 * they pressed goes away each time, so the focus must land on what replaced it, not on the page's body.
 */
describe.runIf(browserTestsEnabled)('Share link by keyboard (browser)', () => {
  const browser = useBrowser();

  it('Enter on Generate Share Link focuses the new link; revoking it focuses Generate Share Link again', async () => {
    const login = await loginAs(await registerVerifiedUser());
    const story = await createStory({ token: login.token }, { title: 'The lake by keyboard' });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Generate Share Link' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, success.linkGenerated);
    const link = dialog.getByLabel('Link to this story');
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Revoke Link');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Revoke the Share Link?' });
    await confirm.getByRole('button', { name: 'Revoke Link' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, success.linkRevoked);
    const generate = dialog.getByRole('button', { name: 'Generate Share Link' });
    await expect.poll(() => generate.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('Enter on Remove Share: once the person is off the list, the focus is on "Shared with"', async () => {
    const login = await loginAs(await registerVerifiedUser());
    const friend = await registerVerifiedUser();
    const story = await createStory({ token: login.token }, { title: 'The lake, shared' });
    await shareWith({ token: login.token }, story.ID, friend.username, 'read');
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    await dialog.getByRole('button', { name: `Remove ${friend.username}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove This Share?' });
    await confirm.getByRole('button', { name: 'Remove Share', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, success.shareRemoved);
    await dialog.getByText('Nobody yet.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Shared with');
  });
});
