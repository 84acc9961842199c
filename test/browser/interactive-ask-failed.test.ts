import { interactiveText } from '@storyloom/shared/messages/interactive';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { browserTestsEnabled, url, useBrowser } from './browser.ts';
import { narratedStory } from './interactive-support.ts';

/**
 * A question whose answer cannot be had (fault injection: the question call answered 500 without a text, or
 * not reached at all): the listener reads the spec's 'Failed to get answer', never an empty alert; the question
 * stays in the box with the focus, to ask again; no entry is left waiting. A text the server sends is shown.
 */
describe.runIf(browserTestsEnabled)('A failed question in the player (browser)', () => {
  const browser = useBrowser();

  it('says the answer failed, keeps the question to ask again, and shows the server text when there is one', async () => {
    const { login, story, title } = await narratedStory();
    const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
      token: login.token,
    });
    const { page } = browser;
    await page.goto(url(`/shared/${link.body.share_token}?interactive=true`), { waitUntil: 'domcontentloaded' });
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    const input = dialog.getByLabel('Ask the story a question');
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    const alert = dialog.locator('.interactive-error[role="alert"]');

    const faults = [
      { name: '500 without a text', act: { status: 500, body: '' }, says: interactiveText.answerFailed },
      { name: 'not reached', act: 'abort', says: interactiveText.answerFailed },
      {
        name: "the server's own text",
        act: {
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ error: interactiveText.clientCap }),
        },
        says: interactiveText.clientCap,
      },
    ] as const;
    for (const fault of faults) {
      await page.unrouteAll();
      await page.route('**/backend/shared/interactive/question/**', (route) =>
        fault.act === 'abort' ? route.abort('failed') : route.fulfill(fault.act),
      );
      const question = `Where did you meet grandpa? (${fault.name})`;
      await input.fill(question);
      await input.press('Enter');
      await expect.poll(() => alert.textContent(), { message: fault.name }).toBe(fault.says);
      expect(await input.inputValue()).toBe(question);
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await dialog.locator('.conversation-entry').count()).toBe(0);
    }
    expect(browser.pageErrors).toEqual([]);
  }, 120_000);
});
