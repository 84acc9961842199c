import { validation } from '@storyloom/shared/messages';
import { voiceText } from '@storyloom/shared/voice';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { cloneVoice } from '../support/voice.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open } from './media-support.ts';
import { expectToast } from './stories-support.ts';

/**
 * Generate Narration tapped while the voice list is still loading (a new user's walk on a phone): nothing was
 * chosen yet, so the press was answered "Please select a voice", though the storyteller's own voice was chosen
 * a moment later. The button now says it is loading the voices until they are there.
 */
describe.runIf(browserTestsEnabled)('Narrating while the voices load (browser)', () => {
  const browser = useBrowser();

  it('a press while loading is not told to select a voice; once loaded, the own voice is chosen and narrates', async () => {
    const login = await loginAs(await registerVerifiedUser());
    await cloneVoice(login, 'Grandma Ruth');
    const story = await createStory(login, { title: 'The green Chevrolet' });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/voice/available', async (route: Route) => {
      await released;
      await route.continue();
    });

    await open(page, `/story/${story.ID}`);
    const generate = page.getByRole('button', { name: 'Loading voices…' });
    await generate.waitFor();
    // Busy is aria-disabled, which Playwright waits out; a person's tap is not held back.
    await generate.click({ force: true });
    expect(await page.getByText(validation.narrationVoice).count()).toBe(0);

    release();
    const voiceSelect = page.getByLabel('Voice', { exact: true });
    await expect
      .poll(() => voiceSelect.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent))
      .toBe('Grandma Ruth (your voice)');
    await page.getByRole('button', { name: 'Generate Narration' }).click();
    await expectToast(page, voiceText.narrationQueued);
  }, 90_000);
});
