import { interactiveText } from '@storyloom/shared/interactive';
import { promptText, success } from '@storyloom/shared/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { narratedStory, openSharedPlayer } from './interactive-support.ts';
import { expectToast, openContext, waitForPath } from './stories-support.ts';

/** Every response of `page` with status ≥ 400 (what the browser console shows as a failed load). */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400)
      failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

/**
 * A listener's question, asked in the listening overlay, answered by the storyteller (docs/family-loop.md):
 * answering removes it, so nothing may ask for it again afterwards (the walk saw a 404 in the console).
 */
describe.runIf(browserTestsEnabled)('a listener asks, the storyteller answers (browser)', () => {
  const browser = useBrowser();

  it('goes from the question in the overlay to the saved answer without a failed request', async () => {
    const { login, story, title } = await narratedStory();
    const question = 'Did you ever have a dog?';

    // A listener on a share link asks something the story never tells.
    const listener = browser.page;
    const listenerFailed = failedResponses(listener);
    const { dialog } = await openSharedPlayer(listener, story.ID, login.token, title);
    await dialog.getByLabel('Ask the story a question').fill(question);
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await dialog.getByText("My story doesn't say", { exact: false }).waitFor({ timeout: 45_000 });
    await expect.poll(() => dialog.getByLabel('Ask the story a question').isEnabled(), { timeout: 15_000 }).toBe(true);
    const ended = listener.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/end/'));
    await dialog.getByRole('button', { name: `Close ${title}` }).click();
    expect((await ended).status()).toBe(200);

    // The storyteller finds it among the family's questions and answers it in writing.
    const other = await openContext(browser.context);
    try {
      await signIn(other.context, login);
      const teller = other.page;
      const tellerFailed = failedResponses(teller);
      await teller.goto(url('/dashboard'));
      const family = teller.getByRole('region', { name: promptText.familyTitle });
      const item = family.getByRole('listitem').filter({ hasText: question });
      await item.getByText(promptText.askedByListener(title)).waitFor();
      await item.getByRole('link', { name: `${promptText.answerByWriting}: ${question}` }).click();
      await teller.getByRole('region', { name: promptText.answeringLabel }).getByText(question).waitFor();
      await teller.getByLabel('Your story').fill('Yes: a collie called Bess, who slept under the porch.');
      // The save, the mark and whatever the screens load after it.
      const marked = teller.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/answered'));
      await teller.getByRole('button', { name: 'Create Text Story' }).click();
      await expectToast(teller, success.storyCreated);
      expect((await marked).status()).toBe(200);
      await waitForPath(teller, '/dashboard');
      // Answered: it leaves the family's list (and its story's "Your family asked"); the dashboard has settled.
      await expect.poll(() => family.getByText(question).count()).toBe(0);
      await teller.goto(url(`/story/${story.ID}`));
      await teller.getByRole('region', { name: 'Interactive Features' }).waitFor();
      expect(await teller.getByText(interactiveText.familyAsked).count()).toBe(0);
      expect(tellerFailed).toEqual([]);
    } finally {
      await other.context.close();
    }
    expect(listenerFailed).toEqual([]);
    const left = await api<{ questions: unknown[] }>('GET', `/api/interactive/questions/${story.ID}`, {
      token: login.token,
    });
    expect(left.body.questions).toEqual([]);
  }, 180_000);
});
