import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { narratedStory } from './interactive-support.ts';
import { fakeMicrophoneArgs } from './media-support.ts';
import { expectToast } from './stories-support.ts';

/** Presses Tab until the focused element's aria-label, label or text is `name`; fails after 60 presses. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

const storyTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);

/**
 * A grandchild who uses only the keyboard (the family's walk through the product): listens to a story shared
 * with them by name, seeks, asks it a question, comments and asks the storyteller a question, without a mouse.
 */
describe.runIf(browserTestsEnabled)('The family by keyboard alone (browser)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('plays, pauses and seeks with the keys, asks the story, comments and asks the storyteller', async () => {
    const { login: owner, story, title } = await narratedStory();
    const grandchild = await registerVerifiedUser();
    await shareWith({ token: owner.token }, story.ID, grandchild.username, 'comment');
    await signIn(browser.context, await loginAs(grandchild));
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`), { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await tabTo(page, 'Play AI Narration');
    await page.keyboard.press('Enter');
    await expect.poll(() => storyTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play AI Narration' }).waitFor();

    // Two presses of the arrow key move the story on by ten seconds, not by a fifth of one.
    await page.keyboard.press('Tab');
    const before = await storyTime(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => storyTime(page)).toBeGreaterThanOrEqual(before + 9.9);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => storyTime(page)).toBeLessThanOrEqual(before + 5.1);

    await tabTo(page, 'Listen Interactively');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Play Story' }).isEnabled()).toBe(true);
    await tabTo(page, 'Ask');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Where did you meet grandpa?');
    await page.keyboard.press('Enter');
    // The answer is in once its entry stops being busy (what it says is the answerer's business).
    const entry = dialog.locator('li.conversation-entry').filter({ hasText: 'Where did you meet grandpa?' });
    await entry.waitFor();
    await expect.poll(() => entry.getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await tabTo(page, 'Add a comment');
    await page.keyboard.type('I never knew about the dance hall!');
    await tabTo(page, 'Post Comment');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Comment added');
    await page
      .getByRole('region', { name: /Comments/ })
      .getByText('I never knew about the dance hall!')
      .waitFor();

    const storyteller = story.author.username;
    const ask = `Ask ${storyteller} a question`;
    await tabTo(page, ask);
    await page.keyboard.press('Enter');
    const question = page.getByLabel('Your question');
    await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('What song did the band play last?');
    await tabTo(page, 'Send question');
    await page.keyboard.press('Enter');
    await expectToast(page, `Your question was sent to ${storyteller}.`);
  });
});
