import { SECURE_URLS_MAX_PATHS } from '@storyloom/shared/constants';
import { mediaText, SECURE_URL_TTL_SECONDS, type SecureUrlsResponse } from '@storyloom/shared/media';
import type { ShareLinkResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { pngFile, wavFile } from '../support/media-files.ts';
import { expectError, shareWith } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { apiAs, registerAndLogin, type TestUser } from '../support/users.ts';

/**
 * POST /api/storage/secure-urls: the batch form of GET /api/storage/secure-url/{path} (the SPA asks a
 * page's media in one call). Every path gets the single route's check; what the single route would
 * answer 404 for is `null` here, the same for "not yours" and "not there".
 */
type Caller = TestUser & { token: string };
const batch = (paths: unknown, opts: { token?: string; shareToken?: string } = {}) =>
  api<SecureUrlsResponse>('POST', '/api/storage/secure-urls', {
    token: opts.token,
    body: { paths, ...(opts.shareToken ? { share_token: opts.shareToken } : {}) },
  });

async function audioStory(owner: Caller): Promise<StoryDto> {
  const key = await uploadFile(owner, 'story-audio', wavFile(1), 'audio/wav');
  const res = await apiAs<StoryDto>(owner, 'POST', '/api/stories/audio', { title: 'Lullaby', upload_key: key });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
}

/** The presigned URL serves the object's bytes. */
async function expectServes(url: string | undefined, bytes: number) {
  expect(url).toBeTypeOf('string');
  const res = await fetch(url ?? '');
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBe(bytes);
}

describe('POST /api/storage/secure-urls', () => {
  let owner: Caller;
  let family: Caller;
  let stranger: Caller;
  let privateStory: StoryDto;
  let sharedStory: StoryDto;
  let avatar: string;

  beforeAll(async () => {
    [owner, family, stranger] = await Promise.all([registerAndLogin(), registerAndLogin(), registerAndLogin()]);
    [privateStory, sharedStory] = [await audioStory(owner), await audioStory(owner)];
    await shareWith(owner, sharedStory.ID, family.username, 'read');
    const key = await uploadFile(owner, 'profile-image', pngFile(), 'image/png');
    const res = await apiAs(owner, 'POST', '/api/profile/image', { upload_key: key });
    avatar = String(res.body.profile_image_url);
  });

  it('answers each path with its own check: others’ private media null, existing or not, in one call', async () => {
    const made = `users/${owner.id}/stories/${privateStory.ID}/audio/00000000-0000-4000-8000-000000000000.wav`;
    const paths = [
      avatar,
      `users/${owner.id}/avatar/current`,
      sharedStory.audio_url!,
      privateStory.audio_url!,
      made,
      `users/${stranger.id}/../${owner.id}/stories/${privateStory.ID}/audio/x.wav`,
      `https://example.com/${privateStory.audio_url}`,
    ];
    const res = await batch(paths, { token: family.token });
    expect(res.status, res.text).toBe(200);
    const { urls } = res.body;
    expect(Object.keys(urls)).toEqual(paths);
    // Avatars are public, the shared story's audio follows the share.
    for (const path of paths.slice(0, 3)) expect(urls[path]?.expires_in).toBe(SECURE_URL_TTL_SECONDS);
    await expectServes(urls[sharedStory.audio_url!]?.secure_url, wavFile(1).length);
    const picture = await fetch(urls[avatar]?.secure_url ?? '');
    expect(picture.status).toBe(200);
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // The private story's real audio and a made-up key under it answer alike: nothing tells them apart.
    expect(paths.slice(3).map((p) => urls[p])).toEqual([null, null, null, null]);
  });

  it('gives the owner all of their own media, and a share token only its story', async () => {
    const own = await batch([privateStory.audio_url!, sharedStory.audio_url!], { token: owner.token });
    expect(own.status).toBe(200);
    await expectServes(own.body.urls[privateStory.audio_url!]?.secure_url, wavFile(1).length);

    const link = await apiAs<ShareLinkResponse>(owner, 'POST', `/api/stories/${privateStory.ID}/share-link`);
    const visitor = await batch([privateStory.audio_url!, sharedStory.audio_url!], {
      shareToken: link.body.share_token,
    });
    expect(visitor.status).toBe(200);
    expect(visitor.body.urls[privateStory.audio_url!]?.expires_in).toBe(SECURE_URL_TTL_SECONDS);
    expect(visitor.body.urls[sharedStory.audio_url!]).toBeNull();
    // Anonymous without the token, and a stranger signed in: nothing.
    expect((await batch([privateStory.audio_url!])).body.urls).toEqual({ [privateStory.audio_url!]: null });
    expect((await batch([privateStory.audio_url!], { token: stranger.token })).body.urls).toEqual({
      [privateStory.audio_url!]: null,
    });
  });

  it('asks each distinct path once and refuses a bad list with 400 and its message', async () => {
    const twice = await batch([avatar, avatar], { token: stranger.token });
    expect(Object.keys(twice.body.urls)).toEqual([avatar]);
    for (const bad of [
      [],
      'users/x/avatar/a.png',
      [42],
      Array.from({ length: SECURE_URLS_MAX_PATHS + 1 }, () => avatar),
    ]) {
      expectError(await batch(bad), 400, mediaText.secureUrlsPaths);
    }
    expectError(
      await api('POST', '/api/storage/secure-urls', { body: { nothing: true } }),
      400,
      mediaText.secureUrlsPaths,
    );
  });
});
