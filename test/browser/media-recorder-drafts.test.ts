import { mediaText } from '@storyloom/shared/media';
import { success } from '@storyloom/shared/messages';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import { voiceText } from '@storyloom/shared/voice';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '../../web/src/lib/token-storage.ts';
import { api } from '../support/http.ts';
import { pngFile, wavFile } from '../support/media-files.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, logInOnScreen, pathOf, signIn, url, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open } from './media-support.ts';
import { expectToast, waitForPath } from './stories-support.ts';

/**
 * Issue 18, "The recorder never loses a recording": Stop keeps the take, Save uses it, leaving asks,
 * a reload or an expired session offers it back (IndexedDB), a failed save keeps it, logout clears it;
 * the voice-sample recorder on the profile the same. Chromium's fake microphone plays a tone.
 */

async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login };
}

/** Records about `seconds` seconds and waits for the kept take. */
async function record(page: Page, seconds: number, kept: string): Promise<void> {
  await page.getByRole('button', { name: 'Start Recording' }).click();
  // Focus moves to the control that replaced the one pressed, never to the page body.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Stop Recording');
  const timer = page.getByRole('timer', { name: 'Recording time' });
  await expect
    .poll(async () => Number(/00:(\d\d)/.exec((await timer.textContent()) ?? '')?.[1] ?? -1), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(seconds);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await page.getByText(kept).waitFor();
}

/** What a page's browser keeps: recording drafts in IndexedDB, text drafts in local storage. */
function storedDrafts(page: Page): Promise<{ recordings: number; texts: number }> {
  return page.evaluate(async () => {
    const texts = Object.keys(localStorage).filter((k) => k.startsWith('storyloom.draft.')).length;
    const recordings = await new Promise<number>((resolve, reject) => {
      const req = indexedDB.open('storyloom-drafts');
      req.onerror = () => reject(req.error);
      req.onupgradeneeded = () => req.result.createObjectStore('recordings');
      req.onsuccess = () => {
        const db = req.result;
        const count = db.transaction('recordings').objectStore('recordings').count();
        count.onsuccess = () => {
          resolve(count.result);
          db.close();
        };
      };
    });
    return { recordings, texts };
  });
}

/** The session ends while the user works: the server refuses the ID token and the refresh token. */
function endSessionInPage(page: Page): Promise<void> {
  return page.evaluate(
    ([tokenKey, refreshKey]) => {
      const token = localStorage.getItem(tokenKey) ?? '';
      localStorage.setItem(tokenKey, `${token.slice(0, -6)}AAAAAA`);
      localStorage.setItem(refreshKey, 'revoked-refresh-token');
    },
    [TOKEN_KEY, REFRESH_TOKEN_KEY] as const,
  );
}

async function savedAudio(token: string, title: string) {
  const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token });
  return mine.body.stories.find((s) => s.title === title && s.story_type === 'audio');
}

