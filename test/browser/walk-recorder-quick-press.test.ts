import { mediaText } from '@storyloom/shared/media';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open } from './media-support.ts';
import { expectToast } from './stories-support.ts';

/**
 * Stop, then at once Upload Voice Sample (or Save Audio Story): found on a new user's walk at 127.0.0.1 on
 * a phone. The take was still being converted, so the press found no sample; its "record or upload" alert
 * was cleared when the take arrived, and nothing had happened. Both presses are dispatched in one task here,
 * so the page cannot have finished the take in between.
 */
describe.runIf(browserTestsEnabled)('A press right after Stop (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  async function recordUntil(path: string, shown: string) {
    const login = await loginAs(await registerVerifiedUser());
    await signIn(browser.context, login);
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, path);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).getByText(shown).waitFor({ timeout: 15_000 });
    return { page, login };
  }

  const pressStopThen = (page: Page, label: string) =>
    page.evaluate((name: string) => {
      const byText = (text: string) =>
        [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(text)) as HTMLButtonElement;
      byText('Stop Recording').click();
      byText(name).click();
    }, label);

  it('Upload Voice Sample waits for the take and uploads it: the next step asks for the voice name', async () => {
    const { page } = await recordUntil('/profile', '00:06');
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/voice/upload-sample'),
    );
    await pressStopThen(page, 'Upload Voice Sample');
    expect((await uploaded).status()).toBe(200);
    await page.getByLabel('Voice name').waitFor();
  }, 60_000);

  it('Save Audio Story waits for the take and saves the story with it', async () => {
    const { page, login } = await recordUntil('/create-story?type=audio', '00:02');
    const title = `Quick save ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await pressStopThen(page, 'Save Audio Story');
    await expectToast(page, mediaText.audioStoryCreated);
    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: login.token });
    expect(mine.body.stories.map((s) => s.title)).toEqual([title]);
  }, 60_000);
});
