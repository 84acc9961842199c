import { mediaText } from '@storyloom/shared/media';
import type { ShareLinkResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { mp3File, oggOpusFile, wavFile } from '../support/media-files.ts';
import { shareWith } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { createAdmin, loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open, playAndAdvance } from './media-support.ts';
import { dashboardCard, expectToast, openContext, waitForPath } from './stories-support.ts';

async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login, caller: { token: login.token } };
}

describe.runIf(browserTestsEnabled)('Audio stories: upload, share, listen (browser)', () => {
  const browser = useBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });

  it('uploads an mp3 and an ogg as stories; both play on the dashboard', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    const suffix = crypto.randomUUID().slice(0, 6);
    for (const [name, type, buffer] of [
      [`waltz-${suffix}.mp3`, 'audio/mpeg', mp3File(3)],
      [`hymn-${suffix}.ogg`, 'audio/ogg', oggOpusFile(3)],
    ] as const) {
      await open(page, '/create-story?type=audio');
      await page.getByRole('button', { name: 'Upload a file' }).click();
      await page.getByText('MP3, WAV, M4A, OGG or WebM, up to 25 MB.').waitFor();
      await page.getByLabel('Audio file').setInputFiles({ name, mimeType: type, buffer });
      await page.getByRole('group', { name: 'Preview of the chosen file' }).getByRole('button').waitFor();
      await page.getByLabel('Title').fill(name);
      await page.getByRole('button', { name: 'Save Audio Story' }).click();
      await expectToast(page, mediaText.audioStoryCreated);
      await waitForPath(page, '/dashboard');
    }
    for (const name of [`waltz-${suffix}.mp3`, `hymn-${suffix}.ogg`]) {
      const card = dashboardCard(page, `Audio story: ${name}`);
      await card.waitFor();
      await playAndAdvance(card, 'Audio story', 0.5);
      await card.getByRole('button', { name: 'Pause Audio story' }).click();
    }
  });

  it('refuses a picked file of the wrong kind with the spec message', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/create-story?type=audio');
    await page.getByRole('button', { name: 'Upload a file' }).click();
    await page
      .getByLabel('Audio file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.getByRole('alert').getByText('Please select a valid audio file (MP3, WAV, M4A, OGG, WebM)').waitFor();
  });

  it('a family member with a share and a visitor with the link play it; after revoking, no new URL', async () => {
    // Prepare: an audio story shared with a family member and by link.
    const owner = await newSession();
    const family = await newSession();
    const key = await uploadFile(owner.caller, 'story-audio', wavFile(3), 'audio/wav');
    const created = await api<StoryDto>('POST', '/api/stories/audio', {
      token: owner.login.token,
      body: { title: 'Lullaby for the shared', description: 'Sung by Mum in 1962.', upload_key: key },
    });
    const story = created.body;
    await shareWith(owner.caller, story.ID, family.user.username, 'read');
    const link = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, {
      token: owner.login.token,
    });
    const shareToken = link.body.share_token;

    // Family member on /story/{id}.
    await signIn(browser.context, family.login);
    await open(browser.page, `/story/${story.ID}`);
    await playAndAdvance(browser.page, 'Listen to the story');

    // Anonymous visitor on /shared/{token}.
    const visitor = await openContext(browser.context);
    try {
      await open(visitor.page, `/shared/${shareToken}`);
      await visitor.page.getByText('Sung by Mum in 1962.').waitFor();
      await playAndAdvance(visitor.page, 'Audio story');

      // The owner revokes the link: the visitor cannot get a new URL (nor the story).
      expect((await api('DELETE', `/api/stories/${story.ID}/share-link`, { token: owner.login.token })).status).toBe(
        200,
      );
      const status = await visitor.page.evaluate(
        async ([path, token]) =>
          (await fetch(`/backend/api/storage/secure-url/${path}?share_token=${encodeURIComponent(token)}`)).status,
        [story.audio_url ?? '', shareToken] as const,
      );
      expect(status).toBe(404);
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { name: 'Story Not Found' }).waitFor();
    } finally {
      await visitor.context.close();
    }
  });

  it('renews a media URL that stopped working (expired) instead of showing an error', async () => {
    const owner = await newSession();
    const key = await uploadFile(owner.caller, 'story-audio', wavFile(3), 'audio/wav');
    const created = await api<StoryDto>('POST', '/api/stories/audio', {
      token: owner.login.token,
      body: { title: 'Expiring link', upload_key: key },
    });
    await signIn(browser.context, owner.login);
    const { page } = browser;
    // The first GET of the audio answers as S3 does for an expired presigned URL.
    let refused = 0;
    await page.route(/X-Amz-Signature/, async (route) => {
      if (refused === 0) {
        refused++;
        return route.fulfill({
          status: 403,
          contentType: 'application/xml',
          body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
        });
      }
      return route.continue();
    });
    let secureUrlCalls = 0;
    page.on('request', (req) => {
      // The single route and the batch (POST /api/storage/secure-urls) both count.
      if (req.url().includes('/backend/api/storage/secure-url')) secureUrlCalls++;
    });
    await open(page, `/story/${created.body.ID}`);
    await playAndAdvance(page, 'Listen to the story');
    expect(refused).toBe(1);
    expect(secureUrlCalls).toBeGreaterThanOrEqual(2);
    expect(await page.getByText('Unable to load audio').count()).toBe(0);
  });

  it("edits only title and description with the spec's note; the author page previews 150 characters; admin Read plays it", async () => {
    const owner = await newSession();
    const key = await uploadFile(owner.caller, 'story-audio', wavFile(3), 'audio/wav');
    const description = `Recorded at the farm. ${'The hens were loud that morning. '.repeat(8)}`.trim();
    const created = await api<StoryDto>('POST', '/api/stories/audio', {
      token: owner.login.token,
      body: { title: 'Farm morning', description, upload_key: key },
    });
    const story = created.body;
    await api('PUT', `/api/stories/${story.ID}/privacy`, {
      token: owner.login.token,
      body: { is_public: true, is_private: false },
    });

    // Edit: the player, the note, and only title and description.
    await signIn(browser.context, owner.login);
    const { page } = browser;
    await open(page, `/edit-story/${story.ID}`);
    await page.getByText('Only the title and description of audio stories can be edited.').waitFor();
    await page.getByRole('group', { name: 'Current recording' }).waitFor();
    expect(await page.getByLabel('Description (optional)').inputValue()).toBe(description);
    expect(await page.getByLabel('Location (optional)').count()).toBe(0);

    // Author page: 150 characters of the description.
    await open(page, `/author/${owner.user.id}`);
    const preview = (await page.locator('.story-preview').first().textContent()) ?? '';
    expect(preview.length).toBeLessThanOrEqual(151);
    expect(preview.startsWith('Recorded at the farm.')).toBe(true);

    // Admin Read plays it.
    const admin = await loginAs(await createAdmin());
    const reader = await openContext(browser.context);
    try {
      await signIn(reader.context, admin);
      await open(reader.page, '/admin?tab=stories');
      const panel = reader.page.getByRole('tabpanel', { name: 'Story Management' });
      const row = panel.locator(`tr[data-story-id="${story.ID}"]`);
      for (let i = 0; i < 50 && (await row.count()) === 0; i++) {
        await panel.locator('table').waitFor();
        if ((await row.count()) > 0) break;
        await panel.getByRole('button', { name: 'Load More Stories' }).click();
      }
      await row.getByRole('button', { name: 'Read Farm morning' }).click();
      const dialog = reader.page.getByRole('dialog', { name: 'Farm morning' });
      await playAndAdvance(dialog, 'Audio story');
    } finally {
      await reader.context.close();
    }
  });
});
