import { interactiveTimings } from '@storyloom/shared/interactive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { narratedStory, openSharedPlayer } from './interactive-support.ts';

/**
 * The story goes on after an answer (docs/interactive.md, "The player"): a listener who asks again in the
 * half second between one answer's end and the story's resume still hears the story go on after the second
 * answer. Answers play through `new Audio(url)`, not an element in the page: the test counts them and waits
 * for the end of each by wrapping `Audio` before the app loads.
 */

const storyPaused = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('dialog[open] audio')!.paused);

/** Resolves when the `n`th answer's audio (1-based) has played to its end. */
const answerEnded = (page: Page, n: number) =>
  page.waitForFunction(
    (count) => {
      const answers = (window as unknown as { answerAudios: HTMLAudioElement[] }).answerAudios;
      return answers.length >= count && answers[count - 1]!.ended;
    },
    n,
    { timeout: 45_000, polling: 20 },
  );

describe.runIf(browserTestsEnabled)('The story resumes after an answer (browser)', () => {
  const browser = useBrowser();

  it('asking again right after an answer ends still resumes the story after the second answer', async () => {
    const { page } = browser;
    await page.addInitScript(() => {
      const Original = window.Audio;
      const answers: HTMLAudioElement[] = [];
      (window as unknown as { answerAudios: HTMLAudioElement[] }).answerAudios = answers;
      window.Audio = function Audio(src?: string) {
        const audio = new Original(src);
        answers.push(audio);
        return audio;
      } as unknown as typeof window.Audio;
    });
    const { login, story, title } = await narratedStory();
    const { dialog, play } = await openSharedPlayer(page, story.ID, login.token, title);
    await play.click();
    await expect.poll(() => storyPaused(page), { timeout: 20_000 }).toBe(false);

    const input = dialog.getByLabel('Ask the story a question');
    const ask = dialog.getByRole('button', { name: 'Ask', exact: true });
    await input.fill('Where did you meet grandpa?');
    await ask.click();
    await answerEnded(page, 1);
    // Within the half second before the story would go on, the listener asks again.
    const asked = Date.now();
    await input.fill('Where did grandpa work?');
    await ask.click();
    expect(Date.now() - asked, 'asked again before the resume').toBeLessThan(interactiveTimings.resumeAfterAnswer);
    await answerEnded(page, 2);
    await expect.poll(() => storyPaused(page), { timeout: interactiveTimings.resumeAfterAnswer + 5_000 }).toBe(false);
  }, 120_000);
});
