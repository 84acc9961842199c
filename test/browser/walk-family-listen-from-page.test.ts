import { declineText } from '@storyloom/shared/messages/interactive';
import { describe, expect, inject, it } from 'vitest';
import { TOKEN_KEY } from '../../web/src/lib/token-storage.ts';
import { shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { narratedStory, phoneContext, sentenceTime } from './interactive-support.ts';
import { fakeMicrophoneArgs, seekTo } from './media-support.ts';

/**
 * A grandchild listens to the story's AI Narration on a phone, then taps Listen Interactively to ask about what
 * they just heard (the family's walk through the product). The story must not go on playing behind the player
 * (two voices at once), and the player must start where they were: starting at 0:00 made everything already
 * heard "not yet heard".
 */
describe.runIf(browserTestsEnabled)('Listen Interactively after listening on the page (browser)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('pauses the page narration and starts where it was, so a question about it is answered', async () => {
    const { login: owner, story, title, timings } = await narratedStory();
    const grandchild = await registerVerifiedUser();
    await shareWith({ token: owner.token }, story.ID, grandchild.username, 'comment');
    const session = await loginAs(grandchild);
    const context = await phoneContext(browser.context.browser()!);
    try {
      await context.addInitScript(([key, token]) => localStorage.setItem(key, token), [
        TOKEN_KEY,
        session.token,
      ] as const);
      const page = await context.newPage();
      const at = `http://127.0.0.1:${new URL(inject('baseUrl')).port}`;
      await page.goto(`${at}/story/${story.ID}`, { timeout: 30_000 });

      // Past "His car was green.", playing.
      const afterCar = sentenceTime(timings, 'We') + 0.2;
      await page.getByRole('button', { name: 'Play AI Narration' }).tap();
      await seekTo(page, 'AI Narration', afterCar);
      const pageAudio = page.getByRole('group', { name: 'AI Narration', exact: true }).locator('audio');
      expect(await pageAudio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);

      await page.getByRole('button', { name: 'Listen Interactively' }).tap();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await pageAudio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
      const heard = await pageAudio.evaluate((a: HTMLAudioElement) => a.currentTime);
      const storyAudio = dialog.getByRole('group', { name: 'Story', exact: true }).locator('audio');
      await expect
        .poll(() => storyAudio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(heard - 0.05);

      await expect.poll(() => dialog.getByRole('button', { name: 'Ask' }).isEnabled(), { timeout: 15_000 }).toBe(true);
      await dialog.getByRole('textbox').last().fill('What color was his car?');
      await dialog.getByRole('button', { name: 'Ask' }).tap();
      const entry = dialog.locator('li.conversation-entry').filter({ hasText: 'What color was his car?' });
      await entry.waitFor();
      await expect.poll(() => entry.getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
      expect(await entry.textContent()).not.toContain(declineText['not-yet-heard']);
    } finally {
      await context.close();
    }
  });
});
