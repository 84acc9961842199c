import { mediaText, validation } from '@storyloom/shared/messages';
import { photoText, STORY_PHOTOS_MAX, type StoryPhotosResponse } from '@storyloom/shared/photos';
import { beforeAll, describe, expect, it } from 'vitest';
import { type HostileFile, hostileFiles } from '../support/hostile-media.ts';
import { sendEverywhere } from '../support/hostile-routes.ts';
import { api } from '../support/http.ts';
import {
  addPhoto,
  animatedGif,
  headerOnlyPng,
  jpegPhoto,
  pngPhoto,
  settledPhotos,
  textAsJpeg,
  webpPhoto,
} from '../support/photos.ts';
import { createStory, expectError } from '../support/stories.ts';
import { listKeys, presign } from '../support/uploads.ts';
import { registerAndLogin } from '../support/users.ts';

/**
 * Photos are checked by content and by their header before anything decodes them (docs/media.md,
 * "Photos"): truncated, lying and bomb pictures, a renamed text file and a 20,000 × 20,000 PNG header
 * are refused with a clear message and leave nothing behind (no file, no photo, no slot); a story takes
 * at most 12 photos.
 */
type Caller = Awaited<ReturnType<typeof registerAndLogin>>;
let owner: Caller;
let hostile: HostileFile[];

beforeAll(async () => {
  owner = await registerAndLogin();
  // The picture files of the media fuzz set, sent as photos, and the ones this issue names.
  const jpeg = await jpegPhoto(320, 200);
  hostile = [
    ...(await hostileFiles())
      .filter((f) => f.contentType.startsWith('image/'))
      .map((f) => ({ ...f, kind: 'story-photo' as const })),
    { name: 'text file named photo.jpg', kind: 'story-photo', contentType: 'image/jpeg', bytes: textAsJpeg() },
    { name: 'png header 20000 × 20000', kind: 'story-photo', contentType: 'image/png', bytes: headerOnlyPng(20_000) },
    {
      name: 'jpeg cut in half',
      kind: 'story-photo',
      contentType: 'image/jpeg',
      bytes: jpeg.subarray(0, jpeg.length / 2),
    },
    {
      name: 'png declared as jpeg, 9000 wide',
      kind: 'story-photo',
      contentType: 'image/jpeg',
      bytes: headerOnlyPng(9_000),
    },
  ];
});

const CLEAR = new Set<string>([mediaText.imageTooLarge, mediaText.imageDamaged, validation.imageType]);
const backend = (method: string, path: string, body?: unknown) =>
  api(method, path, { token: owner.token, body }) as Promise<{
    status: number;
    body: Record<string, unknown> & { error?: string };
  }>;

describe('hostile photos', () => {
  it('refuses each with a 400 and a clear message, before decoding, and keeps nothing', async () => {
    const story = await createStory(owner, { title: 'Hostile photos' });
    const answers: Record<string, string | undefined> = {};
    for (const file of hostile) {
      for (const answer of await sendEverywhere(backend, file, { storyId: story.ID })) {
        expect(answer.status, `${file.name}: ${answer.error}`).toBe(400);
        expect(CLEAR.has(answer.error ?? ''), `${file.name}: ${answer.error}`).toBe(true);
        answers[file.name] = answer.error;
      }
    }
    expect(answers['text file named photo.jpg']).toBe(validation.imageType);
    expect(answers['png header 20000 × 20000']).toBe(mediaText.imageTooLarge);
    expect(answers['jpeg cut in half']).toBe(mediaText.imageDamaged);
    // Nothing stored: no pending upload, no photo file, no photo.
    expect(await listKeys(`users/${owner.id}/`)).toEqual([]);
    const photos = await api<StoryPhotosResponse>('GET', `/api/stories/${story.ID}/photos`, { token: owner.token });
    expect(photos.body.photos).toEqual([]);
  });

  it('refuses other types at the presign with the type message, and files over 20 MB with the size message', async () => {
    expectError(await presign(owner, 'story-photo', 'image/heic', 1000), 400, validation.imageType);
    expectError(await presign(owner, 'story-photo', 'application/pdf', 1000), 400, validation.imageType);
    expectError(await presign(owner, 'story-photo', 'image/jpeg', 20 * 1024 * 1024 + 1), 400, photoText.photoSize);
  });
});

describe('twelve photos at most', () => {
  it('takes 12 photos of every accepted type (refusals took no slot) and refuses the 13th', async () => {
    const story = await createStory(owner, { title: 'Twelve photos' });
    // A refused file first: it must not use up a slot.
    expect((await addPhoto(owner, story.ID, textAsJpeg(), 'image/jpeg')).status).toBe(400);
    const files: Array<[Buffer, string]> = [
      [await jpegPhoto(), 'image/jpeg'],
      [await pngPhoto(), 'image/png'],
      [await webpPhoto(800, 400), 'image/webp'],
      [await animatedGif(), 'image/gif'],
    ];
    for (let i = 0; i < STORY_PHOTOS_MAX; i++) {
      const [bytes, type] = files[i % files.length]!;
      const res = await addPhoto(owner, story.ID, bytes, type, { caption: `Photo ${i + 1}` });
      expect(res.status, res.text).toBe(201);
      expect(res.body.photos).toHaveLength(i + 1);
    }
    const thirteenth = await addPhoto(owner, story.ID, await pngPhoto(), 'image/png', { caption: 'One too many' });
    expectError(thirteenth, 400, photoText.tooMany);
    const photos = await settledPhotos(owner, story.ID);
    expect(photos.map((p) => p.caption)).toEqual(Array.from({ length: 12 }, (_, i) => `Photo ${i + 1}`));
    expect(photos.every((p) => p.status === 'ready')).toBe(true);
    // The refused 13th left no file: 12 photos × (original, display, thumbnail).
    expect(await listKeys(`users/${owner.id}/stories/${story.ID}/photos/`)).toHaveLength(36);
    expect(await listKeys(`users/${owner.id}/uploads/`)).toEqual([]);

    // Removing one frees its slot.
    const removed = await api('DELETE', `/api/stories/${story.ID}/photos/${photos[0]!.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await addPhoto(owner, story.ID, await pngPhoto(), 'image/png')).status).toBe(201);
  });
});
