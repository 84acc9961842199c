import { interactiveText } from '@storyloom/shared/messages/interactive';
import { describe, expect, inject, it } from 'vitest';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { narratedStory, openSharedPlayer, phoneContext, sentenceTime, storyTime } from './interactive-support.ts';

/**
 * A link listener on a phone taps a sentence of the read-along in the listening player (the family's walk
 * through the product). The hint under the text says the story plays from the chosen sentence, as it does on
 * the page; in the player it only moved there and stayed paused.
 */
describe.runIf(browserTestsEnabled)('Tapping a sentence in the listening player (browser)', () => {
  const browser = useBrowser();

  it('plays the story from the tapped sentence', async () => {
    const { login, story, title, timings } = await narratedStory();
    const context = await phoneContext(browser.context.browser()!);
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${new URL(inject('baseUrl')).port}/`);
      const { dialog } = await openSharedPlayer(page, story.ID, login.token, title);
      await dialog.getByText(interactiveText.readAlongHint).waitFor({ state: 'attached' });

      const garden = sentenceTime(timings, 'It');
      await dialog.getByText('It had a garden full of roses.').tap();
      await expect.poll(() => storyTime(page), { timeout: 10_000 }).toBeGreaterThan(garden + 0.3);
      expect(await dialog.locator('audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
