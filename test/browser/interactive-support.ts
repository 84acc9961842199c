import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from '../support/http.ts';
import { narrateStory } from '../support/narration.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { url } from './browser.ts';

/** Three paragraphs; the second opens with a sentence long enough to wrap, then a short one. */
export const CONTENT =
  'I met your grandfather at the Roseland dance hall in 1952. The band played until midnight.\n\n' +
  'He was working at the shipyard then, riveting the long steel plates of the tankers from seven in the morning ' +
  'until the whistle blew at five, and after that he walked me home every single night. His car was green.\n\n' +
  'We were married at St. Agnes Church the next June. Years later we bought a little house on Maple Street. ' +
  'It had a garden full of roses. We lived there for forty years.';

/** Six questions a grandchild asks of CONTENT, for the long-conversation tests. */
export const SIX_QUESTIONS = [
  'Where did you meet grandpa?',
  'Where did grandpa work?',
  'What color was his car?',
  'Where did you get married?',
  'What street was your house on?',
  'How long did you live there?',
];

/** A story with CONTENT, narrated by the local engine (read-along timings included), by a new user. */
export async function narratedStory() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  const title = `Grandma and the dance hall ${crypto.randomUUID().slice(0, 6)}`;
  const story = (await createStory({ token: login.token }, { title, content: CONTENT })) as StoryDto;
  const timings = await narrateStory(story);
  return { login, story, title, timings };
}

/** Opens the listening player from a new share link of the story, as a link listener; Play can be pressed. */
export async function openSharedPlayer(page: Page, storyId: string, token: string, title: string) {
  const link = await api<{ share_token: string }>('POST', `/api/stories/${storyId}/share-link`, { token });
  await page.goto(url(`/shared/${link.body.share_token}?interactive=true`), {
    waitUntil: 'domcontentloaded',
    timeout: 30_000,
  });
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const play = dialog.getByRole('button', { name: 'Play Story' });
  await expect.poll(() => play.isEnabled(), { timeout: 15_000 }).toBe(true);
  return { dialog, play };
}

export const sentenceTime = (timings: NarrationTimings, word: string) =>
  timings.words.find((w) => w.text === word)!.start;

/** A 390×844 touch phone (as issue 16 measured it), in a context of its own. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
}

/**
 * What spills sideways: the dialog's and the document's scroll widths against their client widths, and
 * every visible element of the dialog whose box reaches past the dialog's or the viewport's edges (the
 * toasts' region is fixed to the viewport, not laid out in the dialog).
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')!;
    const box = dialog.getBoundingClientRect();
    const doc = document.documentElement;
    const spills = [...dialog.querySelectorAll<HTMLElement>('*')]
      .filter((el) => !el.closest('.visually-hidden, .toast-region') && el.getClientRects().length > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > doc.clientWidth);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return {
      dialog: Math.max(0, dialog.scrollWidth - dialog.clientWidth),
      document: Math.max(0, doc.scrollWidth - doc.clientWidth),
      dialogInside: box.left >= 0 && box.right <= doc.clientWidth,
      spills,
    };
  });
}

export async function expectNoOverflow(page: Page) {
  const o = await overflow(page);
  expect(o).toEqual({ dialog: 0, document: 0, dialogInside: true, spills: [] });
}

/** The element's box lies wholly inside the viewport. */
export async function expectOnScreen(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      className: el?.className ?? '',
      sentence: el?.dataset.sentence ?? null,
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 40) ?? '',
    };
  });

export const storyTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? -1);
