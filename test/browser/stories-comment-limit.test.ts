import { COMMENT_MAX } from '@storyloom/shared/constants';
import { describe, expect, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';

/**
 * A comment one character too long (the family's walk): the counter under the box and the error on posting
 * name the same limit, written the same way ("2,000" in both, not "2000" in one of them).
 */
describe.runIf(browserTestsEnabled)('the comment limit as the reader sees it (browser)', () => {
  const browser = useBrowser();

  it('the counter and the error write the limit alike', async () => {
    const owner = await loginAs(await registerVerifiedUser());
    const story = await createStory(owner, { title: 'The long letter' });
    await signIn(browser.context, owner);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    const box = page.getByLabel('Add a comment');
    await box.fill('x'.repeat(COMMENT_MAX + 1));
    await page.getByText('2,001 / 2,000 characters (1 over the limit)').waitFor();

    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Comments must be at most 2,000 characters').waitFor();
    expect(await page.getByText(/2000/).count()).toBe(0);
  });
});
