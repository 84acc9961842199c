import { describe, expect, inject, it } from 'vitest';
import { setPublic } from '../support/stories.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { narratedStory, phoneContext } from './interactive-support.ts';

/**
 * A visitor listening to a public story on a phone (the family's walk through the product). The player fills
 * the screen, and Back is how a phone user leaves it: Back must close the player and keep them on the story,
 * not take them off the story (and lose the conversation). Closing it with its own button adds no Back step.
 */
describe.runIf(browserTestsEnabled)('Back while listening on a phone (browser)', () => {
  const browser = useBrowser();

  it('Back closes the player and stays on the story; after the close button, Back leaves the story', async () => {
    const { login, story, title } = await narratedStory();
    await setPublic({ token: login.token }, story.ID, true);
    const context = await phoneContext(browser.context.browser()!);
    try {
      const page = await context.newPage();
      const at = `http://127.0.0.1:${new URL(inject('baseUrl')).port}`;
      await page.goto(`${at}/stories`, { timeout: 30_000 });
      await page.getByRole('link', { name: title }).first().tap();
      await page.waitForURL((u) => u.pathname === `/shared/${story.ID}`);
      const listen = page.getByRole('button', { name: 'Listen Interactively' });
      await listen.tap();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByRole('button', { name: 'Play Story' }).isEnabled()).toBe(true);

      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/shared/${story.ID}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expect.poll(() => listen.evaluate((el) => el === document.activeElement)).toBe(true);

      await listen.tap();
      await dialog.waitFor();
      await dialog
        .getByRole('button', { name: `Close ${title}` })
        .first()
        .tap();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/shared/${story.ID}`);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/stories');
    } finally {
      await context.close();
    }
  });
});