describe.runIf(browserTestsEnabled)('The recorder never loses a recording (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('record, then a navbar link or Back asks first; staying keeps the take, which then saves', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    // Arrive inside the app, so Back is the app's own navigation (the router's blocker holds it).
    await open(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Story' }).click();
    await page.getByRole('link', { name: 'Record or upload audio' }).click();
    await record(page, 1, mediaText.recordingKeptStory);
    // After Stop, focus is on the preview's play button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toBe('Play Preview of your story');

    const dialog = page.getByRole('dialog', { name: 'Leave Without Saving?' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await dialog.getByText(mediaText.leaveRecording).waitFor();
    await dialog.getByRole('button', { name: 'Stay on This Page' }).click();
    // As a person would: Back once the dialog has gone (the router's blocker is armed again by then).
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/create-story');
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on This Page' }).click();
    // Typing reaches the form only once the modal has gone (the page behind it is inert until then).
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(mediaText.recordingKeptStory).waitFor();

    const title = `Kept take ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await expectToast(page, mediaText.audioStoryCreated);
    await waitForPath(page, '/dashboard');
    expect((await savedAudio(login.token, title))?.audio_url).toMatch(/\.wav$/);
    // Saved: no draft is left behind.
    expect(await storedDrafts(page)).toEqual({ recordings: 0, texts: 0 });
  });

  it('while recording, a navbar link asks too; staying goes on recording', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave Without Saving?' });
    await dialog.getByRole('button', { name: 'Stay on This Page' }).click();
    expect(pathOf(page)).toBe('/create-story');
    // Still recording past a second (a take under one is not kept, walk-recorder-too-short.test.ts).
    await page.getByRole('timer', { name: 'Recording time' }).getByText('00:01').waitFor();
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText(mediaText.recordingKeptStory).waitFor();
  });

  it('record, reload: the take and the title are offered back and save', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    page.on('dialog', (d) => void d.accept());
    await open(page, '/create-story?type=audio');
    await record(page, 1, mediaText.recordingKeptStory);
    const title = `After a reload ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Title').fill(title);
    await expect.poll(() => storedDrafts(page)).toEqual({ recordings: 1, texts: 1 });

    await page.reload();
    await page.getByRole('heading', { name: mediaText.recordingDraftTitle }).waitFor();
    await page.getByRole('button', { name: 'Restore Recording' }).click();
    await page.getByText(mediaText.recordingKeptStory).waitFor();
    await page.getByRole('button', { name: 'Restore Draft' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await expectToast(page, mediaText.audioStoryCreated);
    expect(await savedAudio(login.token, title)).toBeDefined();
  });

  it('a failed save says why and keeps the recording; Save again works', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await record(page, 1, mediaText.recordingKeptStory);
    const title = `Second try ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Title').fill(title);
    // The first upload request fails as a server in trouble would.
    await page.route('**/backend/api/media/uploads', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Try later' }) }),
    );
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await page.getByRole('alert').getByText('Try later').waitFor();
    await page.getByText(mediaText.recordingKeptStory).waitFor();
    await page.unroute('**/backend/api/media/uploads');
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await expectToast(page, mediaText.audioStoryCreated);
    expect(await savedAudio(login.token, title)).toBeDefined();
  });

  it('an expired session keeps the take: after logging in again it is back and saves', async () => {
    const { user, login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await record(page, 1, mediaText.recordingKeptStory);
    const title = `Through a login ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Title').fill(title);
    await expect.poll(() => storedDrafts(page)).toEqual({ recordings: 1, texts: 1 });
    await endSessionInPage(page);
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await waitForPath(page, '/login');
    await logInOnScreen(page, user);
    await waitForPath(page, '/create-story');
    await page.getByText(mediaText.recordingKeptStory).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await expectToast(page, mediaText.audioStoryCreated);
    expect(await savedAudio((await loginAs(user)).token, title)).toBeDefined();
  });

  it('the voice-sample recorder keeps its take the same way: asks, offers back, a refused upload keeps it', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    page.on('dialog', (d) => void d.accept());
    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Voice and Narration' }).waitFor();
    await record(page, 2, mediaText.recordingKeptSample);

    const dialog = page.getByRole('dialog', { name: 'Leave Without Saving?' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await dialog.getByRole('button', { name: 'Stay on This Page' }).click();
    await expect.poll(() => storedDrafts(page)).toEqual({ recordings: 1, texts: 0 });

    await page.reload();
    await page.getByRole('button', { name: 'Restore Recording' }).click();
    await page.getByText(mediaText.recordingKeptSample).waitFor();
    // Upload takes the take without another click; the server refuses 2 s, says why, and the take stays.
    await page.getByRole('button', { name: 'Upload Voice Sample' }).click();
    await page.getByRole('alert').getByText(voiceText.sampleTooShort).waitFor();
    await page.getByText(mediaText.recordingKeptSample).waitFor();
    expect(await storedDrafts(page)).toEqual({ recordings: 1, texts: 0 });
  });

  it('logout removes every draft, text and audio (a shared computer)', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await record(page, 1, mediaText.recordingKeptStory);
    await page.getByLabel('Title').fill('Not for the next person');
    await expect.poll(() => storedDrafts(page)).toEqual({ recordings: 1, texts: 1 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Leave Without Saving?' }).waitFor();
    // Staying, then logging out from the profile page: the drafts must not outlive the session.
    await page.getByRole('button', { name: 'Stay on This Page' }).click();
    await open(page, '/profile');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await waitForPath(page, '/login');
    expect(await storedDrafts(page)).toEqual({ recordings: 0, texts: 0 });
  });
});

describe.runIf(browserTestsEnabled)('Uploads from the app opened at 127.0.0.1 (browser)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('an audio story uploads, saves and plays from http://127.0.0.1', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    const at127 = (path: string) => url(path).replace('//localhost:', '//127.0.0.1:');
    await page.goto(at127('/create-story?type=audio'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Upload a file' }).click();
    await page
      .getByLabel('Audio file')
      .setInputFiles({ name: 'song.wav', mimeType: 'audio/wav', buffer: wavFile(2, 16_000, 440) });
    const title = `From 127 ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Title').fill(title);
    const media: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/_media/')) media.push(new URL(req.url()).origin);
    });
    await page.getByRole('button', { name: 'Save Audio Story' }).click();
    await expectToast(page, mediaText.audioStoryCreated);
    const saved = await savedAudio(login.token, title);
    expect(saved).toBeDefined();
    // The upload went to the page's own origin, not to localhost or the S3 stand-in.
    expect(new Set(media)).toEqual(new Set([new URL(at127('/')).origin]));
  });

  it('a profile picture uploads from http://127.0.0.1', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url('/profile').replace('//localhost:', '//127.0.0.1:'), { timeout: 30_000 });
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile() });
    await page.getByText(success.imageUpdated).waitFor();
    // The new picture is shown through a media URL on the same origin.
    const picture = page.locator('img[src*="/_media/"]').first();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await picture.getAttribute('src')) ?? '').hostname).toBe('127.0.0.1');
  });
});
