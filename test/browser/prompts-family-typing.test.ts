import { promptText } from '@storyloom/shared/messages';
import type { FamilyQuestionsDto } from '@storyloom/shared/schemas/prompts';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { expectToast } from './stories-support.ts';

/**
 * "Ask … a question" on a slow connection: the form's code (react-hook-form and zod) loads only when the
 * dialog opens. What the reader types right after opening must not be lost while it arrives (docs/web.md).
 */
describe.runIf(browserTestsEnabled)('asking the family question while its form loads (browser)', () => {
  const browser = useBrowser();

  /** A grandchild on a story grandma shared with them by name, with the Ask button on screen. */
  async function storyPage() {
    const [grandma, grandchild] = await Promise.all([registerVerifiedUser(), registerVerifiedUser()]);
    const [grandmaLogin, grandchildLogin] = await Promise.all([loginAs(grandma), loginAs(grandchild)]);
    const story = await createStory(grandmaLogin, { title: 'The first radio' });
    await shareWith(grandmaLogin, story.ID, grandchild.username, 'read');
    await signIn(browser.context, grandchildLogin);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    const ask = page.getByRole('button', { name: promptText.askTitle(grandma.username) });
    await ask.waitFor();
    const dialog = page.getByRole('dialog', { name: promptText.askTitle(grandma.username) });
    const questions = async () =>
      (await api<FamilyQuestionsDto>('GET', '/api/prompts/family', { token: grandmaLogin.token })).body.questions.map(
        (q) => q.text,
      );
    return { page, ask, dialog, input: dialog.getByLabel(promptText.askLabel), grandma, questions };
  }

  /**
   * A slow connection: every script asked for from now on (the dialog's code and its chunks) is held back
   * until `release()`, instead of for a guessed time. `requested` settles once the form's own module was asked for.
   */
  async function holdScripts(page: Page) {
    const held: Route[] = [];
    let released = false;
    await page.route('**/*.js', async (route) => {
      if (released) return route.continue();
      held.push(route);
    });
    const requested = page.waitForRequest(/\/AskForm-[^/]*\.js$/);
    const release = async () => {
      const arrived = held.map((route) => page.waitForResponse((res) => res.request() === route.request()));
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await Promise.all(arrived);
    };
    return { held, requested, release };
  }

  it('the characters typed at once, before the form code has arrived, are all in the question that is sent', async () => {
    const { page, ask, input, grandma, questions } = await storyPage();
    const slow = await holdScripts(page);

    // Opened with the keyboard and typed into at once, without waiting for anything.
    await ask.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Who carried the radio home');
    await slow.requested;
    expect(slow.held.length, 'the form code was still on its way while typing').toBeGreaterThan(0);
    expect(await input.inputValue()).toBe('Who carried the radio home');
    // The form draws its own input when it arrives: this one going away says it has.
    const early = await input.elementHandle();

    // The code arrives: the form takes over with everything typed, the focus and caret still in its input.
    await slow.release();
    await expect.poll(() => early?.evaluate((el) => el.isConnected)).toBe(false);
    expect(await input.inputValue()).toBe('Who carried the radio home');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('?');

    // Sent with Enter: the storyteller has the whole question.
    await page.keyboard.press('Enter');
    await expectToast(page, promptText.askSent(grandma.username));
    expect(await questions()).toEqual(['Who carried the radio home?']);
  });

  it('Send pressed before the form code has arrived sends the question once it has', async () => {
    const { page, ask, dialog, grandma, questions } = await storyPage();
    const slow = await holdScripts(page);

    await ask.click();
    await page.keyboard.type('Where did the radio stand?');
    await dialog.getByRole('button', { name: promptText.askSend }).click();
    await slow.requested;
    await dialog.getByRole('button', { name: 'Sending…' }).waitFor();
    expect(await questions()).toEqual([]);

    await slow.release();
    await expectToast(page, promptText.askSent(grandma.username));
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await questions()).toEqual(['Where did the radio stand?']);
  });
});
