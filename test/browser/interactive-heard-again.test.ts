import { interactiveText } from '@storyloom/shared/messages/interactive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { narratedStory, openSharedPlayer } from './interactive-support.ts';

const storyAudio = (page: Page) => page.locator('dialog[open] audio').first();

/**
 * A listener who heard the whole story and starts it again (found on the coordinator's walk): the question
 * went with the player's position, a second into the replay, so "what color was his car" got "I haven't got
 * to that part yet" though the car was heard a minute before. What was heard in this player stays heard.
 */
describe.runIf(browserTestsEnabled)('Heard once, heard for good (browser)', () => {
  const browser = useBrowser();

  it('after the story has played to its end and started again, a question about its middle is answered', async () => {
    const { page } = browser;
    const { login, story, title } = await narratedStory();
    const { dialog, play } = await openSharedPlayer(page, story.ID, login.token, title);
    // The whole story, played through (fast, so the test is short): the played ranges cover it from its start.
    await storyAudio(page).evaluate((audio: HTMLAudioElement) => {
      audio.playbackRate = 16;
    });
    await play.click();
    await storyAudio(page).evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<void>((resolve) => (audio.ended ? resolve() : audio.addEventListener('ended', () => resolve()))),
    );
    await storyAudio(page).evaluate((audio: HTMLAudioElement) => {
      audio.playbackRate = 1;
    });
    // Play again: the story starts over, and the listener asks at once.
    await dialog.getByRole('button', { name: 'Play Story' }).click();
    await expect
      .poll(() => storyAudio(page).evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime < 3))
      .toBe(true);
    await dialog.getByLabel(interactiveText.askLabel).fill('What color was his car?');
    await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
    const entry = dialog.locator('li.conversation-entry').filter({ hasText: 'What color was his car?' });
    await expect.poll(() => entry.textContent(), { timeout: 20_000 }).toContain('green');
    expect(await entry.textContent()).not.toContain("I haven't got to that part yet");
  }, 90_000);
});
