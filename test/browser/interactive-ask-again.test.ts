import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserTestsEnabled, saveScreenshot, useBrowser } from './browser.ts';
import {
  expectNoOverflow,
  focused,
  narratedStory,
  openSharedPlayer,
  phoneContext,
  SIX_QUESTIONS,
  sentenceTime,
} from './interactive-support.ts';

/**
 * Asking again (issue 16): after several answers the newest answer and the question box (input and Ask) are
 * on screen together, on a 390×844 touch phone and at 1280×900, so the next question needs no scrolling.
 * The questions are typed and sent where the box is on screen (a tap or a click at its coordinates, never a
 * locator action, which would scroll it into view first).
 */

const QUESTIONS = SIX_QUESTIONS;

type Box = { top: number; bottom: number; left: number; right: number };
interface Seen {
  /** Wholly inside the viewport and inside the dialog's box. */
  inside: boolean;
  /** Nothing is drawn over it (its top and bottom edges, at its middle, hit the element itself). */
  uncovered: boolean;
  box: Box;
}

/** Where the newest answer, the question input and Ask are, against the viewport (window.innerWidth/Height). */
function askGeometry(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')!;
    const frame = dialog.getBoundingClientRect();
    const seen = (el: Element | null | undefined): Seen | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      const box = {
        top: Math.round(r.top),
        bottom: Math.round(r.bottom),
        left: Math.round(r.left),
        right: Math.round(r.right),
      };
      const inside =
        r.top >= 0 &&
        r.left >= 0 &&
        r.bottom <= window.innerHeight &&
        r.right <= window.innerWidth &&
        r.top >= frame.top &&
        r.bottom <= frame.bottom;
      const x = r.left + r.width / 2;
      const hits = [r.top + 2, r.bottom - 2].map((y) => document.elementFromPoint(x, y));
      return { inside, uncovered: hits.every((hit) => hit !== null && el.contains(hit)), box };
    };
    const entries = dialog.querySelectorAll('.conversation-entry');
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      answer: seen(entries[entries.length - 1]?.querySelector('.conversation-answer')),
      input: seen(dialog.querySelector('.interactive-ask input')),
      ask: seen(dialog.querySelector('.interactive-ask button[type="submit"]')),
      sideways: { dialog: dialog.scrollLeft, page: window.scrollX },
    };
  });
}

