import { interactiveText } from '@storyloom/shared/interactive';
import type { BrowserContext, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, saveScreenshot, signIn, url, useBrowser } from './browser.ts';
import {
  expectNoOverflow,
  expectOnScreen,
  focused,
  narratedStory,
  openSharedPlayer,
  phoneContext,
  sentenceTime,
  storyTime,
} from './interactive-support.ts';

/**
 * Listening on a phone and by keyboard (issue 16): the player fits a 390 px touch screen and a desktop, the
 * read-along keeps its paragraphs and is one tab stop, the focus goes somewhere sensible after Ask and back
 * to the opener on close, and a person the story is shared with by name listens from their story page.
 */

/**
 * The text's paragraphs (the hidden keyboard hint aside), each as the sentence numbers it holds; on the page,
 * not those of the player open over it.
 */
function paragraphs(scope: Locator) {
  return scope.evaluate((el) =>
    [...el.querySelectorAll('.read-along > p:not(.visually-hidden)')]
      .filter((p) => p.closest('dialog') === el.closest('dialog'))
      .map((p) => [...p.querySelectorAll('[data-sentence]')].map((s) => Number((s as HTMLElement).dataset.sentence))),
  );
}

/** The short sentence after the long wrapped one starts on the line where that one ends (not a line of its own). */
function sharesLine(scope: Locator, long: number, next: number) {
  return scope.evaluate(
    (el, [a, b]) => {
      const first = el.querySelector(`.read-along [data-sentence="${a}"]`)!.getClientRects();
      const second = el.querySelector(`.read-along [data-sentence="${b}"]`)!.getClientRects();
      return { wrapped: first.length > 1, sameLine: Math.abs(first[first.length - 1]!.top - second[0]!.top) < 2 };
    },
    [long, next] as const,
  );
}

