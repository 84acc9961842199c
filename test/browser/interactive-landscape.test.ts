import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { browserTestsEnabled, saveScreenshot, url, useBrowser } from './browser.ts';
import { expectNoOverflow, narratedStory, sentenceTime } from './interactive-support.ts';

/**
 * A phone held sideways (844×390, touch): the question box is pinned to the player's bottom, over the lower
 * part of the story's text. The read-along keeps the sentence being spoken above the box, where it can be
 * read, not scrolled into the part of the text the box covers (issue 16).
 */
describe.runIf(browserTestsEnabled)('Listening on a phone held sideways (browser)', () => {
  const browser = useBrowser();

  it('keeps the spoken sentence in sight above the question box', async () => {
    const { login, story, title, timings } = await narratedStory();
    const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
      token: login.token,
    });
    const context = await browser.context.browser()!.newContext({
      viewport: { width: 844, height: 390 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      // Scrolls jump rather than glide, so where the sentence ends up can be read at once.
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      await page.goto(url(`/shared/${link.body.share_token}?interactive=true`), { waitUntil: 'domcontentloaded' });
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      const play = dialog.getByRole('button', { name: 'Play Story' });
      await expect.poll(() => play.isEnabled(), { timeout: 15_000 }).toBe(true);
      await dialog.locator('.read-along [role="button"]').first().waitFor();
      // The listener drags the player to the last sentence and plays (the position, as the seek bar sets it).
      await play.tap();
      await page.evaluate((t) => {
        document.querySelector<HTMLAudioElement>('dialog[open] audio')!.currentTime = t;
      }, sentenceTime(timings, 'forty') - 0.3);
      const speaking = dialog.locator('.read-along-sentence.is-speaking[data-sentence="8"]');
      await speaking.waitFor();
      const where = await speaking.evaluate((el) => {
        const sentence = el.getBoundingClientRect();
        const box = document.querySelector('dialog[open] .interactive-ask-box')!.getBoundingClientRect();
        const text = el.closest('.interactive-text')!.getBoundingClientRect();
        return {
          aboveBox: sentence.bottom <= box.top + 0.5,
          inText: sentence.top >= text.top - 0.5,
          onScreen: sentence.top >= 0 && sentence.bottom <= window.innerHeight,
        };
      });
      await saveScreenshot(page, 'interactive-landscape');
      expect(where).toEqual({ aboveBox: true, inText: true, onScreen: true });
      await expectNoOverflow(page);

      // The listener scrolls the dialog on a little, so the compact controls (shown once the player has gone)
      // are over the text's upper part, then goes back to the first sentence (at the text's very top): it
      // shows below the bar and above the box, with nothing over it.
      await page.evaluate(
        (t) => {
          const d = document.querySelector('dialog[open]')!;
          const text = d.querySelector('.interactive-text')!.getBoundingClientRect();
          const bar = d.querySelector('.interactive-mini-bar')!.getBoundingClientRect();
          d.scrollBy({ top: text.top - bar.bottom + 30, behavior: 'instant' });
          document.querySelector<HTMLAudioElement>('dialog[open] audio')!.currentTime = t;
        },
        sentenceTime(timings, 'met'),
      );
      const first = dialog.locator('.read-along-sentence.is-speaking[data-sentence="1"]');
      await first.waitFor();
      const seen = () =>
        first.evaluate((el) => {
          const line = el.getClientRects()[0]!;
          const box = document.querySelector('dialog[open] .interactive-ask-box')!.getBoundingClientRect();
          const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
          return {
            uncovered: hit !== null && el.contains(hit),
            aboveBox: line.bottom <= box.top + 0.5,
            onScreen: line.top >= 0 && line.bottom <= window.innerHeight,
          };
        });
      await expect.poll(seen).toEqual({ uncovered: true, aboveBox: true, onScreen: true });
    } finally {
      await context.close();
    }
  });
});
