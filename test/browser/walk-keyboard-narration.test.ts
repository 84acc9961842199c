import { success } from '@storyloom/shared/messages';
import { voiceText } from '@storyloom/shared/voice';
import { describe, expect, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open } from './media-support.ts';
import { expectToast } from './stories-support.ts';

const CONTENT = 'My grandmother kept bees behind the barn. Every August we helped her take the honey.';

/** The page's focused element's text, or 'BODY' when the focus fell to the page. */
const focusedText = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    document.activeElement === document.body ? 'BODY' : (document.activeElement?.textContent ?? ''),
  );

/**
 * A keyboard-only storyteller narrates a story (the walk through the product): Generate and Remove each
 * replace the button pressed, so the focus must stay on the panel's main button, never drop to the body.
 */
describe.runIf(browserTestsEnabled)('Narration by keyboard (browser)', () => {
  const browser = useBrowser();

  it('Enter on Generate keeps the focus through the narration; Enter on Remove brings it back to Generate', async () => {
    const login = await loginAs(await registerVerifiedUser());
    const story = await createStory({ token: login.token }, { title: 'The bees', content: CONTENT });
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, `/story/${story.ID}`);
    const voice = page.getByLabel('Voice', { exact: true });
    await expect.poll(() => voice.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await voice.selectOption({ label: 'Local voice — lower' });

    await page.getByRole('button', { name: 'Generate Narration' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, voiceText.narrationQueued);
    await page.getByText('Narrated with Local voice — lower.').waitFor({ timeout: 30_000 });
    await expect.poll(() => focusedText(page)).toBe('Regenerate with Another Voice');

    await page.getByRole('button', { name: 'Remove Narration' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, success.narrationRemoved);
    await page.getByRole('button', { name: 'Generate Narration' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Generate Narration');
  });
});
