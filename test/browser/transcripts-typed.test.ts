import { mediaText } from '@storyloom/shared/media';
import type { MyStoriesResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { transcriptText } from '@storyloom/shared/transcripts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { wavFile } from '../support/media-files.ts';
import { storeMachineTranscript } from '../support/transcripts.ts';
import { uploadFile } from '../support/uploads.ts';
import { apiAs, loginAs, registerAndLogin, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open, playerAudio, seekTo } from './media-support.ts';
import { expectToast, waitForPath } from './stories-support.ts';

const cards = (page: Page) => page.locator('article.story-card');
// An audio story's link reads "Audio story: <title>".
const cardOf = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('link', { name: `Audio story: ${title}`, exact: true }) });

/**
 * The search looks at the loaded page only, and the run's server is shared (other files publish stories at the
 * same time): search each page for the word until the story shows, newest first.
 */
async function searchDiscovery(page: Page, term: string, title: string): Promise<Locator> {
  await page.goto(url('/stories'));
  for (let i = 0; i < 20; i++) {
    await cards(page).first().waitFor();
    await page.getByLabel('Search the stories on this page').fill(term);
    // The filter has run once the count of matches is said.
    await page.getByText(/stories on this page match\./).waitFor();
    const card = cardOf(page, title);
    if ((await card.count()) > 0) return card;
    await page.getByLabel('Search the stories on this page').fill('');
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = page.url();
    await next.click();
    await expect.poll(() => page.url()).not.toBe(before);
  }
  throw new Error(`"${title}" is not found by "${term}" on the discovery pages`);
}

describe.runIf(browserTestsEnabled)('Transcripts of recorded stories (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('a recorded story gets a typed transcript, shown under its player and found on /stories by its words', async () => {
    // Prepare: record a short story (no speech-to-text key on this server: the storyteller types it).
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    await signIn(browser.context, login);
    const { page } = browser;
    const marker = crypto.randomUUID().slice(0, 8);
    const title = `Sunday song ${marker}`;
    const word = `Zanzibarquay${marker}`;
    await open(page, '/create-story?type=audio');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const timer = page.getByRole('timer', { name: 'Recording time' });
    await expect.poll(async () => /00:0[2-9]/.test((await timer.textContent()) ?? ''), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText(mediaText.recordingKeptStory).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await expectToast(page, mediaText.audioStoryCreated);
    await waitForPath(page, '/dashboard');
    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: login.token });
    const story = mine.body.stories.find((s) => s.title === title)!;

    // Act: the owner types the transcript under the player.
    await page.goto(url(`/story/${story.ID}`));
    await page.getByText(transcriptText.noneOwner).waitFor();
    await page.getByRole('button', { name: transcriptText.add }).click();
    const said = `We sang at the harbour every Sunday. The boats came in from ${word} before noon.`;
    // Blank is refused with the feature's own text before anything is sent.
    await page.getByRole('button', { name: transcriptText.save }).click();
    await page.getByRole('alert').getByText(transcriptText.required).waitFor();
    await page.getByLabel(transcriptText.fieldLabel).fill(said);
    await page.getByRole('button', { name: transcriptText.save }).click();
    await expectToast(page, transcriptText.saved);

    // Assess: under the player, labelled as typed (not machine-made).
    const section = page.getByRole('region', { name: transcriptText.heading });
    await section.getByText(said).waitFor();
    expect(await section.getByText(transcriptText.typed).count()).toBe(1);
    expect(await page.getByText(transcriptText.machineMade, { exact: true }).count()).toBe(0);
    const below = await page.evaluate(() => {
      const player = document.querySelector('.story-audio');
      const transcript = document.querySelector('section.transcript');
      return Boolean(
        player && transcript && player.compareDocumentPosition(transcript) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(below).toBe(true);

    // Public, it is found on /stories by a word only its transcript holds; its shared view shows the transcript.
    const privacy = await api('PUT', `/api/stories/${story.ID}/privacy`, {
      token: login.token,
      body: { is_public: true },
    });
    expect(privacy.status).toBe(200);
    const card = await searchDiscovery(page, word.toLowerCase(), title);
    await expect.poll(() => cards(page).count()).toBe(1);
    // Without a description the card shows the transcript's start.
    expect(await card.locator('.story-snippet').textContent()).toMatch(/^We sang at the harbour every Sunday\./);
    await card.getByRole('link', { name: `Audio story: ${title}`, exact: true }).click();
    await waitForPath(page, `/shared/${story.ID}`);
    await page.getByRole('region', { name: transcriptText.heading }).getByText(said).waitFor();
    expect(await page.getByRole('button', { name: 'Listen Interactively' }).count()).toBe(1);
  });
});

describe.runIf(browserTestsEnabled)('A machine transcript under the player (browser)', () => {
  const browser = useBrowser();

  it('is labelled machine-made, follows the recording as it plays, and loses the label once edited', async () => {
    // Prepare: a 9 s recording whose speech-to-text words (three sentences) are stored as the worker stores them.
    const owner = await registerAndLogin();
    const key = await uploadFile(owner, 'story-audio', wavFile(9), 'audio/wav');
    const created = await apiAs<StoryDto>(owner, 'POST', '/api/stories/audio', { title: 'The ferry', upload_key: key });
    const story = created.body;
    const said =
      'We took the ferry to the island every August. ' +
      'My mother packed egg sandwiches in brown paper. ' +
      'The captain let me ring the bell as we came in.';
    await storeMachineTranscript(story, said, 9);
    await signIn(browser.context, owner);
    const { page } = browser;

    // Act / Assess: the label and what it means, under the player.
    await page.goto(url(`/story/${story.ID}`));
    const section = page.getByRole('region', { name: transcriptText.heading });
    await section.getByText(transcriptText.machineMade, { exact: true }).waitFor();
    await section.getByText(transcriptText.machineMadeNote).waitFor();
    // The read-along: each sentence plays from its own time; the one being said is highlighted.
    const sentence = (n: number) => section.locator(`[data-sentence="${n}"]`);
    await sentence(3).waitFor();
    const audio = playerAudio(page, 'Listen to the story');
    await sentence(3).click();
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(5.5);
    await expect.poll(() => sentence(3).getAttribute('aria-current')).toBe('true');
    expect(await sentence(1).getAttribute('aria-current')).toBeNull();
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await seekTo(page, 'Listen to the story', 0.5);
    await expect.poll(() => sentence(1).getAttribute('aria-current')).toBe('true');

    // The owner corrects a word: the label goes, the read-along stays (the words kept keep their times).
    await page.getByRole('button', { name: transcriptText.edit }).click();
    const field = page.getByLabel(transcriptText.fieldLabel);
    expect(await field.inputValue()).toBe(said);
    await field.fill(said.replace('egg sandwiches', 'cress sandwiches'));
    await page.getByRole('button', { name: transcriptText.save }).click();
    await expectToast(page, transcriptText.saved);
    await section.getByText(transcriptText.edited, { exact: true }).waitFor();
    expect(await section.getByText(transcriptText.machineMade, { exact: true }).count()).toBe(0);
    await section.getByText('My mother packed cress sandwiches in brown paper.').waitFor();
    await sentence(3).waitFor();
  });
});
