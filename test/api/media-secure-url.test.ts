import { SECURE_URL_TTL_SECONDS, type SecureUrlResponse } from '@storyloom/shared/media';
import type { ShareLinkResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { pngFile, wavFile } from '../support/media-files.ts';
import { setPublic, shareWith } from '../support/stories.ts';
import { listKeys, uploadFile } from '../support/uploads.ts';
import { apiAs, createAdmin, loginAs, registerAndLogin, type TestUser, waitForDeletionCode } from '../support/users.ts';

type Caller = TestUser & { token: string };
const secureUrl = (path: string, opts: { token?: string; shareToken?: string } = {}) =>
  api<SecureUrlResponse>(
    'GET',
    `/api/storage/secure-url/${path}${opts.shareToken ? `?share_token=${encodeURIComponent(opts.shareToken)}` : ''}`,
    { token: opts.token },
  );

async function audioStory(owner: Caller): Promise<StoryDto> {
  const key = await uploadFile(owner, 'story-audio', wavFile(1), 'audio/wav');
  const res = await apiAs<StoryDto>(owner, 'POST', '/api/stories/audio', { title: 'Lullaby', upload_key: key });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
}

async function expectReadable(path: string, opts: { token?: string; shareToken?: string } = {}) {
  const res = await secureUrl(path, opts);
  expect(res.status, res.text).toBe(200);
  expect(res.body.expires_in).toBeLessThanOrEqual(15 * 60);
  expect(res.body.expires_in).toBe(SECURE_URL_TTL_SECONDS);
  const expires = Number(new URL(res.body.secure_url).searchParams.get('X-Amz-Expires'));
  expect(expires).toBeLessThanOrEqual(900);
  return res.body.secure_url;
}

const expectNotFound = async (path: string, opts: { token?: string; shareToken?: string } = {}) => {
  const res = await secureUrl(path, opts);
  expect({ status: res.status, error: typeof (res.body as unknown as { error?: unknown }).error }).toEqual({
    status: 404,
    error: 'string',
  });
};

describe('GET /api/storage/secure-url/{path}', () => {
  let owner: Caller;
  let family: Caller;
  let stranger: Caller;
  let story: StoryDto;
  let path: string;

  beforeAll(async () => {
    [owner, family, stranger] = await Promise.all([registerAndLogin(), registerAndLogin(), registerAndLogin()]);
    story = await audioStory(owner);
    path = story.audio_url!;
  });

  it('gives the owner a presigned GET of at most 15 minutes that serves the file, with Range → 206', async () => {
    const url = await expectReadable(path, { token: owner.token });
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect((await whole.arrayBuffer()).byteLength).toBe(wavFile(1).length);
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // The spec's client strips a leading slash; the server does too.
    await expectReadable(`/${path}`, { token: owner.token });
  });

  it('answers 404 to everyone else, whether or not the object exists', async () => {
    await expectNotFound(path);
    await expectNotFound(path, { token: stranger.token });
    await expectNotFound(path, { token: 'not-a-token' });
    await expectNotFound(path.replace(/[0-9a-f-]+\.wav$/, '00000000-0000-4000-8000-000000000000.wav'), {
      token: stranger.token,
    });
    // Made-up paths, even for the owner.
    await expectNotFound(`users/${owner.id}/stories/${story.ID}/audio/nothing.wav`, { token: owner.token });
    await expectNotFound(`users/${owner.id}/avatar/nothing.png`, { token: owner.token });
    await expectNotFound('users/nobody/stories/x/audio/y.wav', { token: owner.token });
  });

  it('refuses ../ tricks, encoded tricks and full URLs with 404', async () => {
    const tricks = [
      `users/${stranger.id}/../${owner.id}/stories/${story.ID}/audio/x.wav`,
      `users/${stranger.id}/stories/..%2F..%2F${owner.id}%2Fstories%2F${story.ID}`,
      `users%2F${owner.id}%2Fstories%2F${story.ID}%2Faudio`,
      `users/${stranger.id}/avatar/%2e%2e/%2e%2e/${owner.id}/stories/${story.ID}/audio/a.wav`,
      encodeURIComponent(`http://127.0.0.1/${path}`),
      `https://example.com/${path}`,
      `..%2f${path}`,
      `./${path}`,
    ];
    for (const trick of tricks) await expectNotFound(trick, { token: stranger.token });
  });

  it('follows the story: shares, public, a live link, admins; revoking or going private stops it at once', async () => {
    await expectNotFound(path, { token: family.token });
    await shareWith(owner, story.ID, family.username, 'read');
    await expectReadable(path, { token: family.token });

    const link = await apiAs<ShareLinkResponse>(owner, 'POST', `/api/stories/${story.ID}/share-link`);
    const shareToken = link.body.share_token;
    await expectReadable(path, { shareToken });
    await expectNotFound(path, { shareToken: `${shareToken.slice(0, -1)}x` });
    await apiAs(owner, 'DELETE', `/api/stories/${story.ID}/share-link`);
    await expectNotFound(path, { shareToken });

    await setPublic(owner, story.ID, true);
    await expectReadable(path);
    await setPublic(owner, story.ID, false);
    await expectNotFound(path);
    await expectNotFound(path, { token: stranger.token });

    const admin = await createAdmin();
    const { token } = await loginAs(admin);
    await expectReadable(path, { token });
  });

  it('serves avatars to anyone and a pending upload only to its owner', async () => {
    const key = await uploadFile(owner, 'profile-image', pngFile(), 'image/png');
    await expectNotFound(key, { token: stranger.token });
    await expectReadable(key, { token: owner.token });
    const res = await apiAs(owner, 'POST', '/api/profile/image', { upload_key: key });
    const avatar = String(res.body.profile_image_url);
    await expectReadable(avatar);
    await expectReadable(avatar, { token: stranger.token });
    // By user id only (comments): the current picture, or 404 for someone without one.
    const current = await expectReadable(`users/${owner.id}/avatar/current`);
    expect(new URL(current).pathname).toContain(avatar);
    await expectNotFound(`users/${stranger.id}/avatar/current`);
  });
});

describe('deleting leaves no objects', () => {
  it('deleting a story deletes its audio', async () => {
    const owner = await registerAndLogin();
    const story = await audioStory(owner);
    const keep = await audioStory(owner);
    expect(await listKeys(`users/${owner.id}/stories/${story.ID}/`)).toHaveLength(1);
    expect((await apiAs(owner, 'DELETE', `/api/stories/${story.ID}`)).status).toBeLessThan(300);
    expect(await listKeys(`users/${owner.id}/stories/${story.ID}/`)).toEqual([]);
    expect(await listKeys(`users/${owner.id}/`)).toEqual([keep.audio_url]);
  });

  it('deleting an account deletes its picture, its audio stories and its pending uploads', async () => {
    const user = await registerAndLogin();
    await audioStory(user);
    const picture = await uploadFile(user, 'profile-image', pngFile(), 'image/png');
    await apiAs(user, 'POST', '/api/profile/image', { upload_key: picture });
    await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    expect(await listKeys(`users/${user.id}/`)).toHaveLength(3);
    expect((await apiAs(user, 'POST', '/api/profile/request-delete-account')).status).toBe(200);
    const code = await waitForDeletionCode(user.email);
    expect((await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code })).status).toBe(200);
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
  });
});
