import { promptText } from '@storyloom/shared/messages';
import type { FamilyQuestionsDto } from '@storyloom/shared/schemas/prompts';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { grandchildOnPhone } from './family-support.ts';
import { expectToast } from './stories-support.ts';

/**
 * A grandchild on a phone writing grandma a question (the family's walk through the product). The dialog fills
 * the screen and Back (the gesture) is how a phone user leaves it: Back must close the dialog and keep them on
 * the story, with the question still there when they open it again. Closing it with its own button adds no
 * Back step (Back then leaves the story as before), and the question waits across leaving the page until sent.
 */
describe.runIf(browserTestsEnabled)('Back with "Ask … a question" open on a phone (browser)', () => {
  const browser = useBrowser();

  it('Back closes the dialog and keeps the story and the question; after its own close, Back leaves', async () => {
    const title = `The first radio ${crypto.randomUUID().slice(0, 6)}`;
    const {
      storyteller: grandma,
      owner: grandmaLogin,
      story,
      context,
      page,
    } = await grandchildOnPhone(browser.context.browser()!, { title, role: 'read' });
    const questions = async () =>
      (await api<FamilyQuestionsDto>('GET', '/api/prompts/family', { token: grandmaLogin.token })).body.questions.map(
        (q) => q.text,
      );
    try {
      await page.getByRole('link', { name: title }).first().tap();
      await page.waitForURL((u) => u.pathname === `/story/${story.ID}`);
      const heading = page.getByRole('heading', { level: 1, name: title });
      const ask = page.getByRole('button', { name: promptText.askTitle(grandma.username) });
      const dialog = page.getByRole('dialog', { name: promptText.askTitle(grandma.username) });
      const input = dialog.getByLabel(promptText.askLabel);

      // Typed, then Back: the dialog closes, the story stays, and the question is there on opening again.
      await ask.tap();
      await input.tap();
      await page.keyboard.type('Who carried the radio home');
      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/story/${story.ID}`);
      await heading.waitFor();
      await ask.tap();
      await expect.poll(() => input.inputValue()).toBe('Who carried the radio home');

      // Closed with its own button: still on the story, and Back leaves it (no entry of the dialog's left behind).
      await dialog.getByRole('button', { name: `Close ${promptText.askTitle(grandma.username)}` }).tap();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/story/${story.ID}`);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/dashboard');

      // Back on the story later, the question still waits; once sent it is gone from the box.
      await page.goForward();
      await heading.waitFor();
      await ask.tap();
      await expect.poll(() => input.inputValue()).toBe('Who carried the radio home');
      await input.tap();
      await page.keyboard.press('End');
      await page.keyboard.type('?');
      await dialog.getByRole('button', { name: promptText.askSend }).tap();
      await expectToast(page, promptText.askSent(grandma.username));
      await dialog.waitFor({ state: 'hidden' });
      expect(await questions()).toEqual(['Who carried the radio home?']);
      expect(new URL(page.url()).pathname).toBe(`/story/${story.ID}`);
      await ask.tap();
      await expect.poll(() => input.inputValue()).toBe('');
      await dialog.getByRole('button', { name: promptText.askCancel }).tap();
      await dialog.waitFor({ state: 'hidden' });
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/dashboard');
    } finally {
      await context.close();
    }
  });
});
