import { mediaText } from '@storyloom/shared/media';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open } from './media-support.ts';

/**
 * Start pressed, then Stop at once (a slip of the thumb, found on the walk through the product): the
 * recorder used to keep a 0:00 take, and Save Audio Story made a story that plays nothing.
 */
describe.runIf(browserTestsEnabled)('A recording under a second (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('is not kept: the recorder says so, and saving asks for a recording instead of making an empty story', async () => {
    const login = await loginAs(await registerVerifiedUser());
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByRole('button', { name: 'Stop Recording' }).click();

    await page.getByRole('alert').getByText(mediaText.recordingTooShort).waitFor();
    await page.getByRole('button', { name: 'Start Recording' }).waitFor();
    expect(await page.getByText(mediaText.recordingKeptStory).count()).toBe(0);

    await page.getByLabel('Title', { exact: true }).fill('Nothing said');
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await page.getByRole('alert').getByText(mediaText.storyAudioMissing).waitFor();
    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: login.token });
    expect(mine.body.stories).toEqual([]);
  });
});
