import { serverText } from '@storyloom/shared/messages';
import { photoText, type StoryPhotosResponse } from '@storyloom/shared/photos';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { addPhoto, pngPhoto, settledPhotos } from '../support/photos.ts';
import { createStory, expectError, setPublic, shareWith } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { createAdmin, loginAs, registerAndLogin, type TestUser } from '../support/users.ts';

/**
 * Every photo route called as every kind of caller (docs/media.md, "Photos"): reading follows the story
 * (owner, a share, anyone signed in on a public story, an admin); adding, editing, ordering and removing
 * are the owner's alone. Someone who may read the story gets 403 for a change; anyone else 404, so a
 * private story's existence does not leak; no token is 401.
 */
type Caller = TestUser & { token: string };
const ACTORS = ['anonymous', 'owner', 'other', 'share', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

let callers: Record<Exclude<Actor, 'anonymous'>, Caller>;

beforeAll(async () => {
  const [owner, other, share] = await Promise.all([registerAndLogin(), registerAndLogin(), registerAndLogin()]);
  const adminUser = await createAdmin();
  callers = { owner, other, share, admin: { ...adminUser, token: (await loginAs(adminUser)).token } };
});

/** A story of the owner, private or public, shared (read) with `share`, with two photos. */
async function fixture(visibility: 'private' | 'public') {
  const { owner, share } = callers;
  const story = await createStory(owner, { title: `Photos ${visibility}` });
  if (visibility === 'public') await setPublic(owner, story.ID, true);
  await shareWith(owner, story.ID, share.username, 'read');
  for (const caption of ['first', 'second']) {
    const res = await addPhoto(owner, story.ID, await pngPhoto(), 'image/png', { caption });
    expect(res.status).toBe(201);
  }
  const photos = await settledPhotos(owner, story.ID);
  return { storyId: story.ID, photoIds: photos.map((p) => p.id) };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (fx: Fixture) => string;
  /** The body for `who` (an add needs the caller's own upload). */
  body?: (fx: Fixture, who: Actor) => Promise<unknown> | unknown;
  /** Status per caller on a private and on a public story. */
  expect: Record<'private' | 'public', Record<Actor, number>>;
}

const readRule = {
  private: { anonymous: 401, owner: 200, other: 404, share: 200, admin: 200 },
  public: { anonymous: 401, owner: 200, other: 200, share: 200, admin: 200 },
};
const ownerOnly = (okStatus: number) => ({
  private: { anonymous: 401, owner: okStatus, other: 404, share: 403, admin: 403 },
  public: { anonymous: 401, owner: okStatus, other: 403, share: 403, admin: 403 },
});

const rows: Row[] = [
  { name: 'list photos', method: 'GET', path: (fx) => `/api/stories/${fx.storyId}/photos`, expect: readRule },
  {
    name: 'add a photo',
    method: 'POST',
    path: (fx) => `/api/stories/${fx.storyId}/photos`,
    body: async (_fx, who) => ({
      upload_key:
        who === 'anonymous'
          ? 'users/nobody/uploads/story-photo/00000000-0000-4000-8000-000000000000'
          : await uploadFile(callers[who], 'story-photo', await pngPhoto(), 'image/png'),
      caption: `by ${who}`,
    }),
    expect: ownerOnly(201),
  },
  {
    name: 'edit caption and alt',
    method: 'PUT',
    path: (fx) => `/api/stories/${fx.storyId}/photos/${fx.photoIds[0]}`,
    body: () => ({ caption: 'Changed', alt: 'A green square' }),
    expect: ownerOnly(200),
  },
  {
    name: 'order the photos',
    method: 'PUT',
    path: (fx) => `/api/stories/${fx.storyId}/photo-order`,
    body: (fx) => ({ photo_ids: [...fx.photoIds].reverse() }),
    expect: ownerOnly(200),
  },
  {
    name: 'remove a photo',
    method: 'DELETE',
    path: (fx) => `/api/stories/${fx.storyId}/photos/${fx.photoIds[1]}`,
    expect: ownerOnly(200),
  },
];

describe.each(['private', 'public'] as const)('photo routes on a %s story', (visibility) => {
  it.each(rows)('$name: every caller gets the status the rules give', async (row) => {
    // A fresh story per row: one caller's change cannot decide another's answer (the owner goes last).
    const fx = await fixture(visibility);
    const got: Record<string, number> = {};
    for (const who of ['anonymous', 'other', 'share', 'admin', 'owner'] as const) {
      const body = row.body ? await row.body(fx, who) : undefined;
      const res = await api(row.method, row.path(fx), {
        token: who === 'anonymous' ? undefined : callers[who].token,
        body,
      });
      got[who] = res.status;
      // 401 comes from the authorizer in API Gateway's own shape ({ message }).
      if (res.status >= 400 && res.status !== 401) expect(typeof res.body.error, `${who}: ${res.text}`).toBe('string');
      if (res.status === 403) expect(res.body.error).toBe(serverText.forbidden);
      if (res.status === 404) expect(res.body.error).toBe(storyMessages.notFound);
    }
    expect(got).toEqual(row.expect[visibility]);
  });
});

describe('photo routes: answers and validation', () => {
  it('tells the owner what changed and gives the photos in order; readers never see the original', async () => {
    const { owner, share } = callers;
    const fx = await fixture('private');
    const edit = await api<StoryPhotosResponse>('PUT', `/api/stories/${fx.storyId}/photos/${fx.photoIds[0]}`, {
      token: owner.token,
      body: { caption: '  Grandpa at the lake  ', alt: 'A man in a boat' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe(photoText.updated);
    expect(edit.body.photos[0]).toMatchObject({ caption: 'Grandpa at the lake', alt: 'A man in a boat', order: 0 });

    const order = await api<StoryPhotosResponse>('PUT', `/api/stories/${fx.storyId}/photo-order`, {
      token: owner.token,
      body: { photo_ids: [fx.photoIds[1], fx.photoIds[0]] },
    });
    expect(order.body.message).toBe(photoText.reordered);
    expect(order.body.photos.map((p) => p.caption)).toEqual(['second', 'Grandpa at the lake']);
    expect(order.body.photos.every((p) => p.original_url?.includes('/original.'))).toBe(true);

    const read = await api<StoryPhotosResponse>('GET', `/api/stories/${fx.storyId}/photos`, { token: share.token });
    expect(read.body.photos.map((p) => p.caption)).toEqual(['second', 'Grandpa at the lake']);
    expect(read.body.photos.map((p) => p.original_url)).toEqual([null, null]);
    expect(read.body.photos.every((p) => p.status === 'ready' && p.display_url && p.thumbnail_url)).toBe(true);
  });

  it('refuses long texts, bad ids, unknown photos and a wrong order list with clear messages', async () => {
    const { owner } = callers;
    const fx = await fixture('private');
    const put = (path: string, body: unknown) => api('PUT', path, { token: owner.token, body });
    const photo = `/api/stories/${fx.storyId}/photos/${fx.photoIds[0]}`;
    expectError(await put(photo, { caption: 'x'.repeat(301) }), 400, photoText.captionMax);
    expectError(await put(photo, { alt: 'x'.repeat(251) }), 400, photoText.altMax);
    expectError(await put(photo, { caption: 'ok\u0000' }), 400);
    expectError(await put(`/api/stories/${fx.storyId}/photos/not-an-id`, { caption: 'x' }), 400, photoText.photoId);
    expectError(
      await put(`/api/stories/${fx.storyId}/photos/00000000-0000-4000-8000-000000000000`, { caption: 'x' }),
      404,
      photoText.notFound,
    );
    expectError(await put(`/api/stories/not-a-story/photos/${fx.photoIds[0]}`, {}), 400, storyMessages.storyId);
    const order = `/api/stories/${fx.storyId}/photo-order`;
    expectError(await put(order, { photo_ids: [fx.photoIds[0]] }), 400, photoText.orderList);
    expectError(await put(order, { photo_ids: [fx.photoIds[0], fx.photoIds[0]] }), 400, photoText.orderList);
    expectError(await put(order, { photo_ids: 'all' }), 400, photoText.orderList);
    const add = (body: unknown) => api('POST', `/api/stories/${fx.storyId}/photos`, { token: owner.token, body });
    expectError(await add({}), 400, photoText.uploadMissing);
    expectError(await add({ upload_key: 'users/x/avatar/y.png' }), 400);
    // Someone else's pending upload is not the caller's to use.
    const theirs = await uploadFile(callers.other, 'story-photo', await pngPhoto(), 'image/png');
    expectError(await add({ upload_key: theirs }), 400);
    // An upload of another kind (a profile picture) is not a photo.
    const avatar = await uploadFile(owner, 'profile-image', await pngPhoto(), 'image/png');
    expectError(await add({ upload_key: avatar }), 400);
    expect((await api('GET', `/api/stories/${fx.storyId}/photos`, { token: owner.token })).body.photos).toHaveLength(2);
  });
});