/** Resolves once the dialog has kept its scroll position for three frames (a smooth scroll has ended). */
function scrollSettled(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const dialog = document.querySelector('dialog[open]')!;
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          still = dialog.scrollTop === last ? still + 1 : 0;
          last = dialog.scrollTop;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

type Geometry = Awaited<ReturnType<typeof askGeometry>>;

/**
 * The newest answer, the input and Ask wholly on screen and uncovered, nothing scrolled sideways. Soft: every
 * answer is checked and reported (with the boxes, so a failure says by how much), not only the first miss.
 */
function expectAskable(g: Geometry, after: number) {
  const flags = (s: Seen | null) => s && { inside: s.inside, uncovered: s.uncovered };
  const shown = { inside: true, uncovered: true };
  expect
    .soft(
      { answer: flags(g.answer), input: flags(g.input), ask: flags(g.ask), sideways: g.sideways },
      `after answer ${after}: ${JSON.stringify(g)}`,
    )
    .toEqual({ answer: shown, input: shown, ask: shown, sideways: { dialog: 0, page: 0 } });
}

const centre = (box: Box) => ({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });

/**
 * Opens the player from a share link, plays from the last sentence (so every answer can cite what was heard),
 * then asks every question where the question box is; after each answer checks what is on screen.
 */
async function askSeveral(page: Page, how: 'touch' | 'keyboard') {
  const { login, story, title, timings } = await narratedStory();
  const { dialog } = await openSharedPlayer(page, story.ID, login.token, title);
  const last: Locator = dialog.locator('.read-along [role="button"][data-sentence="8"]');
  await last.waitFor();
  // Choosing a sentence plays the story from it (as the hint under the text says). A Play press after it raced
  // the button turning into Pause: it waited for the story's end and started it over from the beginning.
  if (how === 'touch') await last.tap();
  else await last.click();
  const lastStart = sentenceTime(timings, 'forty');
  await page.waitForFunction(
    (t) => (document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? 0) > t,
    lastStart,
    { timeout: 30_000 },
  );

  const input = dialog.getByLabel('Ask the story a question');
  const entries = dialog.locator('.conversation-entry');
  const trail: string[] = [];
  for (const [i, question] of QUESTIONS.entries()) {
    const g = await askGeometry(page);
    // Where the box is now: a tap (or a click) there, then the question, then Ask (or Enter).
    if (how === 'touch') {
      await page.touchscreen.tap(centre(g.input!.box).x, centre(g.input!.box).y);
      await page.keyboard.type(question);
      await page.touchscreen.tap(centre(g.ask!.box).x, centre(g.ask!.box).y);
    } else {
      if (i === 0) await page.mouse.click(centre(g.input!.box).x, centre(g.input!.box).y);
      await page.keyboard.type(question);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => entries.count()).toBe(i + 1);
    const newest = entries.nth(i);
    // The first answer of a fresh server also loads the language model and the voice engine: allow for it.
    await expect.poll(() => newest.getAttribute('aria-busy'), { timeout: 45_000 }).toBe(null);
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    // The focus as before: on the answer on a touch screen, back in the question box for the keyboard.
    if (how === 'touch') expect((await focused(page)).className).toBe('conversation-entry');
    else await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

    await scrollSettled(page);
    const after = await askGeometry(page);
    trail.push(
      `${i + 1}: answer ${after.answer!.box.top}–${after.answer!.box.bottom}, input ${after.input!.box.top}–` +
        `${after.input!.box.bottom}, Ask ${after.ask!.box.top}–${after.ask!.box.bottom} of ${after.viewport.height}`,
    );
    expectAskable(after, i + 1);
    await expectNoOverflow(page);
  }
  // The answers are read out: each is a polite live region.
  expect(await dialog.locator('.conversation-answer[aria-live="polite"]').count()).toBe(QUESTIONS.length);
  if (how === 'keyboard') expect(await tabThroughAnswers(page, dialog)).toEqual({ reachedInput: true, hidden: [] });
  return trail;
}

/**
 * From Clear, Tab through every answer's controls (cited sentences, Replay) down to the question box: each one
 * focused is shown, not under the sticky question box (WCAG 2.4.11). Returns the ones drawn over.
 */
async function tabThroughAnswers(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Clear', exact: true }).focus();
  const hidden: string[] = [];
  for (let n = 0; n < 40; n++) {
    await page.keyboard.press('Tab');
    await scrollSettled(page);
    const now = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const hits = [r.top + 2, r.bottom - 2].map((y) => document.elementFromPoint(x, y));
      return {
        input: el.matches('.interactive-ask input'),
        shown: hits.every((hit) => hit !== null && el.contains(hit)),
        label: `${el.getAttribute('aria-label') ?? el.textContent?.trim()} (${Math.round(r.top)}–${Math.round(r.bottom)})`,
      };
    });
    if (now.input) return { reachedInput: true, hidden };
    if (!now.shown) hidden.push(now.label);
  }
  return { reachedInput: false, hidden };
}

describe.runIf(browserTestsEnabled)('Asking again after several answers (browser)', () => {
  const browser = useBrowser();

  it('on a 390×844 touch phone: the newest answer, the input and Ask stay on screen after every answer', async () => {
    const phone = await phoneContext(browser.context.browser()!);
    const page = await phone.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    try {
      const trail = await askSeveral(page, 'touch');
      console.info(`390×844 touch, viewport bottom 844:\n${trail.join('\n')}`);
      expect(errors).toEqual([]);
    } catch (error) {
      await saveScreenshot(page, 'interactive-ask-again-phone');
      throw error;
    } finally {
      await phone.close();
    }
  }, 240_000);

  it('at 1280×900 by keyboard: the newest answer and the question box stay on screen, the focus back in the box', async () => {
    const trail = await askSeveral(browser.page, 'keyboard');
    console.info(`1280×900 keyboard:\n${trail.join('\n')}`);
    expect(browser.pageErrors).toEqual([]);
  }, 240_000);
});
