import { commentText } from '@storyloom/shared/messages/reading';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, logInOnScreen, pathOf, signIn, url, useBrowser } from './browser.ts';
import { phoneContext } from './interactive-support.ts';
import { expectToast } from './stories-support.ts';

/**
 * The family's walk through a private story's share link (the walk through the product as the family sees
 * it). Public routes never know the reader, so the link's page must not promise commenting to whoever signs
 * in: only people the story is shared with by name may comment on a private story, and they need a way
 * from the link to where they can.
 */
describe.runIf(browserTestsEnabled)('Comments on a private story opened by its link (browser)', () => {
  const browser = useBrowser();

  async function privateStoryWithLink() {
    const owner = await loginAs(await registerVerifiedUser());
    const story = await createStory({ token: owner.token }, { title: 'Grandma and the dance hall' });
    const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
      token: owner.token,
    });
    return { owner, story, token: link.body.share_token };
  }

  it('on a phone, a link holder is told who may comment, and after signing in is not left with nothing', async () => {
    const { story, token } = await privateStoryWithLink();
    const stranger = await registerVerifiedUser();
    const context = await phoneContext(browser.context.browser()!);
    try {
      const page = await context.newPage();
      const at = `http://127.0.0.1:${new URL(inject('baseUrl')).port}`;
      await page.goto(`${at}/shared/${token}`);
      const comments = page.getByRole('region', { name: /Comments/ });
      const byNameOnly = commentText.byNameOnly(story.author.username);
      await comments.getByText(byNameOnly).waitFor();

      await comments.getByRole('link', { name: commentText.signIn }).tap();
      await logInOnScreen(page, stranger);
      await page.waitForURL((u) => u.pathname === `/shared/${token}`);
      // Signed in, and still not someone it is shared with: the page says so instead of showing nothing.
      await comments.getByText(byNameOnly).waitFor();
      expect(await comments.getByRole('link').count()).toBe(0);
      expect(await page.getByLabel('Add a comment').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('on a laptop, a grandchild the story is shared with by name goes from the link to the comment box', async () => {
    const { owner, story, token } = await privateStoryWithLink();
    const grandchild = await registerVerifiedUser();
    await shareWith({ token: owner.token }, story.ID, grandchild.username, 'comment');
    await signIn(browser.context, await loginAs(grandchild));
    const { page } = browser;
    await page.goto(url(`/shared/${token}`));
    const comments = page.getByRole('region', { name: /Comments/ });
    await comments.getByRole('link', { name: commentText.addLink }).click();
    await page.waitForURL((u) => u.pathname === `/story/${story.ID}`);
    expect(pathOf(page)).toBe(`/story/${story.ID}`);
    await page.getByLabel('Add a comment').fill('I remember the green car!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(page, 'Comment added');
    await page.getByText('I remember the green car!').waitFor();
  });

  it('a reader with a read-only share is told so on the link page', async () => {
    const { owner, story, token } = await privateStoryWithLink();
    const reader = await registerVerifiedUser();
    await shareWith({ token: owner.token }, story.ID, reader.username, 'read');
    await signIn(browser.context, await loginAs(reader));
    const { page } = browser;
    await page.goto(url(`/shared/${token}`));
    await page
      .getByRole('region', { name: /Comments/ })
      .getByText(commentText.readOnly)
      .waitFor();
  });
});
