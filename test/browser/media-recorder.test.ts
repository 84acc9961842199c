import { mediaText } from '@storyloom/shared/media';
import { fallback } from '@storyloom/shared/messages';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open, playAndAdvance, seekTo } from './media-support.ts';
import { dashboardCard, expectToast, waitForPath } from './stories-support.ts';

async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login };
}

describe.runIf(browserTestsEnabled)('Recorder and audio stories (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('records 5 s, previews, saves without another click; the dashboard card plays and seeks (206)', async () => {
    // Prepare
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    const ranged: number[] = [];
    page.on('response', (res) => {
      if (res.request().headers().range && /X-Amz-Signature/.test(res.url())) ranged.push(res.status());
    });
    const title = `Grandpa's song ${crypto.randomUUID().slice(0, 6)}`;

    // Act: record
    await open(page, '/create-story');
    await page.getByRole('link', { name: 'Record or upload audio' }).click();
    await page.getByRole('heading', { name: 'Create an Audio Story' }).waitFor();
    await expect.poll(() => page.getByText('You can record up to 10:00').count()).toBe(1);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const timer = page.getByRole('timer', { name: 'Recording time' });
    // The timer reads "mm:ss / 10:00": the elapsed seconds it shows.
    const shown = async () => {
      const m = /(\d\d):(\d\d)/.exec((await timer.textContent()) ?? '');
      return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
    };
    await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const meter = page.locator('.recorder-level meter');
    await expect.poll(() => meter.evaluate((m: HTMLMeterElement) => m.value), { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(shown, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Stop Recording' }).click();

    // Stop keeps the take: the preview plays the converted WAV, and Save needs nothing more.
    await page.getByText(mediaText.recordingKeptStory).waitFor();
    await playAndAdvance(page, 'Preview of your story');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description (optional)').fill('He sang it every Sunday.');
    await page.getByRole('button', { name: 'Save Audio Story' }).click();

    // Assess
    await expectToast(page, mediaText.audioStoryCreated);
    await waitForPath(page, '/dashboard');
    const card = dashboardCard(page, `Audio story: ${title}`);
    await card.waitFor();
    expect(await card.locator('.story-card-title').textContent()).toContain(`♪ Audio story: ${title}`);
    await card.getByText('He sang it every Sunday.').waitFor();
    await playAndAdvance(card, 'Audio story');
    await seekTo(card, 'Audio story', 3);
    expect(ranged).toContain(206);

    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: login.token });
    const saved = mine.body.stories.find((s) => s.title === title);
    expect(saved?.story_type).toBe('audio');
    expect(saved?.audio_url).toMatch(/\.wav$/);
    // The 16 kHz mono 16-bit WAV of about 5 s: 32,000 bytes a second.
    const secure = await api<{ secure_url: string }>('GET', `/api/storage/secure-url/${saved?.audio_url}`, {
      token: login.token,
    });
    const bytes = (await (await fetch(secure.body.secure_url)).arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(4 * 32_000);
    expect(bytes).toBeLessThan(8 * 32_000);
  });

  it('asks for a title, and for a recording, before uploading anything', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await page.getByRole('alert').getByText('Please provide a title for your story').waitFor();
    await page.getByLabel('Title').fill('No sound yet');
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await page.getByRole('alert').getByText(mediaText.storyAudioMissing).waitFor();
  });
});

describe.runIf(browserTestsEnabled)('Recorder without microphone permission (browser)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs({ grant: false }) });

  it("shows the spec's text when the microphone is denied", async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByRole('alert').getByText(fallback.microphone).waitFor();
    expect(await page.getByRole('button', { name: 'Start Recording' }).isVisible()).toBe(true);
  });
});
