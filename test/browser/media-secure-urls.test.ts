import type { StoryDto } from '@storyloom/shared/schemas/stories';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { pngFile, wavFile } from '../support/media-files.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { registerAndLogin } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open } from './media-support.ts';
import { dashboardCard, waitForPath } from './stories-support.ts';

/**
 * Issue 19 ("Throttles for real traffic"): a page of 20 authors' avatars and 10 audio players asks for
 * its media URLs in one or two calls (POST /api/storage/secure-urls, batched by the SPA), each media
 * key once, and asks nothing again when the page is shown again while the URLs are valid. The numbers
 * are in docs/infrastructure.md ("Secure URLs for many media").
 */
const AUTHORS = 20;
const AUDIO = 10;

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

/** An author with a picture who shares one story (an audio story when `audio`) with `viewer`. */
async function seedAuthor(viewer: Session, i: number, audio: boolean, marker: string): Promise<StoryDto> {
  const author = await registerAndLogin();
  const picture = await uploadFile(author, 'profile-image', pngFile(), 'image/png');
  const confirmed = await api('POST', '/api/profile/image', { token: author.token, body: { upload_key: picture } });
  if (confirmed.status !== 200) throw new Error(`profile image: ${confirmed.status} ${confirmed.text}`);
  const title = `${marker} story ${String(i).padStart(2, '0')}`;
  let story: StoryDto;
  if (audio) {
    const key = await uploadFile(author, 'story-audio', wavFile(1), 'audio/wav');
    const res = await api<StoryDto>('POST', '/api/stories/audio', {
      token: author.token,
      body: { title, upload_key: key },
    });
    if (res.status !== 201) throw new Error(`audio story: ${res.status} ${res.text}`);
    story = res.body;
  } else {
    story = await createStory(author, { title });
  }
  await shareWith(author, story.ID, viewer.username, 'read');
  return story;
}

/** Every media key the page asks a secure URL for, one entry per ask, from either form of the call. */
function recordSecureUrlAsks(page: Page) {
  const calls: string[][] = [];
  const throttled: string[] = [];
  page.on('request', (req: Request) => {
    const { pathname } = new URL(req.url());
    const single = /^\/backend\/api\/storage\/secure-url\/(.+)$/.exec(pathname);
    if (single) calls.push([decodeURIComponent(single[1] ?? '')]);
    else if (pathname === '/backend/api/storage/secure-urls' && req.method() === 'POST') {
      calls.push((req.postDataJSON() as { paths: string[] }).paths);
    }
  });
  page.on('response', (res) => {
    if (res.status() === 429) throttled.push(res.url());
  });
  return { calls, throttled, keys: () => calls.flat() };
}

describe.runIf(browserTestsEnabled)('Secure URLs for a page of many media (browser)', () => {
  const browser = useBrowser();

  it('a dashboard of 20 authors’ pictures and 10 players asks each key once, in one or two calls, and none again', async () => {
    const viewer = await registerAndLogin();
    const marker = `Batch ${crypto.randomUUID().slice(0, 6)}`;
    // Seeded through the API, a few authors at a time.
    const stories: StoryDto[] = [];
    for (let i = 0; i < AUTHORS; i += 5) {
      stories.push(
        ...(await Promise.all(Array.from({ length: 5 }, (_, k) => seedAuthor(viewer, i + k, i + k < AUDIO, marker)))),
      );
    }

    await signIn(browser.context, viewer);
    const { page } = browser;
    const asks = recordSecureUrlAsks(page);
    await open(page, '/dashboard');
    const shared = page.locator('.shared-item');
    await expect.poll(() => shared.count(), { timeout: 20_000 }).toBe(AUTHORS);
    // Every card shows its author's picture (not the initial) and every audio story its player, ready.
    const pictures = page.locator('.shared-item img.avatar[data-avatar-size="48"]');
    await expect
      .poll(
        () => pictures.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        { timeout: 20_000 },
      )
      .toBe(AUTHORS);
    const players = page.locator('.shared-item audio[src]');
    await expect.poll(() => players.count(), { timeout: 20_000 }).toBe(AUDIO);

    const expected = [
      ...stories.map((s) => `users/${s.author.id}/avatar/current`),
      ...stories.flatMap((s) => (s.audio_url ? [s.audio_url] : [])),
    ];
    expect(expected).toHaveLength(AUTHORS + AUDIO);
    const asked = asks.keys();
    // Each media key asked exactly once, nothing else, and the whole page in one or two calls.
    expect([...asked].sort()).toEqual([...expected].sort());
    console.info(`secure-URL calls for ${AUTHORS} avatars + ${AUDIO} players: ${asks.calls.length}`);
    expect(asks.calls.length).toBeLessThanOrEqual(2);
    expect(asks.throttled).toEqual([]);

    // Into a story and back (client-side, within the URLs' 15 minutes): nothing asked again.
    const before = asks.calls.length;
    const first = stories[AUTHORS - 1]; // a text story: its link is named by the title alone
    if (!first) throw new Error('no story seeded');
    await dashboardCard(page, first.title).getByRole('link', { name: first.title }).click();
    await waitForPath(page, `/story/${first.ID}`);
    await page.getByRole('heading', { name: first.title }).waitFor();
    await page.goBack();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => players.count()).toBe(AUDIO);
    await expect
      .poll(() =>
        pictures.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(AUTHORS);
    expect(asks.calls.length).toBe(before);
    expect(asks.throttled).toEqual([]);
  });
});
