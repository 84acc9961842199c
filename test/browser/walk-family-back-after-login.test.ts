import { commentText } from '@storyloom/shared/messages/reading';
import { describe, expect, inject, it } from 'vitest';
import { createPublicStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, logInOnScreen, useBrowser } from './browser.ts';
import { phoneContext } from './interactive-support.ts';

/**
 * A visitor reading a public story on a phone signs in to comment, then presses Back (the family's walk through
 * the product). Back must leave the story for the page before it: logging in used to add the story to the history
 * a second time, so the first Back showed the same story again and seemed to do nothing.
 */
describe.runIf(browserTestsEnabled)('Back after "Sign in to comment" (browser)', () => {
  const browser = useBrowser();

  it('after signing in from the story, one Back returns to the page before the story', async () => {
    const owner = await loginAs(await registerVerifiedUser());
    const title = `Maple Street ${crypto.randomUUID().slice(0, 6)}`;
    const story = await createPublicStory({ token: owner.token }, { title });
    const visitor = await registerVerifiedUser();
    const context = await phoneContext(browser.context.browser()!);
    try {
      const page = await context.newPage();
      const at = `http://127.0.0.1:${new URL(inject('baseUrl')).port}`;
      await page.goto(`${at}/author/${story.author.id}`);
      await page.getByRole('link', { name: title }).first().tap();
      await page.waitForURL((u) => u.pathname === `/shared/${story.ID}`);

      await page.getByRole('link', { name: commentText.signIn }).tap();
      await page.waitForURL((u) => u.pathname === '/login');
      await logInOnScreen(page, visitor);
      await page.waitForURL((u) => u.pathname === `/shared/${story.ID}`);
      await page.getByRole('link', { name: commentText.addLink }).waitFor();

      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/author/${story.author.id}`);
      await page.getByRole('link', { name: title }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
