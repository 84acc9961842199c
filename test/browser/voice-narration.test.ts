import { success } from '@storyloom/shared/messages';
import { VOICE_CONSENT_TEXT, voiceText } from '@storyloom/shared/voice';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open, playAndAdvance } from './media-support.ts';
import { dashboardCard, expectToast, openContext, toasts } from './stories-support.ts';

const CONTENT = 'The summer I turned nine, we drove to the lake in a blue car. My father sang the whole way there.';

describe.runIf(browserTestsEnabled)('Voice and narration (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('record → consent → name → voice ready → banner gone → narrate, play everywhere → regenerate → remove', async () => {
    // Prepare: a user with one text story and no voice.
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const title = `The lake ${crypto.randomUUID().slice(0, 6)}`;
    const story = await createStory({ token: login.token }, { title, content: CONTENT });
    await signIn(browser.context, login);
    const { page } = browser;

    await open(page, '/dashboard');
    await page.getByRole('heading', { name: 'Unlock AI Voice Cloning' }).waitFor();

    // Step 1: record a sample with the text to read aloud in view.
    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Voice and Narration' }).waitFor();
    await expect.poll(() => page.locator('.voice-steps [aria-current="step"]').textContent()).toContain('Step 1');
    await page.locator('.read-aloud').waitFor();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const timer = page.getByRole('timer', { name: 'Recording time' });
    const shown = async () => {
      const m = /(\d\d):(\d\d)/.exec((await timer.textContent()) ?? '');
      return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
    };
    await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThanOrEqual(7);
    // Stop keeps the take (no 'Use this Recording' step any more, issue 18).
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText(/Sample length: 0:0[7-9]/).waitFor();
    // Under 30 s: the gentle warning, and the sample is still taken.
    await page.getByText(voiceText.sampleLengthWarning).first().waitFor();
    await page.getByRole('button', { name: 'Upload Voice Sample' }).click();
    await expectToast(page, success.voiceUploaded);

    // Step 2: name and consent before the first voice.
    await expect.poll(() => page.locator('.voice-steps [aria-current="step"]').textContent()).toContain('Step 2');
    await page.getByLabel('Voice name').fill('Grandpa Joe');
    await page.getByRole('button', { name: 'Create My Voice' }).click();
    await page.getByRole('alert').getByText(voiceText.consentRequired).waitFor();
    await page.getByRole('checkbox', { name: VOICE_CONSENT_TEXT }).check();
    await page.getByRole('button', { name: 'Create My Voice' }).click();
    // The voice is made on the media-jobs queue (the first one also calibrates the local engine).
    await toasts(page).getByText(success.voiceCloned, { exact: true }).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.voice-steps [aria-current="step"]').textContent()).toContain('Step 3');
    await page.getByRole('heading', { name: 'Grandpa Joe' }).waitFor();

    // The dashboard banner is gone now that a voice exists.
    await open(page, '/dashboard');
    await dashboardCard(page, title).waitFor();
    expect(await page.getByRole('heading', { name: 'Unlock AI Voice Cloning' }).count()).toBe(0);

    // The story: choose the own voice, preview it, generate.
    await open(page, `/story/${story.ID}`);
    const voiceSelect = page.getByLabel('Voice', { exact: true });
    await expect.poll(() => voiceSelect.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(2);
    // The own voice is already chosen: the storyteller cloned it to hear their stories in it.
    await expect
      .poll(() => voiceSelect.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent))
      .toBe('Grandpa Joe (your voice)');
    await page.getByRole('button', { name: 'Preview Voice' }).click();
    const preview = page.getByRole('group', { name: 'Voice preview', exact: true }).locator('audio');
    await expect
      .poll(() => preview.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.2);
    await page.getByRole('button', { name: 'Generate Narration' }).click();
    await expectToast(page, voiceText.narrationQueued);
    await page
      .getByText(/Narration queued…|Generating narration…/)
      .first()
      .waitFor();
    await page.getByText('Narrated with Grandpa Joe.').waitFor({ timeout: 30_000 });
    await playAndAdvance(page, 'AI Narration');

    // The dashboard card plays it too, labelled 'AI Narration'.
    await open(page, '/dashboard');
    await playAndAdvance(dashboardCard(page, title), 'AI Narration');

    // An anonymous visitor on the share link hears it.
    const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
      token: login.token,
    });
    const visitor = await openContext(browser.context);
    try {
      await open(visitor.page, `/shared/${link.body.share_token}`);
      await playAndAdvance(visitor.page, 'AI Narration');
    } finally {
      await visitor.context.close();
    }

    // Regenerate with another voice, then remove.
    await open(page, `/story/${story.ID}`);
    await page.getByText('Narrated with Grandpa Joe.').waitFor();
    await voiceSelect.selectOption({ label: 'Local voice — higher' });
    await page.getByRole('button', { name: 'Regenerate with Another Voice' }).click();
    await expectToast(page, success.narrationRegenerating);
    await page.getByText('Narrated with Local voice — higher.').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Remove Narration' }).click();
    await expectToast(page, success.narrationRemoved);
    await page.getByRole('button', { name: 'Generate Narration' }).waitFor();
    const after = await api<{ audio_url: string | null }>('GET', `/api/stories/${story.ID}`, { token: login.token });
    expect(after.body.audio_url).toBeNull();
  }, 180_000);

  it("asks for a voice before generating: 'Please select a voice for the narration.'", async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const story = await createStory({ token: login.token }, { content: CONTENT });
    await signIn(browser.context, login);
    await open(browser.page, `/story/${story.ID}`);
    await browser.page.getByRole('button', { name: 'Generate Narration' }).click();
    await browser.page.getByRole('alert').getByText('Please select a voice for the narration.').waitFor();
  });
});