describe.runIf(browserTestsEnabled)('Listening on a phone and by keyboard (browser)', () => {
  const browser = useBrowser();

  it('on a 390×844 touch phone, a link listener: the player fits, Ask is on screen, the text keeps its paragraphs and scrolls only itself', async () => {
    const { login, story, title, timings } = await narratedStory();
    const phone: BrowserContext = await phoneContext(browser.context.browser()!);
    const page = await phone.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    try {
      const { dialog, play } = await openSharedPlayer(page, story.ID, login.token, title);
      await dialog.locator('.read-along [role="button"]').first().waitFor();
      await expectNoOverflow(page);

      // Ask, the time and Clear are wholly on screen.
      const ask = dialog.getByRole('button', { name: 'Ask' });
      await expectOnScreen(page, ask);
      await expectOnScreen(page, dialog.locator('.audio-time'));
      const clear = dialog.getByRole('button', { name: 'Clear', exact: true });
      await clear.scrollIntoViewIfNeeded();
      await expectOnScreen(page, clear);

      // Paragraphs kept, in the player and on the page behind it.
      const expected = [
        [1, 2],
        [3, 4],
        [5, 6, 7, 8],
      ];
      expect(await paragraphs(dialog)).toEqual(expected);
      expect(await paragraphs(page.locator('article.shared-story'))).toEqual(expected);

      // The read-along follows the voice by scrolling its own box, never the dialog or the page sideways.
      const before = await dialog.boundingBox();
      await play.tap();
      const last = sentenceTime(timings, 'forty');
      await page.waitForFunction(
        (t) => (document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? 0) > t,
        last,
        { timeout: 60_000 },
      );
      await dialog.locator('.read-along-sentence.is-speaking[data-sentence="8"]').waitFor();
      const scrolled = await page.evaluate(() => {
        const d = document.querySelector('dialog[open]')!;
        return {
          text: d.querySelector('.interactive-text')!.scrollTop,
          textLeft: d.querySelector('.interactive-text')!.scrollLeft,
          dialogLeft: d.scrollLeft,
          bodyLeft: d.querySelector('.modal-body')!.scrollLeft,
          pageX: window.scrollX,
        };
      });
      expect(scrolled).toEqual({ text: expect.any(Number), textLeft: 0, dialogLeft: 0, bodyLeft: 0, pageX: 0 });
      expect(scrolled.text).toBeGreaterThan(0);
      expect((await dialog.boundingBox())!.x).toBe(before!.x);
      await expectNoOverflow(page);

      // Ask by touch: the question waits as an entry that holds the focus; on a touch screen the focus stays
      // on the answer (the question box would pull up the keyboard over it).
      const input = dialog.getByLabel('Ask the story a question');
      await input.fill('Where did you meet grandpa?');
      await ask.tap();
      const entry = dialog.locator('.conversation-entry').first();
      await expect.poll(async () => (await focused(page)).className).toBe('conversation-entry');
      // The first answer of a fresh server also loads the language model and the voice engine: allow for it.
      await entry.getByText('Roseland dance hall', { exact: false }).first().waitFor({ timeout: 45_000 });
      await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect((await focused(page)).className).toBe('conversation-entry');
      await expectNoOverflow(page);
      await ask.scrollIntoViewIfNeeded();
      await expectOnScreen(page, ask);

      // Closed by touch, opened again from the page's own button, closed again: the focus is back on the opener.
      await dialog.getByRole('button', { name: `Close ${title}` }).tap();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      const listen = page.getByRole('button', { name: 'Listen Interactively' });
      await listen.tap();
      await dialog.waitFor();
      await expectNoOverflow(page);
      await dialog.getByRole('button', { name: `Close ${title}` }).tap();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => listen.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
    } catch (error) {
      await saveScreenshot(page, 'interactive-phone');
      throw error;
    } finally {
      await phone.close();
    }
  }, 180_000);

  it('at 1280×900 by keyboard, a person the story is shared with by name: one tab stop, arrows and Enter seek, focus after Ask and on close', async () => {
    const { login, story, title, timings } = await narratedStory();
    const reader = await registerVerifiedUser();
    await shareWith({ token: login.token }, story.ID, reader.username, 'read');
    await signIn(browser.context, await loginAs(reader));
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`), { waitUntil: 'domcontentloaded', timeout: 30_000 });

    // Their story page: the narration with its paragraphs (a long sentence wraps and the next one follows it
    // on the same line), and Listen Interactively.
    const article = page.locator('article.story-page');
    await article.locator('.read-along [role="button"]').first().waitFor();
    expect(await paragraphs(article)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6, 7, 8],
    ]);
    expect(await sharesLine(article, 3, 4)).toEqual({ wrapped: true, sameLine: true });
    const listen = page.getByRole('button', { name: 'Listen Interactively' });
    await listen.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await dialog.getByText(interactiveText.sharedNote).waitFor();
    const play = dialog.getByRole('button', { name: 'Play Story' });
    await expect.poll(() => play.isEnabled(), { timeout: 15_000 }).toBe(true);
    const text = dialog.locator('.read-along');
    await text.locator('[role="button"]').first().waitFor();
    await expectNoOverflow(page);
    await expectOnScreen(page, dialog.getByRole('button', { name: 'Ask' }));
    expect(await paragraphs(dialog)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6, 7, 8],
    ]);
    expect(await sharesLine(dialog, 3, 4)).toEqual({ wrapped: true, sameLine: true });

    // The text is one tab stop, described for screen readers.
    expect(await text.locator('[tabindex="0"]').count()).toBe(1);
    expect(await text.getAttribute('role')).toBe('group');
    expect(await page.locator(`[id="${await text.getAttribute('aria-describedby')}"]`).textContent()).toBe(
      interactiveText.readAlongHint,
    );
    // Before any question Clear is disabled: the text is the stop before the question box (which comes last,
    // under the conversation).
    expect(await dialog.getByRole('button', { name: 'Clear', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Ask the story a question').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ sentence: '1' });
    // Arrows move between sentences; Enter plays from the focused one.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ sentence: '3' });
    await page.keyboard.press('End');
    expect(await focused(page)).toMatchObject({ sentence: '8' });
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toMatchObject({ sentence: '7' });
    await page.keyboard.press('Enter');
    const seventh = sentenceTime(timings, 'garden');
    await expect.poll(() => storyTime(page)).toBeGreaterThan(seventh - 1.5);
    expect(await storyTime(page)).toBeLessThan(seventh);
    // Still one stop, now on the sentence chosen: Tab leaves the text, Shift+Tab comes back to it.
    expect(await text.locator('[tabindex="0"]').getAttribute('data-sentence')).toBe('7');
    expect(await text.locator('[tabindex="0"]').count()).toBe(1);

    // Ask by keyboard: the entry waiting for the answer takes the focus, then the question box once the next
    // question can be asked.
    const input = dialog.getByLabel('Ask the story a question');
    await input.focus();
    await input.fill('Where did you meet grandpa?');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).className).toBe('conversation-entry');
    const entry = dialog.locator('.conversation-entry').first();
    await entry.getByText('Roseland dance hall', { exact: false }).first().waitFor({ timeout: 45_000 });
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

    // Closing hands the focus back to the button that opened the player.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await listen.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(browser.pageErrors).toEqual([]);
  }, 180_000);
});
