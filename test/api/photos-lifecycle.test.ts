import type { SecureUrlsResponse } from '@storyloom/shared/media';
import type { StoryPhotoDto } from '@storyloom/shared/photos';
import type {
  AdminStoriesResponse,
  AuthorPageResponse,
  MyStoriesResponse,
  ShareLinkResponse,
  StoryDto,
} from '@storyloom/shared/schemas/stories';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { addPhoto, jpegPhoto, pngPhoto, settledPhotos, sidewaysPhotoWithGps } from '../support/photos.ts';
import { createStory, setPublic } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { listKeys } from '../support/uploads.ts';
import { createAdmin, loginAs, registerAndLogin } from '../support/users.ts';

/**
 * A photo's life (docs/media.md, "Photos"): the worker's variants (orientation applied, no EXIF/GPS),
 * who may fetch which file, where the photos show (story, shared view, cards, author page, admin), and
 * what removing a photo or deleting the story leaves (nothing).
 */

/** Fetches media paths through the batch secure-url route, as the SPA does; null where refused. */
async function fetchMedia(paths: string[], opts: { token?: string; shareToken?: string } = {}) {
  const res = await api<SecureUrlsResponse>('POST', '/api/storage/secure-urls', {
    token: opts.token,
    body: { paths, ...(opts.shareToken ? { share_token: opts.shareToken } : {}) },
  });
  expect(res.status).toBe(200);
  return Promise.all(
    paths.map(async (path) => {
      const url = res.body.urls[path]?.secure_url;
      if (!url) return null;
      const file = await fetch(url);
      expect(file.status).toBe(200);
      return Buffer.from(await file.arrayBuffer());
    }),
  );
}

describe('a photo through the worker', () => {
  it('is shown upright, without its EXIF or GPS, to a link visitor; its original stays the owner’s', async () => {
    const owner = await registerAndLogin();
    const story = await createStory(owner, { title: 'The pier at Brighton' });
    const added = await addPhoto(owner, story.ID, await sidewaysPhotoWithGps(), 'image/jpeg', {
      caption: 'Grandma on the pier, 1962',
      alt: 'A woman in a summer dress leaning on a railing',
    });
    expect(added.status).toBe(201);
    expect(added.body.photos[0]).toMatchObject({ status: 'processing', display_url: null, thumbnail_url: null });

    const [photo] = await settledPhotos(owner, story.ID);
    expect(photo).toMatchObject({ status: 'ready', width: 400, height: 600 });
    const link = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: owner.token });
    const shareToken = link.body.share_token;

    // The shared view (no login) carries the photo with its texts, never the original.
    const shared = await api<StoryDto>('GET', `/shared/${shareToken}`);
    expect(shared.status).toBe(200);
    const seen = shared.body.photos?.[0] as StoryPhotoDto;
    expect(seen).toMatchObject({
      caption: 'Grandma on the pier, 1962',
      alt: 'A woman in a summer dress leaning on a railing',
      status: 'ready',
      original_url: null,
    });

    const [display, thumbnail, original] = await fetchMedia(
      [seen.display_url!, seen.thumbnail_url!, photo!.original_url!],
      { shareToken },
    );
    expect(original).toBeNull();
    for (const [file, edge] of [
      [display, 600],
      [thumbnail, 400],
    ] as const) {
      const meta = await sharp(file!).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(edge);
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    }
    // The owner gets the original back as uploaded.
    const [mine] = await fetchMedia([photo!.original_url!], { token: owner.token });
    expect((await sharp(mine!).metadata()).orientation).toBe(6);

    // Revoking the link stops new URLs for the variants too.
    await api('DELETE', `/api/stories/${story.ID}/share-link`, { token: owner.token });
    expect(await fetchMedia([seen.display_url!], { shareToken })).toEqual([null]);
  });
});

describe('where photos show', () => {
  it('gives cards, the author page and the admin the first photo as cover, following the order', async () => {
    const owner = await registerAndLogin();
    const adminUser = await createAdmin();
    const admin = { token: (await loginAs(adminUser)).token };
    const story = await createStory(owner, { title: 'Two photos' });
    await setPublic(owner, story.ID, true);
    await addPhoto(owner, story.ID, await jpegPhoto(), 'image/jpeg', { alt: 'The red boat' });
    await addPhoto(owner, story.ID, await pngPhoto(), 'image/png', { alt: 'The green field' });
    const photos = await settledPhotos(owner, story.ID);

    const cover = async () => {
      const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: owner.token });
      const author = await api<AuthorPageResponse>('GET', `/public/author/${owner.id}`);
      const all = await api<AdminStoriesResponse>('GET', '/api/admin/stories?limit=100', { token: admin.token });
      const covers = [
        mine.body.stories.find((s) => s.ID === story.ID)?.cover_photo,
        author.body.stories.find((s) => s.ID === story.ID)?.cover_photo,
        all.body.stories.find((s) => s.ID === story.ID)?.cover_photo,
      ];
      expect(covers[1]).toEqual(covers[0]);
      expect(covers[2]).toEqual(covers[0]);
      return covers[0];
    };
    expect(await cover()).toEqual({ thumbnail_url: photos[0]!.thumbnail_url, alt: 'The red boat' });
    await api('PUT', `/api/stories/${story.ID}/photo-order`, {
      token: owner.token,
      body: { photo_ids: [photos[1]!.id, photos[0]!.id] },
    });
    expect(await cover()).toEqual({ thumbnail_url: photos[1]!.thumbnail_url, alt: 'The green field' });
    // The admin's Read modal reads the whole story: photos included.
    const read = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: admin.token });
    expect(read.body.photos?.map((p) => p.alt)).toEqual(['The green field', 'The red boat']);
    // Removing both leaves no cover.
    for (const p of photos) await api('DELETE', `/api/stories/${story.ID}/photos/${p.id}`, { token: owner.token });
    expect(await cover()).toBeNull();
  });
});

describe('removal', () => {
  it('removing a photo deletes its three files; deleting the story deletes every photo item and file', async () => {
    const owner = await registerAndLogin();
    const story = await createStory(owner, { title: 'Photos to remove' });
    for (const caption of ['one', 'two', 'three'])
      expect((await addPhoto(owner, story.ID, await jpegPhoto(), 'image/jpeg', { caption })).status).toBe(201);
    const photos = await settledPhotos(owner, story.ID);
    const prefix = `users/${owner.id}/stories/${story.ID}/photos/`;
    expect(await listKeys(prefix)).toHaveLength(9);

    const gone = await api('DELETE', `/api/stories/${story.ID}/photos/${photos[0]!.id}`, { token: owner.token });
    expect(gone.status).toBe(200);
    expect((await listKeys(prefix)).some((k) => k.includes(photos[0]!.id))).toBe(false);
    expect(await listKeys(prefix)).toHaveLength(6);
    expect(
      (await api('DELETE', `/api/stories/${story.ID}/photos/${photos[0]!.id}`, { token: owner.token })).status,
    ).toBe(404);

    const items = await scanItemsMentioning([story.ID]);
    expect(items.filter((i) => i.type === 'StoryPhoto')).toHaveLength(2);
    expect((await api('DELETE', `/api/stories/${story.ID}`, { token: owner.token })).status).toBe(200);
    expect(await scanItemsMentioning([story.ID])).toEqual([]);
    expect(await listKeys(`users/${owner.id}/stories/${story.ID}/`)).toEqual([]);
  });
});
