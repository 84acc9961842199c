import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe-support.ts';
import { browserTestsEnabled, saveScreenshot, useBrowser } from './browser.ts';
import { expectNoOverflow, focused, narratedStory, openSharedPlayer, SIX_QUESTIONS } from './interactive-support.ts';

/**
 * The player's controls in a long conversation (docs/interactive.md, "The player"): after six answers the
 * answers have pushed the player and the dialog's header off the top. A pause control, a close control and
 * the time must still be on screen, without scrolling, at 390×844 and 844×390 (touch), and pause and close
 * reached by Tab at 1280×900 (keyboard); pausing there must pause the narration. The controls are found by what they do (a visible button whose name
 * starts with 'Pause' or 'Close', wholly in the viewport, nothing drawn over its centre), not by design.
 */

const QUESTIONS = SIX_QUESTIONS;

type Spot = { name: string; x: number; y: number };

/** The first button named `prefix…` in the open dialog that a finger could press where it is now. */
function reachable(page: Page, prefix: string) {
  return page.evaluate((start): Spot | null => {
    const dialog = document.querySelector('dialog[open]')!;
    for (const button of dialog.querySelectorAll<HTMLButtonElement>('button')) {
      const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
      if (!name.startsWith(start) || button.disabled) continue;
      const r = button.getBoundingClientRect();
      if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && button.contains(hit)) return { name, x, y };
    }
    return null;
  }, prefix);
}

/** Where the story is (a visible 'm:ss / m:ss' wholly on screen, nothing drawn over it), or null. */
function timeShown(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]')!;
    for (const el of dialog.querySelectorAll<HTMLElement>('span')) {
      const text = el.textContent?.trim() ?? '';
      if (!/^\d+:\d\d \/ \d+:\d\d$/.test(text)) continue;
      const r = el.getBoundingClientRect();
      // Wide enough for its text (an ellipsis would hide it), inside the viewport.
      if (el.scrollWidth > Math.ceil(r.width) || r.width === 0 || r.top < 0 || r.bottom > innerHeight) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && el.contains(hit)) return text;
    }
    return null;
  });
}

const narration = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('dialog[open] audio')!;
    return { paused: audio.paused, time: audio.currentTime };
  });
const dialogScroll = (page: Page) => page.evaluate(() => document.querySelector('dialog[open]')!.scrollTop);
const playing = (page: Page) =>
  page.waitForFunction(() => document.querySelector<HTMLAudioElement>('dialog[open] audio')?.paused === false, null, {
    timeout: 20_000,
  });

/** Opens the player from a share link, plays the story and asks the six questions, as a finger or a keyboard. */
async function longConversation(page: Page, how: 'touch' | 'keyboard') {
  const { login, story, title } = await narratedStory();
  const { dialog, play } = await openSharedPlayer(page, story.ID, login.token, title);
  if (how === 'touch') await play.tap();
  else await play.click();
  await playing(page);

  const input = dialog.getByLabel('Ask the story a question');
  const ask = dialog.getByRole('button', { name: 'Ask', exact: true });
  const entries = dialog.locator('.conversation-entry');
  for (const [i, question] of QUESTIONS.entries()) {
    // A listener asks while the story plays (it resumes after each answer): the pause at the end has work to do.
    await playing(page);
    if (how === 'touch') {
      await input.tap();
      await page.keyboard.type(question);
      await ask.tap();
    } else {
      await input.focus();
      await page.keyboard.type(question);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => entries.count()).toBe(i + 1);
    // The first answer of a fresh server also loads the language model and the voice engine: allow for it.
    await expect.poll(() => entries.nth(i).getAttribute('aria-busy'), { timeout: 45_000 }).toBe(null);
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
  }
  await playing(page);
  return { dialog, title, input };
}

/** After the long conversation, by touch: pause and close are on screen as they are, and work there. */
async function checkByTouch(page: Page, dialog: Locator) {
  const scrolled = await dialogScroll(page);
  // The conversation really is long: the player's own row is out of sight.
  const fullPlay = await dialog.locator('.interactive-player .audio-play').boundingBox();
  expect(fullPlay!.y + fullPlay!.height, 'the full player has scrolled away').toBeLessThan(60);
  const pause = await reachable(page, 'Pause');
  const close = await reachable(page, 'Close');
  expect({ pause: pause?.name ?? null, close: close?.name ?? null, time: await timeShown(page) }).toEqual({
    pause: expect.stringMatching(/^Pause/),
    close: expect.stringMatching(/^Close/),
    time: expect.stringMatching(/ \/ /),
  });
  // What stands in for the player passes axe (WCAG 2 A/AA) as shown.
  expect(await seriousViolations(page)).toEqual([]);
  // Pressed where it is (a tap at its coordinates never scrolls first): the narration pauses, nothing scrolled.
  await page.touchscreen.tap(pause!.x, pause!.y);
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('dialog[open] audio')?.paused === true);
  expect(await dialogScroll(page)).toBe(scrolled);
  // The same place now offers Play.
  await expect.poll(async () => (await reachable(page, 'Play'))?.name).toMatch(/^Play/);
  expect((await narration(page)).paused).toBe(true);
  await expectNoOverflow(page);
  // Close, where it is, closes the player.
  await page.touchscreen.tap(close!.x, close!.y);
  await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
}

async function phoneRun(context: BrowserContext, shot: string) {
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  try {
    const { dialog } = await longConversation(page, 'touch');
    await checkByTouch(page, dialog);
    expect(errors).toEqual([]);
  } catch (error) {
    await saveScreenshot(page, shot);
    throw error;
  } finally {
    await context.close();
  }
}

describe.runIf(browserTestsEnabled)('The player controls in a long conversation (browser)', () => {
  const browser = useBrowser();
  const touch = { deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' } as const;

  it('on a 390×844 touch phone: pause and close stay on screen after six answers, and pause pauses', async () => {
    const context = await browser.context.browser()!.newContext({ viewport: { width: 390, height: 844 }, ...touch });
    await phoneRun(context, 'interactive-controls-phone');
  }, 240_000);

  it('on a phone held sideways (844×390): pause and close stay on screen after six answers, and pause pauses', async () => {
    const context = await browser.context.browser()!.newContext({ viewport: { width: 844, height: 390 }, ...touch });
    await phoneRun(context, 'interactive-controls-landscape');
  }, 240_000);

  it('at 1280×900 by keyboard: Tab from Ask reaches pause and close; Space pauses, Enter plays, Enter closes', async () => {
    const page = browser.page;
    const { dialog, input } = await longConversation(page, 'keyboard');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab: Ask, then the controls that stand in for the scrolled-away player.
    await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe('Ask');
    await page.keyboard.press('Tab');
    const scrolled = await dialogScroll(page);
    const pause = await focused(page);
    expect(pause.label).toMatch(/^Pause/);
    expect((await reachable(page, pause.label))?.name).toBe(pause.label);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('dialog[open] audio')?.paused === true);
    await expect.poll(async () => (await focused(page)).label).toMatch(/^Play/);
    await page.keyboard.press('Enter');
    await playing(page);
    expect(await dialogScroll(page)).toBe(scrolled);
    await page.keyboard.press('Tab');
    const close = await focused(page);
    expect(close.label).toMatch(/^Close/);
    expect((await reachable(page, close.label))?.name).toBe(close.label);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(browser.pageErrors).toEqual([]);
  }, 240_000);
});
