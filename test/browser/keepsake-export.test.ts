import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportText, keepsakeText } from '@storyloom/shared/messages/keepsake';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { extractTo, sha256, unzip } from '../support/keepsake.ts';
import { waitForMail } from '../support/mailbox.ts';
import { wavFile } from '../support/media-files.ts';
import { addPhoto, pngPhoto, settledPhotos } from '../support/photos.ts';
import { createStory } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { apiAs, loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, logInOnScreen, signIn, url, useBrowser } from './browser.ts';

useServerEnv();
const { putBuild, newBuildId } = await import('@storyloom/functions/data/keepsake-builds');

describe.runIf(browserTestsEnabled)('Download all my stories (browser)', () => {
  const browser = useBrowser();
  const folders: string[] = [];
  afterEach(async () => {
    for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('starts from the profile, shows progress across a reload, downloads the zip, and its index.html shows every story and plays offline', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    const session = await loginAs(user);
    const caller = { token: session.token };
    const bee = await createStory(caller, {
      title: 'The bee summer',
      content: 'My grandmother kept bees behind the house.',
    });
    const photo = await addPhoto(caller, bee.ID, await pngPhoto(240, 180), 'image/png', {
      caption: 'The hives in 1952',
      alt: 'Three white hives',
    });
    expect(photo.status).toBe(201);
    const recording = wavFile(2);
    const key = await uploadFile(caller, 'story-audio', recording, 'audio/wav');
    const audio = await apiAs<StoryDto>(caller, 'POST', '/api/stories/audio', {
      title: 'Lullaby for Anna',
      upload_key: key,
    });
    expect(audio.status).toBe(201);
    const typed = await apiAs(caller, 'PUT', `/api/stories/${audio.body.ID}/transcript`, {
      text: 'Hush now, Anna, the stars are out.',
    });
    expect(typed.status).toBe(200);
    await settledPhotos(caller, bee.ID);
    await signIn(context, session);

    await page.goto(url('/profile'));
    const section = page.getByRole('region', { name: exportText.heading });
    await section.getByRole('button', { name: exportText.start }).click();
    // The queued build shows at once (the page then polls it), and still after a reload.
    await section.getByText(exportText.making).or(section.getByText(exportText.ready)).first().waitFor();
    await page.reload();
    await section.getByText(exportText.making).or(section.getByText(exportText.ready)).first().waitFor();
    await section.getByText(exportText.ready).waitFor({ timeout: 60_000 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: exportText.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^storyloom-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const dir = await mkdtemp(join(tmpdir(), 'keepsake-export-'));
    folders.push(dir);
    const zipPath = join(dir, 'download.zip');
    await download.saveAs(zipPath);
    const files = await unzip(await readFile(zipPath));
    const extracted = join(dir, 'extracted');
    await extractTo(files, extracted);
    expect(sha256(files.get('stories/002-lullaby-for-anna/recording.wav')!)).toBe(sha256(recording));

    // Opened from disk, without Storyloom: every story, and the recording plays.
    const offline = await context.newPage();
    const failed: string[] = [];
    offline.on('requestfailed', (request) => failed.push(request.url()));
    await offline.goto(pathToFileURL(join(extracted, 'index.html')).href);
    for (const title of ['The bee summer', 'Lullaby for Anna']) {
      await offline.getByRole('heading', { level: 2, name: title }).waitFor();
      expect(await offline.getByRole('link', { name: title }).count()).toBe(1);
    }
    expect(await offline.getByText('My grandmother kept bees behind the house.').isVisible()).toBe(true);
    expect(await offline.getByText('Hush now, Anna, the stars are out.').isVisible()).toBe(true);
    const picture = offline.getByRole('img', { name: 'Three white hives' });
    await picture.waitFor();
    await offline.waitForFunction((el) => (el as HTMLImageElement).complete, await picture.elementHandle());
    expect(await picture.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(240);
    expect(await offline.getByText('The hives in 1952').isVisible()).toBe(true);
    const player = offline.locator('article', { hasText: 'Lullaby for Anna' }).locator('audio');
    await player.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      return el.play();
    });
    await offline.waitForFunction(
      (el) => {
        const a = el as HTMLAudioElement;
        return a.error === null && a.readyState >= 2 && (a.currentTime > 0 || a.ended);
      },
      await player.elementHandle(),
    );
    expect(await player.evaluate((el: HTMLAudioElement) => el.error)).toBeNull();
    expect(failed).toEqual([]);

    // The emailed link: the app's download page hands out the same file while it is valid.
    const mail = await waitForMail((m) => m.to.includes(user.email) && m.subject === exportText.email.subject);
    const link = /https?:\/\/\S+\/keepsake\/export\/download\/[0-9a-z]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    // Opened on a device that is not signed in: log in first, then the download starts.
    const elsewhere = await context.browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const mailPage = await elsewhere.newPage();
      await mailPage.goto(url(new URL(link!).pathname));
      await mailPage.waitForURL((u) => u.pathname === '/login');
      const [again] = await Promise.all([mailPage.waitForEvent('download'), logInOnScreen(mailPage, user)]);
      expect(again.suggestedFilename()).toBe(download.suggestedFilename());
      await mailPage.getByText(exportText.downloadStarting).waitFor();
    } finally {
      await elsewhere.close();
    }

    // Before the account is deleted, the deletion dialog offers the same download.
    await page.goto(url('/profile'));
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('heading', { name: exportText.beforeDelete }).waitFor();
    const [fromDialog] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: exportText.download }).click(),
    ]);
    expect(fromDialog.suggestedFilename()).toBe(download.suggestedFilename());
    expect(browser.pageErrors).toEqual([]);
  });

  it('says when a build failed, and makes it again with Try again', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    const session = await loginAs(user);
    await createStory({ token: session.token }, { title: 'Only story' });
    // A build that failed for good, as the worker leaves one after its last try.
    const now = new Date().toISOString();
    await putBuild({
      id: newBuildId(),
      ownerId: user.id,
      kind: 'export',
      status: 'failed',
      progress: { done: 1, total: 3, step: exportText.steps.media },
      error: keepsakeText.failed,
      attempts: 5,
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    });
    await signIn(context, session);
    await page.goto(url('/profile'));
    const section = page.getByRole('region', { name: exportText.heading });
    await section.getByRole('alert').filter({ hasText: keepsakeText.failed }).waitFor();
    await section.getByRole('button', { name: keepsakeText.retry }).click();
    await section.getByText(exportText.ready).waitFor({ timeout: 60_000 });
    expect(await section.getByRole('alert').count()).toBe(0);
    await section.getByRole('button', { name: exportText.download }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });
});
