import { describe, expect, it } from 'vitest';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { expectToast } from './stories-support.ts';

/**
 * A grandchild commenting in a hurry (the family's walk through the product): the box stays editable while a
 * comment posts, so the next comment can be typed at once. Emptying the box when the first one lands must not
 * throw away what was typed meanwhile.
 */
describe.runIf(browserTestsEnabled)('Comments typed one after another (browser)', () => {
  const browser = useBrowser();

  it('words typed while the previous comment is posting stay in the box and post next', async () => {
    const owner = await loginAs(await registerVerifiedUser());
    const grandchild = await registerVerifiedUser();
    const story = await createStory({ token: owner.token }, { title: 'The summer at the lake' });
    await shareWith({ token: owner.token }, story.ID, grandchild.username, 'comment');
    await signIn(browser.context, await loginAs(grandchild));
    const { page } = browser;

    // Hold the first comment's answer until the second one is typed (a slow network, made certain).
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posted!: () => void;
    const sent = new Promise<void>((resolve) => {
      posted = resolve;
    });
    await page.route(`**/backend/api/stories/${story.ID}/comments`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posted();
      await held;
      await route.continue();
    });

    await page.goto(url(`/story/${story.ID}`));
    const box = page.getByLabel('Add a comment');
    await box.fill('What a summer that was!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await sent;
    await box.fill('Was Uncle Joe there too?');
    release();
    await expectToast(page, 'Comment added');
    await page.getByText('What a summer that was!').waitFor();
    expect(await box.inputValue()).toBe('Was Uncle Joe there too?');

    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page
      .getByRole('region', { name: /Comments/ })
      .getByText('Was Uncle Joe there too?')
      .waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    expect(await page.getByRole('alert').filter({ hasText: /./ }).count()).toBe(0);
  });
});
