import { declineText } from '@storyloom/shared/messages';
import { interactiveText } from '@storyloom/shared/messages/interactive';
import { describe, expect, it } from 'vitest';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { narratedStory, openSharedPlayer, sentenceTime } from './interactive-support.ts';

/**
 * A follow-up in the listening player (docs/interactive.md, "Follow-ups"): after "Where did you meet
 * grandpa?", "what year was that" is answered with the year of the meeting; once the conversation is
 * cleared, the same words point at nothing and the story says it does not tell.
 */
describe.runIf(browserTestsEnabled)('A follow-up question in the player (browser)', () => {
  const browser = useBrowser();

  it('is answered about the last answer, and not after Clear', async () => {
    const { login, story, title, timings } = await narratedStory();
    const { page } = browser;
    const { dialog } = await openSharedPlayer(page, story.ID, login.token, title);
    // Heard to the last sentence: choosing it plays the story from there.
    await dialog.locator('.read-along [role="button"][data-sentence="8"]').click();
    await page.waitForFunction(
      (t) => (document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? 0) > t,
      sentenceTime(timings, 'forty'),
      { timeout: 30_000 },
    );
    const input = dialog.getByLabel(interactiveText.askLabel);
    const answers = dialog.locator('.conversation-entry .conversation-answer');
    const askAndRead = async (question: string, count: number) => {
      await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
      await input.fill(question);
      await input.press('Enter');
      await expect.poll(() => answers.count(), { timeout: 15_000 }).toBe(count);
      await expect
        .poll(async () => (await answers.nth(count - 1).textContent())?.trim(), { timeout: 15_000 })
        .not.toMatch(new RegExp(`^(${interactiveText.asking})?$`));
      return (await answers.nth(count - 1).textContent()) ?? '';
    };

    expect(await askAndRead('Where did you meet grandpa?', 1)).toContain('Roseland dance hall');
    expect(await askAndRead('what year was that', 2)).toContain('1952');

    await dialog.getByRole('button', { name: interactiveText.clear, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: interactiveText.clearConfirm });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: interactiveText.clear, exact: true }).click();
    await expect.poll(() => answers.count()).toBe(0);
    expect(await askAndRead('what year was that', 1)).toContain(declineText['not-in-story']);
    expect(browser.pageErrors).toEqual([]);
  }, 120_000);
});
