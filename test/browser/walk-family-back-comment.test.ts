import { describe, expect, it } from 'vitest';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { grandchildOnPhone } from './family-support.ts';
import { expectToast } from './stories-support.ts';

/**
 * A grandchild writing a comment on a phone swipes Back by mistake (the family's walk through the product):
 * coming back to the story, the half-written comment is still in the box. Once posted it is gone for good.
 */
describe.runIf(browserTestsEnabled)('A half-written comment and Back (browser)', () => {
  const browser = useBrowser();

  it('keeps the comment across Back and Forward, and forgets it once posted', async () => {
    const title = `The shipyard ${crypto.randomUUID().slice(0, 6)}`;
    const { story, context, page } = await grandchildOnPhone(browser.context.browser()!, { title, role: 'comment' });
    try {
      await page.getByRole('link', { name: title }).first().tap();
      await page.waitForURL((u) => u.pathname === `/story/${story.ID}`);
      const box = page.getByLabel('Add a comment');
      await box.fill('Grandpa told me about the whistle at five, and');

      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.goForward();
      await page.waitForURL((u) => u.pathname === `/story/${story.ID}`);
      await expect.poll(() => box.inputValue()).toBe('Grandpa told me about the whistle at five, and');

      await box.fill('Grandpa told me about the whistle at five!');
      await page.getByRole('button', { name: 'Post Comment' }).tap();
      await expectToast(page, 'Comment added');
      await expect.poll(() => box.inputValue()).toBe('');
      await page.reload();
      await page
        .getByRole('region', { name: /Comments/ })
        .getByText('Grandpa told me about the whistle at five!')
        .waitFor();
      expect(await box.inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });
});
