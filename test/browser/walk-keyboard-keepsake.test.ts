import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';

/** The focused element's text, or 'BODY' when the focus fell to the page. */
const focusedText = (page: Page) =>
  page.evaluate(() =>
    document.activeElement === document.body ? 'BODY' : (document.activeElement?.textContent ?? ''),
  );

/**
 * A keyboard-only storyteller makes the zip and the book (the walk through the product): the button pressed
 * waits (busy) while the worker makes the file, instead of vanishing or turning disabled under the focus.
 */
describe.runIf(browserTestsEnabled)('Download and book by keyboard (browser)', () => {
  const browser = useBrowser();

  async function storyteller() {
    const login = await loginAs(await registerVerifiedUser());
    await createStory({ token: login.token }, { title: 'The orchard' });
    await signIn(browser.context, login);
    return browser.page;
  }

  it('Enter on Download all my stories: the focus stays on that button until the zip is ready', async () => {
    const page = await storyteller();
    await page.goto(url('/profile'));
    const section = page.getByRole('region', { name: 'Download all my stories' });
    await section.getByRole('button', { name: 'Download all my stories' }).focus();
    await page.keyboard.press('Enter');
    await section.getByRole('button', { name: 'Download the zip' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => focusedText(page)).toBe('Make a new download');
    // The worker makes the zip: with the whole suite on two cores that can take longer than the default 30 s.
  }, 90_000);

  it('Enter pressed before the last download has loaded starts the zip once it has (it did nothing)', async () => {
    const page = await storyteller();
    // The state of the last download is held until the button has been pressed (a loaded machine's second).
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/backend/api/keepsake/export/latest', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/profile'));
    const section = page.getByRole('region', { name: 'Download all my stories' });
    // The only button there until a zip is ready (its name changes to "Starting…").
    const button = section.getByRole('button');
    expect(await button.textContent()).toBe('Download all my stories');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    expect(await button.textContent()).toBe('Starting…');
    release();
    await section.getByRole('button', { name: 'Download the zip' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => focusedText(page)).toBe('Make a new download');
  }, 90_000);

  it('Enter on Make the book: the focus stays on that button until the book is ready', async () => {
    const page = await storyteller();
    await page.goto(url('/make-book'));
    await page.getByRole('button', { name: 'Make the book' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Download the PDF' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => focusedText(page)).toBe('Make the book');
  }, 90_000);
});
